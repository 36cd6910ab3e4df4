import { randomUUID } from 'node:crypto';
import {
  fromTheBusiness,
  phoneNumberOf,
  visitCalled,
  type InBothLanguages,
  type Language,
  withAccountLine,
} from '@washdesk/contract';
import type { CustomerLanguages } from '../customers/customer-languages.ts';
import type { Config } from '../config.ts';
import { visitDayText } from '../reminders/visit-reminders.ts';
import type { TextsService } from '../texts/texts.service.ts';

// What the board tells a customer, in their words, through the one outbox (texts.queueText →
// the gated sender in texts/business-texts.ts: STOP, consent and quiet hours are applied there).
// A free estimate reads "your free estimate"; a job reads its own title, "your house wash".

export const VISIT_MOVED_TEMPLATE = 'visit-moved';
export const ON_MY_WAY_TEMPLATE = 'on-my-way';

/** "your free estimate" / "your house wash": what a customer reads a visit as is one rule (visitCalled). */
export function visitWords(visit: { kind: 'estimate' | 'job'; title: string }, language: Language = 'en'): string {
  if (language === 'es') return visit.kind === 'job' ? `su ${visit.title.toLowerCase()}` : 'su estimado gratis';
  const called = visitCalled({ kind: visit.kind, jobTitle: visit.title, serviceLabel: visit.title });
  return `your ${visit.kind === 'job' ? called.toLowerCase() : called}`;
}

/** The board's two messages in both languages. */
const NOTICES: InBothLanguages<{
  moved: (what: string, day: string, time: string, phone: string) => string;
  onMyWay: (what: string) => string;
}> = {
  en: {
    moved: (what, day, time, phone) => `we've moved ${what} to ${day} at ${time}. Questions? Call us at ${phone}.`,
    onMyWay: (what) => `we're on our way for ${what}. See you soon!`,
  },
  es: {
    moved: (what, day, time, phone) =>
      `cambiamos ${what} al ${day} a las ${time}. ¿Preguntas? Llámenos al ${phone}.`,
    onMyWay: (what) => `vamos en camino para ${what}. ¡Nos vemos pronto!`,
  },
};

export function customerNotices(deps: {
  config: Pick<Config, 'timeZone' | 'business'>;
  texts: Pick<TextsService, 'queueText'>;
  /** Whether this server can text at all (no Twilio: nothing is queued, nothing is claimed). */
  canText: () => boolean;
  /** The customer's language: each message is written in it. */
  languages?: Pick<CustomerLanguages, 'languageOf'>;
  /** Our public address: each notice ends with the customer's own page (issue 36, account-line.ts). */
  publicUrl: () => string;
}) {
  const languageOf = (phone: string): Language => deps.languages?.languageOf({ phone }) ?? 'en';
  const { business, timeZone } = deps.config;
  const send = (phone: string, body: string, key: string, template: string, automatic: boolean) => {
    const to = phoneNumberOf(phone);
    if (!to || !deps.canText()) return false;
    deps.texts.queueText({
      to,
      body: withAccountLine(fromTheBusiness(business.name, body), deps.publicUrl(), languageOf(phone)),
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
      const language = languageOf(visit.customerPhone);
      return send(
        visit.customerPhone,
        NOTICES[language].moved(
          visitWords(visit, language),
          visitDayText(visit.date, timeZone, language),
          visit.time,
          business.phone,
        ),
        `${VISIT_MOVED_TEMPLATE}:${visit.id}:${randomUUID()}`,
        VISIT_MOVED_TEMPLATE,
        true,
      );
    },
    /** "On my way": once per job, at once (the crew is already driving, quiet hours or not). */
    onMyWay(job: { id: number; title: string; customerPhone: string }) {
      return send(
        job.customerPhone,
        NOTICES[languageOf(job.customerPhone)].onMyWay(
          visitWords({ kind: 'job', title: job.title }, languageOf(job.customerPhone)),
        ),
        `${ON_MY_WAY_TEMPLATE}:${job.id}`,
        ON_MY_WAY_TEMPLATE,
        false,
      );
    },
  };
}
export type CustomerNotices = ReturnType<typeof customerNotices>;
