import { i18n } from '@lingui/core';
import { ADVERTISED_PRICES, DEFAULT_LANGUAGE, LOCALES, RATE_LABEL } from '@washdesk/contract';
import type { MessageId } from './catalog.en.ts';
import { pageLanguage, t } from './i18n.ts';

// Texts that reach a page already written in English (issue 37): the contract's checks (which the
// server shares, so a form says the same before and after sending) and the server's answers to
// the photo form and the quote tool (field refusals, the quote's words). On an English page they
// are shown as they came, byte for byte; on a Spanish page each known text is said by its catalog
// id, and an unknown one by the caller's fallback, so no English sentence is left.
// scripts/public-site-server-words.test.ts takes these texts from the contract's and the backend's
// own code.

/**
 * Texts said as they are with a value in the contract (the advertised services' names, the rate);
 * every other known text is in the Spanish catalogs as `said.` + its English (src/i18n/catalog.en.ts).
 */
const EXACT: Record<string, MessageId> = {
  [RATE_LABEL]: 'photoForm.rateLabel',
  ...Object.fromEntries(ADVERTISED_PRICES.map((p) => [p.label, `option.surface.${p.surface}` as MessageId])),
};

/** Whether the active catalog has this message (the embed's holds only its own areas). */
const known = (id: string): id is MessageId => id in i18n.messages;

/** A number of square feet as the page's language writes it ("2,200 sq ft", "2,200 pies²"). */
export const squareFeetIn = (squareFeet: number) =>
  t('common.squareFeet', { area: Math.round(squareFeet).toLocaleString(LOCALES[pageLanguage()]) });

/** Texts with a value in them (a file's name, a number), each said again with that value. */
const PATTERNS: [RegExp, (m: RegExpExecArray) => string][] = [
  [
    /^“(.+)” is not a photo we can read\. Please choose a JPEG, PNG, WebP or HEIC image\.$/,
    (m) => t('common.photos.notAPhoto', { name: m[1] }),
  ],
  [/^“(.+)” is larger than 10 MB\.$/, (m) => t('common.photos.tooLarge', { name: m[1] })],
  [
    /^“(.+)” is still larger than 10 MB after shrinking\. Please choose a smaller photo\.$/,
    (m) => t('common.photos.stillTooLarge', { name: m[1] }),
  ],
  [
    /^(.+) (was|were) not added: at most (\d+) photos can be sent\.$/,
    (m) =>
      t(m[2] === 'was' ? 'common.photos.tooManyOne' : 'common.photos.tooManyOther', {
        names: m[1],
        max: m[3],
      }),
  ],
  [/^Must be at most (\d+) characters$/, (m) => t('common.problem.tooLong', { max: m[1] })],
  [
    /^Too many requests\. Please wait (\d+) seconds and try again\.$/,
    (m) => t('common.problem.tooManyRequests', { seconds: m[1] }),
  ],
  [/^([\d,]+) sq ft$/, (m) => squareFeetIn(Number(m[1]!.replaceAll(',', '')))],
  [/^(\d+) days$/, (m) => t('photoForm.ai.days', { count: m[1] })],
  [
    /^(Easy|Moderate|Difficult) access or conditions: (.+) \(\+(\d+)%\)$/,
    (m) =>
      t('photoForm.ai.access', {
        difficulty: saidInPageLanguage(m[1]!).toLowerCase(),
        service: saidInPageLanguage(m[2]!),
        percent: m[3],
      }),
  ],
  [/^Minimum job price \((.+)\)$/, (m) => t('photoForm.ai.minimum', { price: m[1] })],
];

/**
 * A text that came in English, in the page's language: as it came on an English page; else its
 * words from the catalog when known, else the `fallback` message (else the text as it came: a
 * name, a figure).
 */
export function saidInPageLanguage(english: string, fallback?: MessageId): string {
  if (pageLanguage() === DEFAULT_LANGUAGE) return english;
  for (const said of [`said.${english}`, `formSaid.${english}`]) if (known(said)) return t(said);
  const id = EXACT[english];
  if (id && known(id)) return t(id);
  for (const [pattern, say] of PATTERNS) {
    const match = pattern.exec(english);
    if (match) return say(match);
  }
  return fallback ? t(fallback) : english;
}

/** A list the server joined with ", " ("House Soft Washing, Concrete Cleaning"), each said again. */
export const listInPageLanguage = (english: string) =>
  english
    .split(', ')
    .map((item) => saidInPageLanguage(item))
    .join(', ');

/**
 * The quote's notes: the server's known sentences said again; a model's own words (in English
 * until the model is asked in the customer's language) are kept as they are.
 */
export function notesInPageLanguage(notes: string): string {
  if (pageLanguage() === DEFAULT_LANGUAGE) return notes;
  const sentences = Object.keys(i18n.messages)
    .filter((id) => id.startsWith('said.') && id.length > 60)
    .map((id) => id.slice('said.'.length))
    .filter((sentence) => notes.includes(sentence));
  return sentences.reduce((said, sentence) => said.replace(sentence, saidInPageLanguage(sentence)), notes);
}
