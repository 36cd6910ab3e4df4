import { Router } from 'express';
import type { Logger } from 'pino';
import type { PhoneLineDeps } from './phone-line.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Assistant } from '../assistant/assistant-turn.ts';
import type { AssistantChannels } from '../assistant/assistant-channels.ts';
import type { CallRepository } from '../calls/call.repository.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Clock } from '../time.ts';
import { blockedNumberRepository, blockedNumberRoutes } from './blocked-numbers.ts';
import { businessHoursRoutes, businessHoursStore } from './business-hours.ts';
import { phoneRoutes } from './phone.routes.ts';
import { phoneTurns } from './phone-turn.ts';
import type { PublicUrl } from './public-url.ts';
import type { BusinessTexts } from '../texts/business-texts.ts';
import { voicemailRoutes } from './voicemail.ts';
import { conversationRelay } from './relay/conversation-relay.ts';
import { relayCallRepository } from './relay/relay-call.repository.ts';
import { PHONE_WEBHOOKS } from './webhook-paths.ts';
import type { TwilioWebhooks } from '../webhooks/twilio.adapter.ts';
import type { FeatureLifecycle } from '../feature-lifecycle.ts';

/**
 * The phone line: Twilio's voice webhooks around the assistant, voicemail, blocked numbers and
 * business hours. Calls are written through the calls feature's repository.
 */
export function phoneFeature(deps: {
  config: Config;
  db: Db;
  calls: CallRepository;
  /** Business hours are one of the settings. */
  settings: Pick<SettingsRepository, 'readJson' | 'writeJson'>;
  assistant: Assistant;
  channels: AssistantChannels;
  publicUrl: PublicUrl;
  /** The business's one text sender (null when Twilio is not configured). */
  texts: BusinessTexts | null;
  logger: Logger;
  events: EventBus;
  clock?: Clock;
  /** The webhook inbox's Twilio side: every voice and recording callback goes through it. */
  webhooks: TwilioWebhooks;
  /** The customers' languages: a Spanish-speaking caller's is remembered (issue 37). */
  languages?: PhoneLineDeps['languages'];
}) {
  const { config, db, calls, publicUrl, events, logger } = deps;
  const hours = businessHoursStore(deps.settings);
  const blocked = blockedNumberRepository(db);
  // One caller turn, run alike by the Gather webhooks and the streamed line.
  const turns = phoneTurns({ ...deps, hours });
  // The streamed line (ConversationRelay): start.ts hands it the server's WebSocket upgrades.
  const relay = conversationRelay({ ...deps, hours, turns, relays: relayCallRepository(db) });
  const router = Router();
  router.use(phoneRoutes({ ...deps, hours, blocked, relay, turns }));
  router.use(voicemailRoutes({ config, calls, publicUrl, events, logger, webhooks: deps.webhooks }));
  router.use(blockedNumberRoutes(blocked));
  router.use(businessHoursRoutes(hours));
  deps.channels.receives('phone', Object.values(PHONE_WEBHOOKS));
  const lifecycle: FeatureLifecycle = {
    name: 'ConversationRelay',
    // Twilio's signed socket upgrades; every other upgrade is refused there.
    start: (server) => void server.on('upgrade', relay.upgrade),
    // Streamed calls' sockets close (Twilio reconnects them to the next server), their turns stored.
    stop: () => relay.close(),
  };
  return { router, relay, lifecycle };
}
