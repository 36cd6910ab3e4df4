import { i18n } from '@lingui/core';
import { ADVERTISED_PRICES, DEFAULT_LANGUAGE, LOCALES, RATE_LABEL } from '@washdesk/contract';
import type { MessageId } from './catalog.en.ts';
import { pageLanguage, t } from './i18n.ts';
import { learnToSay, saidInPageLanguage, type SaidAgain } from './said-in-english.ts';

// The words of the server's answers to the photo form and the quote tool (the quote, a refusal
// with a number in it) in the page's language, for the views that show them: imported with those
// views, so the embed's first load carries none of it (said-in-english.ts says the rest).

/** A number of square feet as the page's language writes it ("2,200 sq ft", "2,200 pies²"). */
export const squareFeetIn = (squareFeet: number) =>
  t('common.squareFeet', { area: Math.round(squareFeet).toLocaleString(LOCALES[pageLanguage()]) });

const ANSWERS: SaidAgain[] = [
  [
    /^“(.+)” is not a photo we can read\. Please choose a JPEG, PNG, WebP or HEIC image\.$/,
    (m) => t('common.photos.notAPhoto', { name: m[1] }),
  ],
  [/^Must be at most (\d+) characters$/, (m) => t('answer.tooLong', { max: m[1] })],
  [
    /^Too many requests\. Please wait (\d+) seconds and try again\.$/,
    (m) => t('answer.tooManyRequests', { seconds: m[1] }),
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

learnToSay(ANSWERS, {
  [RATE_LABEL]: 'photoForm.rateLabel',
  ...Object.fromEntries(ADVERTISED_PRICES.map((p) => [p.label, `option.surface.${p.surface}` as MessageId])),
});

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
    .filter((id) => id.startsWith('answerSaid.') && id.length > 60)
    .map((id) => id.slice('answerSaid.'.length))
    .filter((sentence) => notes.includes(sentence));
  return sentences.reduce((said, sentence) => said.replace(sentence, saidInPageLanguage(sentence)), notes);
}
