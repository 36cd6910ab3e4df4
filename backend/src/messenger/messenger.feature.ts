import { Router } from 'express';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Assistant } from '../assistant/assistant-turn.ts';
import type { AssistantChannels } from '../assistant/assistant-channels.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { Clock } from '../time.ts';
import { messengerRepository } from './messenger.repository.ts';
import { messengerRoutes } from './messenger.routes.ts';
import { messengerService } from './messenger.service.ts';
import { MESSENGER_WEBHOOK, metaWebhookRoutes } from '../webhooks/meta.adapter.ts';
import type { WebhookInbox } from '../webhooks/webhook-inbox.ts';
import type { FeatureLifecycle } from '../feature-lifecycle.ts';
import { messengerDeliveryFromConfig } from './meta-delivery.ts';

/**
 * Facebook Messenger: Meta's webhook, the assistant's replies after it, and the staff screens.
 * `settled` resolves once replies still being written after the webhook answered are done.
 */
export function messengerFeature(deps: {
  config: Pick<Config, 'providers'>;
  db: Db;
  settings: SettingsRepository;
  assistant: Assistant;
  channels: AssistantChannels;
  events: EventBus;
  /** Faults in the work done after Meta got its answer. */
  report: (error: unknown) => void;
  clock?: Clock;
  /** The webhook inbox: each of Meta's events is stored once. */
  inbox: WebhookInbox;
}) {
  const { meta } = deps.config.providers;
  const messenger = messengerService({
    db: deps.db,
    repo: messengerRepository(deps.db, deps.clock),
    settings: deps.settings,
    assistant: deps.assistant,
    delivery: messengerDeliveryFromConfig(meta),
    receiving: Boolean(meta.appSecret),
    clock: deps.clock,
    report: deps.report,
    events: deps.events,
  });
  const router = Router();
  router.use(metaWebhookRoutes(meta, messenger, deps.inbox, deps.clock));
  router.use(messengerRoutes(messenger));
  deps.channels.receives('messenger', [MESSENGER_WEBHOOK]);
  // Replies still being written after Meta got its answer finish before the database closes.
  const lifecycle: FeatureLifecycle = { name: 'Messenger replies', stop: () => messenger.settled() };
  return { router, settled: messenger.settled, lifecycle };
}
