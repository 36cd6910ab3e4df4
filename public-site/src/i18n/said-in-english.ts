import { i18n } from '@lingui/core';
import { DEFAULT_LANGUAGE } from '@washdesk/contract';
import type { MessageId } from './catalog.en.ts';
import { pageLanguage, t } from './i18n.ts';

// Texts that reach a page already written in English (issue 37): the contract's checks (which the
// server shares, so a form says the same before and after sending) and the server's answers to
// the photo form and the quote tool (field refusals, the quote's words). On an English page they
// are shown as they came, byte for byte; on a Spanish page each known text is said by its catalog
// id (`said.` + its English in the Spanish catalogs), and an unknown one by the caller's fallback,
// so no English sentence is left. scripts/public-site-server-words.test.ts takes these texts from
// the contract's and the backend's own code.

const SAID_AREAS = ['said.', 'formSaid.', 'answerSaid.'];

/** Whether the active catalog has this message (the embed's holds only its own areas). */
const known = (id: string): id is MessageId => id in i18n.messages;

/** A text with a value in it (a file's name, a number), said again with that value. */
export type SaidAgain = [RegExp, (m: RegExpExecArray) => string];

/**
 * Texts with a value in them, each said again with that value: the views of the server's answers
 * bring them (said-in-answers.ts), so the embed's first load carries none. (What a page says
 * before sending, a picked file refused, it says in its own language from the start.)
 */
const PATTERNS: SaidAgain[] = [];

/** Texts said as they are with other words of the catalogs (the advertised services' names…). */
const EXACT: Record<string, MessageId> = {};

/** More texts to say again (the views of the server's answers bring theirs). */
export function learnToSay(patterns: SaidAgain[], exact: Record<string, MessageId>) {
  PATTERNS.push(...patterns.filter((p) => !PATTERNS.includes(p)));
  Object.assign(EXACT, exact);
}

/**
 * A text that came in English, in the page's language: as it came on an English page; else its
 * words from the catalog when known, else the `fallback` message (else the text as it came: a
 * name, a figure).
 */
export function saidInPageLanguage(english: string, fallback?: MessageId): string {
  if (pageLanguage() === DEFAULT_LANGUAGE) return english;
  for (const area of SAID_AREAS) {
    const said = area + english;
    if (known(said)) return t(said);
  }
  const id = EXACT[english];
  if (id && known(id)) return t(id);
  for (const [pattern, say] of PATTERNS) {
    const match = pattern.exec(english);
    if (match) return say(match);
  }
  return fallback ? t(fallback) : english;
}
