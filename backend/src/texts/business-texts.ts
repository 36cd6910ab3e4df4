import type { CallRepository } from '../calls/call.repository.ts';
import { nextAllowedInstant, type QuietHours } from '../outbox/quiet-hours.ts';
import { outcomeUnknown, type SentTextInfo, type TwilioApi } from '../phone/twilio-client.ts';
import type { Clock } from '../time.ts';
import { HELP_TEMPLATE, textConsent } from './text-consent.ts';
import type { TextRepository } from './text.repository.ts';

// THE ONE SENDER of every text the business sends: the outbox's rows (reminders, text-backs,
// follow-ups, the assistant's answers, staff's texts), "Send quote", "Send answer", the photo link
// during a call and the note to the office before a call is put through. It is the only caller of
// Twilio's sendText (one-text-sender.test.ts), so no path can skip what it applies:
//   - STOP (PARAR, BAJA…): never bypassable, whoever sends (only the carrier-required HELP answer);
//   - consent: an automatic text only to a number that called, texted or ticked a form's line;
//   - quiet hours: an automatic text waits for their end; what staff typed or the customer is
//     waiting for right now (a reply, the photo link during their call) goes at once.
// A text it does not send is answered as such (`sent: false` with the reason), never thrown, so
// every caller can say honestly what happened.

/**
 * Why the business texts this number, which decides the rules that apply:
 * `automatic` — the business decided to (reminders, text-back, follow-ups): consent and quiet hours;
 * `reply` — the customer is waiting for it (an answer to their text, the link during their call);
 * `staff` — a staff member sent it (Texts screen, Send quote, Send answer): no quiet hours;
 * `help-reply` — the answer to the customer's HELP, which carriers require even after STOP;
 * `office` — to the business's own staff number (not a customer: no consent or quiet hours).
 */
export type TextPurpose = 'automatic' | 'reply' | 'staff' | 'help-reply' | 'office';

export type TextOutcome =
  | { sent: true; sid: string; status: string | null }
  /** Not sent: `until` when it may go later (quiet hours), else never (STOP, no consent). */
  | { sent: false; reason: string; until?: number };

/** The provider did not take the text; `unknown` when it may have (see `outcomeUnknown`). */
export class TextNotSent extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly unknown: boolean,
  ) {
    super(message);
  }
}

export const QUIET_HOURS_REASON = 'Quiet hours: automatic texts wait until they end';
/** How many of a number's latest texts are compared when resolving a send whose answer never came. */
const RESOLVE_WINDOW = 50;
/** Twilio's clock and ours may disagree a little; a text created this long before the attempt still counts. */
const CLOCK_SKEW_MS = 5 * 60_000;

export interface BusinessTexts {
  /** What the rules say about texting `to` now, without sending (the outbox's gate asks this). */
  check(to: string, purpose: TextPurpose, now?: number): TextOutcome | null;
  /**
   * Sends unless a rule says not to. Throws `TextNotSent` when the provider did not take it; a
   * timeout is first resolved by asking Twilio for the text, so `unknown` means Twilio could not
   * tell either and the text must not be sent again until it can (`findSent`).
   */
  send(
    to: string,
    body: string,
    options: { purpose: TextPurpose; statusCallback?: string; isRecorded?: (sid: string) => boolean },
  ): Promise<TextOutcome>;
  /** The SID of the text with this body Twilio took for `to` since `since` and no row holds yet. */
  findSent(
    to: string,
    body: string,
    since: number,
    isRecorded?: (sid: string) => boolean,
  ): Promise<string | null>;
}

export function businessTexts(deps: {
  twilio: TwilioApi;
  texts: Pick<TextRepository, 'isOptedOut' | 'textedUsOrAgreed'>;
  calls: Pick<CallRepository, 'calledFrom'>;
  timeZone: string;
  quietHours: () => QuietHours;
  clock?: Clock;
}): BusinessTexts {
  const clock = deps.clock ?? Date.now;
  const consent = textConsent(deps.texts, deps.calls);
  const { twilio } = deps;

  const check = (to: string, purpose: TextPurpose, now = clock()): TextOutcome | null => {
    const refused = consent(to, { automatic: purpose === 'automatic', helpReply: purpose === 'help-reply' });
    if (refused) return { sent: false, reason: refused };
    if (purpose === 'automatic') {
      const allowed = nextAllowedInstant(now, deps.timeZone, deps.quietHours());
      if (allowed !== now) return { sent: false, reason: QUIET_HOURS_REASON, until: allowed };
    }
    return null;
  };

  const findSent = async (to: string, body: string, since: number, isRecorded = (_sid: string) => false) => {
    const recent: SentTextInfo[] = await twilio.recentTextsTo(to, RESOLVE_WINDOW);
    const match = recent.find(
      (t) =>
        t.body === body &&
        (t.dateCreated === null || t.dateCreated.getTime() >= since - CLOCK_SKEW_MS) &&
        !isRecorded(t.sid),
    );
    return match?.sid ?? null;
  };

  return {
    check,
    findSent,
    async send(to, body, { purpose, statusCallback, isRecorded }) {
      const blocked = check(to, purpose);
      if (blocked) return blocked;
      const attemptedAt = clock();
      try {
        const sent = await twilio.sendText(to, body, statusCallback ? { statusCallback } : {});
        return { sent: true, sid: sent.sid, status: sent.status || null };
      } catch (error) {
        const { status, code, message } = error as {
          status?: number;
          code?: number | string;
          message?: string;
        };
        const reason = `Twilio ${status ?? 'unreachable'}${code ? ` (${code})` : ''}: ${message ?? ''}`.slice(
          0,
          300,
        );
        if (!outcomeUnknown(error)) {
          // 4xx other than rate limits and credentials: Twilio refused this message (21211 bad
          // number, 21610 the phone replied STOP, 21614 not a mobile); sending it again cannot help.
          const permanent =
            status !== undefined && status >= 400 && status < 500 && ![401, 429].includes(status);
          throw new TextNotSent(reason, permanent, false);
        }
        // The request went and no answer came: Twilio may have the text. Ask it once now; if it
        // cannot say, the outcome stays unknown and nothing may send it again until it can.
        const sid = await findSent(to, body, attemptedAt, isRecorded).catch(() => null);
        if (sid) return { sent: true, sid, status: null };
        throw new TextNotSent(`${reason} (no answer: the text may still have gone)`, false, true);
      }
    },
  };
}

/** The purpose of an outbox row's text (its template and whether the business decided it). */
export const purposeOfOutboxText = (message: { template: string; automatic: boolean }): TextPurpose =>
  message.template === HELP_TEMPLATE
    ? 'help-reply'
    : message.template === 'staff'
      ? 'staff'
      : message.automatic
        ? 'automatic'
        : 'reply';
