import type { OutboxGate } from '../outbox/outbox-scheduler.ts';
import type { CallRepository } from '../calls/call.repository.ts';
import type { TextRepository } from './text.repository.ts';

// Consent for texts (issue 25, item 2), in one place: the words a customer texts to stop or
// resume, and the outbox gate that keeps automatic texts to numbers that may receive them.

/** Carriers' and Twilio's opt-out words, plus Spanish; the whole message, any case. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'PARAR', 'BAJA']);
const START_WORDS = new Set(['START', 'UNSTOP']);
const HELP_WORDS = new Set(['HELP']);

export type ConsentKeyword = 'stop' | 'start' | 'help';

/** "Stop", " STOP. " and "stop!" are the keyword; "please stop by Tuesday" is a message. */
export function consentKeywordOf(body: string): ConsentKeyword | null {
  const word = body
    .trim()
    .replace(/[.!?]+$/, '')
    .toUpperCase();
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  if (HELP_WORDS.has(word)) return 'help';
  return null;
}

/** The template of the answer to HELP, which carriers require even to a number that opted out. */
export const HELP_TEMPLATE = 'help-reply';
export const OPTED_OUT_REASON = 'The customer replied STOP';
export const NEVER_CONTACTED_REASON =
  'This number never called or texted the business, nor agreed to texts on a form';

/**
 * Checked just before each text goes: nothing to a number that opted out (at once, whatever was
 * queued before), and nothing automatic to a number that never reached the business itself (a
 * call or a text) nor agreed to texts on a form.
 */
export function textConsentGate(
  texts: Pick<TextRepository, 'isOptedOut' | 'textedUsOrAgreed'>,
  calls: Pick<CallRepository, 'calledFrom'>,
): OutboxGate {
  const reachedUs = (phone: string) => texts.textedUsOrAgreed(phone) || calls.calledFrom(phone);
  return (message) => {
    if (message.channel !== 'text' || message.template === HELP_TEMPLATE) return { action: 'send' };
    if (texts.isOptedOut(message.recipient)) return { action: 'cancel', reason: OPTED_OUT_REASON };
    if (message.automatic && !reachedUs(message.recipient))
      return { action: 'cancel', reason: NEVER_CONTACTED_REASON };
    return { action: 'send' };
  };
}
