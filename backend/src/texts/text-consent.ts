import type { InBothLanguages, Language } from '@washdesk/contract';
import type { CallRepository } from '../calls/call.repository.ts';
import type { TextRepository } from './text.repository.ts';

// Consent for texts (issue 25, item 2), in one place: the words a customer texts to stop or
// resume, and the outbox gate that keeps automatic texts to numbers that may receive them.

/** Carriers' and Twilio's opt-out words, plus Spanish (issue 37); the whole message, any case. */
const SPANISH_STOP_WORDS = ['PARAR', 'BAJA', 'CANCELAR'];
const SPANISH_HELP_WORDS = ['AYUDA'];
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', ...SPANISH_STOP_WORDS]);
const START_WORDS = new Set(['START', 'UNSTOP']);
const HELP_WORDS = new Set(['HELP', ...SPANISH_HELP_WORDS]);
const SPANISH_WORDS = new Set([...SPANISH_STOP_WORDS, ...SPANISH_HELP_WORDS]);

export type ConsentKeyword = 'stop' | 'start' | 'help';

/**
 * The text as a keyword reader must see it: fullwidth and other compatibility forms folded to
 * their plain letters (NFKC: "ＳＴＯＰ" is STOP), and format characters dropped (zero-width space
 * and joiners, the BOM, soft hyphens, bidirectional marks: every \p{Cf}), which a phone may
 * insert or a sender may hide in a word so that it no longer matches.
 */
export const keywordFormOf = (body: string) => body.normalize('NFKC').replace(/\p{Cf}/gu, '');

/** "Stop", " STOP. " and "stop!" are the keyword; "please stop by Tuesday" is a message. */
export function consentKeywordOf(body: string): ConsentKeyword | null {
  const word = wordOf(body);
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  if (HELP_WORDS.has(word)) return 'help';
  return null;
}

const wordOf = (body: string) =>
  keywordFormOf(body)
    .trim()
    .replace(/^[¡¿]+/, '')
    .replace(/[.!?]+$/, '')
    .toUpperCase();

/** 'es' when the keyword was a Spanish one (PARAR, BAJA, CANCELAR, AYUDA): answer it in Spanish. */
export const keywordLanguageOf = (body: string): Language | null => (SPANISH_WORDS.has(wordOf(body)) ? 'es' : null);

/** The answer to HELP (after the business's name), in the customer's language. */
export const HELP_ANSWERS: InBothLanguages<(phone: string) => string> = {
  en: (phone) => `for help call ${phone} or reply to this text. Reply STOP to stop texts, START to resume.`,
  es: (phone) =>
    `para ayuda llame al ${phone} o responda a este mensaje. Responda PARAR para no recibir más mensajes, START para volver a recibirlos.`,
};

/** The template of the answer to HELP, which carriers require even to a number that opted out. */
export const HELP_TEMPLATE = 'help-reply';
export const OPTED_OUT_REASON = 'The customer replied STOP';
export const NEVER_CONTACTED_REASON =
  'This number never called or texted the business, nor agreed to texts on a form';

/**
 * Why a text must not go to `to`, or null when it may: nothing to a number that opted out
 * (whatever was queued before, whoever sends it), and nothing automatic to a number that never
 * reached the business itself (a call or a text) nor agreed to texts on a form. The answer to a
 * customer's own HELP is the one text carriers require even after STOP. Asked by the one sender
 * (`business-texts.ts`) before every text, and by the outbox's gate before a row is claimed.
 */
export function textConsent(
  texts: Pick<TextRepository, 'isOptedOut' | 'textedUsOrAgreed'>,
  calls: Pick<CallRepository, 'calledFrom'>,
) {
  const reachedUs = (phone: string) => texts.textedUsOrAgreed(phone) || calls.calledFrom(phone);
  return (to: string, purpose: { automatic: boolean; helpReply: boolean }): string | null => {
    if (purpose.helpReply) return null;
    if (texts.isOptedOut(to)) return OPTED_OUT_REASON;
    if (purpose.automatic && !reachedUs(to)) return NEVER_CONTACTED_REASON;
    return null;
  };
}
