import { Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Assistant } from '../assistant/assistant-turn.ts';
import type { CallRepository } from '../calls/call.repository.ts';
import type { CustomerLanguages } from '../customers/customer-languages.ts';
import type { OutboxRepository } from '../outbox/outbox.repository.ts';
import { createOutbox } from '../outbox/outbox.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { PublicUrl } from '../phone/public-url.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { Clock } from '../time.ts';
import type { TwilioWebhooks } from '../webhooks/twilio.adapter.ts';
import type { FeatureLifecycle } from '../feature-lifecycle.ts';
import type { BusinessTexts } from './business-texts.ts';
import { followThroughSettings } from './follow-through-settings.ts';
import { missedCallTextBack } from './missed-call-text-back.ts';
import type { TextRepository } from './text.repository.ts';
import { TEXT_WEBHOOKS } from './text-webhook-paths.ts';
import { textWebhookRoutes } from './text-webhook.routes.ts';
import { textsRoutes } from './texts.routes.ts';
import { textsService } from './texts.service.ts';

/**
 * Texts on the business number (issue 25): Twilio's messaging webhooks, the Texts screen and the
 * automatic messages' settings, the assistant's answers, missed-call text-back, and the one durable
 * outbox every automatic message goes through (built here, because each outbox row is a text on a
 * thread; reminders and follow-ups get it by name). Its lifecycle runs the outbox scheduler.
 */
export function textsFeature(deps: {
  config: Config;
  /** The business's one text sender (null when Twilio is not configured). */
  businessTexts: BusinessTexts | null;
  publicUrl: PublicUrl;
  events: EventBus;
  settings: SettingsRepository;
  assistant: Assistant;
  /** The texts' and the outbox's tables, built once in app.ts (the customer timeline reads both). */
  textMessages: TextRepository;
  outboxMessages: OutboxRepository;
  /** The calls table's owner: the missed-call text-back's call, and who has called us. */
  calls: Pick<CallRepository, 'get' | 'calledFrom'>;
  logger: Logger;
  clock?: Clock;
  /** The webhook inbox's Twilio side: incoming texts and delivery reports go through it. */
  webhooks: TwilioWebhooks;
  /** How often the outbox scheduler looks for due messages (real time; default 15 s). */
  outboxPassEveryMs?: number;
  /** The customers' languages (app.ts passes the customer records; alone, everyone reads English). */
  languages?: CustomerLanguages;
}) {
  const { config, events, settings, logger, clock } = deps;
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
    languages: deps.languages,
    report: report('the assistant did not answer a text'),
  });
  /** Features that re-plan what is still to go when staff save the automatic messages (reminders). */
  const savedListeners: (() => void)[] = [];
  const router = Router();
  router.use(textWebhookRoutes({ webhooks: deps.webhooks, texts }));
  router.use(textsRoutes(texts, settings, outbox, () => savedListeners.forEach((replan) => replan())));
  missedCallTextBack({
    calls: deps.calls,
    events,
    texts,
    settings,
    business: config.business,
    timeZone: config.timeZone,
    publicUrl,
    languages: deps.languages,
    clock,
    report: report('missed-call text-back not queued'),
  });
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
  return {
    router,
    outbox,
    texts,
    /** Texted photos fetched after the answer, and at start what a stopped server left waiting. */
    mediaLifecycle: texts.mediaLifecycle,
    /** Runs `replan` each time staff save the automatic messages' settings. */
    whenAutomaticMessagesSaved: (replan: () => void) => void savedListeners.push(replan),
    lifecycle,
  };
}
export type TextsFeature = ReturnType<typeof textsFeature>;
