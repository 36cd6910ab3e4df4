import { randomUUID } from 'node:crypto';
import { fromTheBusiness, phoneNumberOf, visitCalled } from '@washdesk/contract';
import type { Config } from '../config.ts';
import { visitDayText } from '../reminders/visit-reminders.ts';
import type { TextsService } from '../texts/texts.service.ts';

// What the board tells a customer, in their words, through the one outbox (texts.queueText →
// the gated sender in texts/business-texts.ts: STOP, consent and quiet hours are applied there).
// A free estimate reads "your free estimate"; a job reads its own title, "your house wash".

export const VISIT_MOVED_TEMPLATE = 'visit-moved';
export const ON_MY_WAY_TEMPLATE = 'on-my-way';

/** "your free estimate" / "your house wash": what a customer reads a visit as is one rule (visitCalled). */
export function visitWords(visit: { kind: 'estimate' | 'job'; title: string }): string {
  const called = visitCalled({ kind: visit.kind, jobTitle: visit.title, serviceLabel: visit.title });
  return `your ${visit.kind === 'job' ? called.toLowerCase() : called}`;
}

export function customerNotices(deps: {
  config: Pick<Config, 'timeZone' | 'business'>;
  texts: Pick<TextsService, 'queueText'>;
  /** Whether this server can text at all (no Twilio: nothing is queued, nothing is claimed). */
  canText: () => boolean;
}) {
  const { business, timeZone } = deps.config;
  const send = (phone: string, body: string, key: string, template: string, automatic: boolean) => {
    const to = phoneNumberOf(phone);
    if (!to || !deps.canText()) return false;
    deps.texts.queueText({
      to,
      body: fromTheBusiness(business.name, body),
      key,
      template,
      sender: 'automatic',
      automatic,
      about: null,
    });
    return true;
  };
  return {
    /**
     * The visit now stands at another day or hour. Each move is its own decision (its own key), so
     * moving it back and forth tells the customer each time; quiet hours hold a late-evening move
     * till morning.
     */
    visitMoved(visit: {
      id: number;
      kind: 'estimate' | 'job';
      title: string;
      customerPhone: string;
      date: string;
      time: string;
    }) {
      const when = `${visitDayText(visit.date, timeZone)} at ${visit.time}`;
      return send(
        visit.customerPhone,
        `we've moved ${visitWords(visit)} to ${when}. Questions? Call us at ${business.phone}.`,
        `${VISIT_MOVED_TEMPLATE}:${visit.id}:${randomUUID()}`,
        VISIT_MOVED_TEMPLATE,
        true,
      );
    },
    /** "On my way": once per job, at once (the crew is already driving, quiet hours or not). */
    onMyWay(job: { id: number; title: string; customerPhone: string }) {
      return send(
        job.customerPhone,
        `we're on our way for ${visitWords({ kind: 'job', title: job.title })}. See you soon!`,
        `${ON_MY_WAY_TEMPLATE}:${job.id}`,
        ON_MY_WAY_TEMPLATE,
        false,
      );
    },
  };
}
export type CustomerNotices = ReturnType<typeof customerNotices>;
