import {
  fromTheBusiness,
  LOCALES,
  MONTH_NAMES,
  pageLinkIn,
  phoneNumberOf,
  planJobTitleIn,
  planVisitPagePath,
  type Job,
  type Language,
  withAccountLine,
} from '@washdesk/contract';
import type { CustomerLanguages } from '../customers/customer-languages.ts';
import type { JobRepository } from '../jobs/job.repository.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { TextsService } from '../texts/texts.service.ts';
import type { Clock } from '../time.ts';
import type { PlanVisitLinks } from './plan-visit-links.ts';
import type { ServicePlanRepository } from './service-plan.repository.ts';

// The re-service reminder: when a plan's job is due, the customer is asked to pick a slot from a
// link. It is queued in the outbox with the due instant when the season makes the job (a text
// through the texts feature, so STOP, consent and quiet hours apply and it shows on their thread;
// an e-mail when they gave one). Its key names the job, so a second season run queues nothing
// new; just before it goes, the gate checks the job is still waiting and its plan still active.

export const PLAN_REMINDER_TEMPLATE = 'plan-reminder';

export function planReminders(deps: {
  outbox: Outbox;
  texts: Pick<TextsService, 'queueText'>;
  links: PlanVisitLinks;
  jobs: Pick<JobRepository, 'get'>;
  plans: Pick<ServicePlanRepository, 'get'>;
  publicUrl: () => string;
  businessName: string;
  /** The customer's language: the reminder is written in it. */
  languages?: Pick<CustomerLanguages, 'languageOf'>;
  clock: Clock;
}) {
  const { outbox } = deps;
  const keyOf = (job: Job, channel: 'text' | 'email') => `${PLAN_REMINDER_TEMPLATE}:${job.id}:${channel}`;
  const monthOf = (job: Job, language: Language) => {
    const [year, month] = (job.dueMonth ?? '').split('-').map(Number);
    if (language === 'en') return `${MONTH_NAMES[(month ?? 1) - 1]} ${year}`;
    // "diciembre de 2026": the month's name through Intl, mid-month so no time zone moves it.
    return new Intl.DateTimeFormat(LOCALES[language], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      Date.UTC(year ?? 2000, (month ?? 1) - 1, 15),
    );
  };

  const firstName = (job: Job) => job.customerName.trim().split(/\s+/)[0] ?? '';

  /** Queues the job's reminder (once per channel, ever) to go at `dueAt`. */
  function remind(job: Job, dueAt: number) {
    const phone = phoneNumberOf(job.customerPhone);
    const planned: ('text' | 'email')[] = [];
    // Only what this server can send is planned: without Twilio or SMTP nothing is queued.
    if (outbox.configured.text && phone) planned.push('text');
    if (outbox.configured.email && job.customerEmail) planned.push('email');
    const fresh = planned.filter((channel) => !outbox.repository.byKey(keyOf(job, channel)));
    if (!fresh.length) return;
    const now = deps.clock();
    const language = deps.languages?.languageOf({ phone: job.customerPhone, email: job.customerEmail }) ?? 'en';
    const link = pageLinkIn(
      `${deps.publicUrl()}${planVisitPagePath(deps.links.mint(job.id, new Date(now).toISOString()))}`,
      language,
    );
    const name = firstName(job) ? ` ${firstName(job)}` : '';
    // The plan's title in the customer's language ("lavado de casa"); staff's screens keep English.
    const title = planJobTitleIn(job, language);
    // The customer's own page last (issue 36; why /account and not a sign-in link: account-line.ts).
    const body = withAccountLine(
      fromTheBusiness(
        deps.businessName,
        language === 'es'
          ? `Hola${name}, su ${title} toca este ${monthOf(job, language)}. ` +
              `Elija el día y la hora que le convengan: ${link}`
          : `Hi${name}, your ${title} is due this ${monthOf(job, language)}. ` +
              `Pick a day and time that suit you: ${link}`,
      ),
      deps.publicUrl(),
      language,
    );
    const about = `job:${job.id}`;
    for (const channel of fresh) {
      if (channel === 'text')
        deps.texts.queueText({
          to: phone!,
          body,
          key: keyOf(job, 'text'),
          template: PLAN_REMINDER_TEMPLATE,
          sender: 'automatic',
          automatic: true,
          about,
          dueAt: new Date(dueAt),
        });
      else
        outbox.queue({
          idempotencyKey: keyOf(job, 'email'),
          channel: 'email',
          recipient: job.customerEmail!,
          template: PLAN_REMINDER_TEMPLATE,
          about,
          subject: language === 'es' ? `Es hora de su ${title}` : `Time for your ${title}`,
          body,
          dueAt: new Date(dueAt),
        });
    }
  }

  outbox.addGate((message) => {
    if (message.template !== PLAN_REMINDER_TEMPLATE) return { action: 'send' };
    const job = deps.jobs.get(Number(message.about?.split(':')[1]));
    if (!job || job.status !== 'unscheduled')
      return { action: 'cancel', reason: 'The visit is already booked' };
    const plan = job.planId === null ? undefined : deps.plans.get(job.planId);
    if (plan?.status !== 'active') return { action: 'cancel', reason: 'The service plan was stopped' };
    return { action: 'send' };
  });
  /** Cancels the job's reminders not yet sent (its plan changed month or stopped). */
  const cancel = (jobId: number, reason: string) =>
    outbox.repository.cancelAboutExcept(`job:${jobId}`, PLAN_REMINDER_TEMPLATE, [], reason);
  return { remind, cancel };
}
export type PlanReminders = ReturnType<typeof planReminders>;
