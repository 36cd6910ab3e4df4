import type { Logger } from 'pino';
import type { Assistant } from '../assistant/assistant-turn.ts';
import type { CallRepository } from '../calls/call.repository.ts';
import type { Config } from '../config.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Clock } from '../time.ts';
import type { BusinessHoursStore } from './business-hours.ts';
import type { PublicUrl } from './public-url.ts';
import type { BusinessTexts } from '../texts/business-texts.ts';
import type { CustomerLanguages } from '../customers/customer-languages.ts';

// What both voice modes of the phone line (the Gather webhooks and the ConversationRelay socket)
// are built from, in a file of its own: phone.routes.ts imports the relay, so the relay cannot
// take this type from there without an import cycle.

/**
 * Twilio waits 15 s for each answer. The assistant keeps its own model budget and Response Delay
 * inside that; this is the channel's last line, after which the caller hears an apology and the
 * promise of a call back instead of silence.
 */
export const TURN_DEADLINE_MS = 12_000;

export interface PhoneLineDeps {
  config: Config;
  /** The calls table's owner: the line writes each call there as Twilio's webhooks arrive. */
  calls: CallRepository;
  assistant: Assistant;
  publicUrl: PublicUrl;
  /** The business's one text sender (STOP and consent applied), or null without Twilio. */
  texts: BusinessTexts | null;
  logger: Logger;
  /** Where the call's news goes (new, missed, call-back wanted, ended). */
  events: EventBus;
  /** Business hours and holidays: whether a person can be put through now. */
  hours: BusinessHoursStore;
  /** The time business hours are judged at (tests stop it). */
  clock?: Clock;
  /** The channel's last line for one turn (default TURN_DEADLINE_MS). */
  turnDeadlineMs?: number;
  /** The customers' languages: a caller heard speaking Spanish reads Spanish after (issue 37). */
  languages?: Pick<CustomerLanguages, 'rememberLanguage'>;
}
