import { Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Assistant } from '../assistant/assistant-turn.ts';
import type { CallRepository } from '../calls/call.repository.ts';
import type { OutboxRepository } from '../outbox/outbox.repository.ts';
import type { TextRepository } from '../texts/text.repository.ts';
import type { SentQuoteRepository } from '../quote-sending/sent-quote.repository.ts';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import { appointmentRules } from '../appointments/appointment-rules.ts';
import type { EventBus } from '../events/event-bus.ts';
import { afterTheJob } from '../follow-ups/after-the-job.ts';
import { quoteFollowUps } from '../follow-ups/quote-follow-ups.ts';
import { createOutbox } from '../outbox/outbox.ts';
import type { PublicUrl } from '../phone/public-url.ts';
import type { BusinessTexts } from '../texts/business-texts.ts';
import { visitAnswerBook } from '../reminders/visit-answer-book.ts';
import { visitAnswers } from '../reminders/visit-answers.ts';
import { visitLinks } from '../reminders/visit-links.ts';
import { visitPageRoutes } from '../reminders/visit-page.routes.ts';
import { visitPageService } from '../reminders/visit-page.service.ts';
import { visitReminders } from '../reminders/visit-reminders.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import { followThroughSettings } from '../texts/follow-through-settings.ts';
import { missedCallTextBack } from '../texts/missed-call-text-back.ts';
import { TEXT_WEBHOOKS } from '../texts/text-webhook-paths.ts';
import { textWebhookRoutes } from '../texts/text-webhook.routes.ts';
import { textsRoutes } from '../texts/texts.routes.ts';
import { textsService } from '../texts/texts.service.ts';
import type { Clock } from '../time.ts';
import type { TwilioWebhooks } from '../webhooks/twilio.adapter.ts';
import type { FeatureLifecycle } from '../feature-lifecycle.ts';

/**
 * The follow-through (issue 25): every automatic message through one durable outbox (startServer
 * runs its scheduler), texts on the business number (Twilio's messaging webhooks and the Texts
 * screen), missed-call text-back, visit reminders and the customer's visit page, quote follow-ups
 * and after-the-job messages. Others get the outbox and texts (the customer timeline reads them),
 * and quote sending plans follow-ups through `planFollowUps`.
 */
export function followThroughFeature(deps: {
  db: Db;
  config: Config;
  /** The business's one text sender (null when Twilio is not configured). */
  businessTexts: BusinessTexts | null;
  publicUrl: PublicUrl;
  events: EventBus;
  settings: SettingsRepository;
  appointments: AppointmentRepository;
  assistant: Assistant;
  /** The texts' and the outbox's tables, built once in app.ts (the customer timeline reads both). */
  textMessages: TextRepository;
  outboxMessages: OutboxRepository;
  /** The calls table's owner: the missed-call text-back's call, and who has called us. */
  calls: Pick<CallRepository, 'get' | 'calledFrom'>;
  /** Quote sending's record, which quote follow-ups follow. */
  sentQuotes: Pick<SentQuoteRepository, 'forFollowUp'>;
  logger: Logger;
  clock?: Clock;
  /** The webhook inbox's Twilio side: incoming texts and delivery reports go through it. */
  webhooks: TwilioWebhooks;
  /** How often the outbox scheduler looks for due messages (real time; default 15 s). */
  outboxPassEveryMs?: number;
}) {
  const { db, config, events, settings, appointments, logger, clock } = deps;
  const publicUrl = deps.publicUrl.get;
  const report = (what: string) => (error: unknown) => logger.error({ err: error }, what);
  const outbox = createOutbox({
    repository: deps.outboxMessages,
    config,
    texts: deps.businessTexts,
    statusCallbackUrl: () => `${publicUrl()}${TEXT_WEBHOOKS.messageStatus}`,
    clock,
    logger,
    changed: (message) => texts.outboxChanged(message),
    quietHours: () => followThroughSettings(settings).quietHours(),
  });
  const texts = textsService({
    repo: deps.textMessages,
    config,
    outbox,
    events,
    clock,
    assistant: deps.assistant,
    settings,
    report: report('the assistant did not answer a text'),
  });
  const router = Router();
  router.use(textWebhookRoutes({ webhooks: deps.webhooks, texts }));
  // A saved change of the automatic messages re-plans the visits still to come.
  router.use(textsRoutes(texts, settings, outbox, () => reminders.replanUpcoming()));
  missedCallTextBack({
    calls: deps.calls,
    events,
    texts,
    settings,
    business: config.business,
    timeZone: config.timeZone,
    publicUrl,
    clock,
    report: report('missed-call text-back not queued'),
  });
  // Visit reminders carry a link to the customer's visit page; its answers and "C"/"R" texts have one owner.
  const links = visitLinks(db);
  const answers = visitAnswerBook({ db, events, clock });
  const reminders = visitReminders({
    appointments,
    config,
    outbox,
    texts,
    events,
    links,
    publicUrl,
    settings,
    clock,
    report: report('visit reminders not planned'),
  });
  visitAnswers({ outbox: outbox.repository, appointments, config, texts, answers, clock });
  router.use(
    visitPageRoutes(
      visitPageService({
        links,
        appointments,
        rules: appointmentRules(appointments, config.timeZone, clock ?? Date.now),
        answers,
        business: { name: config.business.name, phone: config.business.phone },
      }),
      config.rateLimitPerMinute,
    ),
  );
  afterTheJob({
    appointments,
    config,
    outbox,
    texts,
    events,
    settings,
    clock,
    report: report('after-the-job messages not queued'),
  });
  const followUps = quoteFollowUps({ sentQuotes: deps.sentQuotes, config, outbox, texts, settings, clock });
  router.use(followUps.router);
  const lifecycle: FeatureLifecycle = {
    name: 'outbox scheduler',
    // Due messages (and any a crash left mid-send) go out from the first pass on.
    start: () => outbox.scheduler.start(deps.outboxPassEveryMs),
    // The assistant's text answers under way are queued first, then the send under way finishes.
    stop: async () => {
      await texts.settled();
      await outbox.scheduler.stop();
    },
  };
  return { router, outbox, texts, planFollowUps: followUps.plan, lifecycle };
}
