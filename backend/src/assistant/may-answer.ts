import { STANDARD_WINDOW_MS, TAKEOVER_MS, channelsOf } from '@washdesk/contract';

// "May the assistant answer this conversation now?" (issue 32, item 6): ONE rule for every
// channel the assistant answers in writing. Texts and Messenger call it with their conversation's
// facts; where the channels differ on purpose, the table below says so, and why, in one place.

/** The channels the assistant answers in writing (a part of the contract's channel vocabulary). */
export const WRITTEN_CHANNELS = channelsOf('text', 'messenger');
export type WrittenChannel = (typeof WRITTEN_CHANNELS)[number];

/** How one channel differs. */
export interface ChannelRule {
  /** How long a staff take-over keeps the assistant quiet; null: until staff hand it back. */
  takeOverLastsMs: number | null;
  /** A number that replied STOP gets nothing from the assistant. */
  honoursOptOut: boolean;
  /** A staff message after the customer's means staff are answering: the assistant stays quiet. */
  quietAfterStaffMessage: boolean;
  /** The provider lets an automatic reply out only this long after the customer wrote; null: always. */
  providerWindowMs: number | null;
}
export type ChannelRules = { readonly [C in WrittenChannel]: ChannelRule };

/**
 * The channels' differences. Every written channel needs a row (a channel added to
 * WRITTEN_CHANNELS without one does not compile).
 * - Take-over: on Texts staff take a thread over with a switch and hand it back the same way, so it
 *   holds until released; on Messenger a staff reply is the take-over and it lapses 24 hours after
 *   their last message (the spec's Messenger inbox), so a forgotten conversation gets answered again.
 * - STOP: carriers require that a number which replied STOP gets no more texts; Messenger has no
 *   STOP (the customer blocks the page in Messenger itself and Meta refuses the send).
 * - Staff's last message: a staff member may answer a text without taking the thread over, so their
 *   message being the latest means they are answering; on Messenger every staff reply takes over.
 * - Provider's window: Meta lets a page answer only within 24 hours of the customer's last message
 *   (after that only a human, with the HUMAN_AGENT tag); Twilio texts have no such window.
 */
export const CHANNEL_RULES = {
  text: { takeOverLastsMs: null, honoursOptOut: true, quietAfterStaffMessage: true, providerWindowMs: null },
  messenger: {
    takeOverLastsMs: TAKEOVER_MS,
    honoursOptOut: false,
    quietAfterStaffMessage: false,
    providerWindowMs: STANDARD_WINDOW_MS,
  },
} as const satisfies ChannelRules;

/** A conversation's facts at `now`, as its channel stores them (times in ms). */
export interface ConversationFacts {
  channel: WrittenChannel;
  now: number;
  /** The customer's words can come in (Messenger: an app secret is configured). */
  receiving: boolean;
  /** A reply can be sent (Texts: Twilio configured; Messenger: a page token). */
  sending: boolean;
  /** Settings → AI: the channel's auto-reply switch. */
  autoReply: boolean;
  /** When a staff member took the conversation over; null: nobody holds it. */
  takenOverAt: number | null;
  /** The customer replied STOP (only where the channel has STOP). */
  optedOut?: boolean;
  /** Who wrote the conversation's latest message (only where the channel's row reads it). */
  lastSender?: 'customer' | 'staff' | 'assistant' | 'automatic' | null;
  /** When the customer last wrote (only where the channel's row has a provider window, which runs from it). */
  lastCustomerMessageAt?: number | null;
}

/** Why the assistant stays quiet, checked in this order. */
export type Silence =
  | 'no-rule'
  | 'not-receiving'
  | 'not-connected'
  | 'auto-reply-off'
  | 'staff-handling'
  | 'opted-out'
  | 'staff-answered'
  | 'window-passed';

export type Verdict = { may: true } | { may: false; reason: Silence };

/** A staff take-over still holds at `now` on this channel. */
export function takeOverHolds(channel: WrittenChannel, takenOverAt: number | null, now: number) {
  if (takenOverAt === null) return false;
  const lasts = CHANNEL_RULES[channel].takeOverLastsMs;
  return lasts === null || now - takenOverAt < lasts;
}

/** THE rule: may the assistant answer this conversation now; if not, why not. */
export function mayAnswer(facts: ConversationFacts): Verdict {
  // A channel from outside the type (a cast, a row read from somewhere) is refused, never guessed.
  const rule: ChannelRule | undefined = Object.hasOwn(CHANNEL_RULES, facts.channel)
    ? CHANNEL_RULES[facts.channel]
    : undefined;
  const quiet = (reason: Silence): Verdict => ({ may: false, reason });
  if (!rule) return quiet('no-rule');
  if (!facts.receiving) return quiet('not-receiving');
  if (!facts.sending) return quiet('not-connected');
  if (!facts.autoReply) return quiet('auto-reply-off');
  if (takeOverHolds(facts.channel, facts.takenOverAt, facts.now)) return quiet('staff-handling');
  if (rule.honoursOptOut && facts.optedOut) return quiet('opted-out');
  if (rule.quietAfterStaffMessage && facts.lastSender === 'staff') return quiet('staff-answered');
  if (rule.providerWindowMs !== null) {
    const wrote = facts.lastCustomerMessageAt ?? null;
    if (wrote === null || facts.now - wrote >= rule.providerWindowMs) return quiet('window-passed');
  }
  return { may: true };
}
