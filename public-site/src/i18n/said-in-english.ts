import { ADVERTISED_PRICES, DEFAULT_LANGUAGE, LOCALES, RATE_LABEL } from '@washdesk/contract';
import type { MessageId } from './catalog.en.ts';
import { pageLanguage, t } from './i18n.ts';

// Texts that reach a page already written in English (issue 37): the contract's checks (which the
// server shares, so a form says the same before and after sending) and the server's answers to
// the photo form and the quote tool (field refusals, the quote's words). On an English page they
// are shown as they came, byte for byte; on a Spanish page each known text is said by its catalog
// id, and an unknown one by the caller's fallback, so no English sentence is left. The English
// here is the contract's and the backend's own (src/i18n/said-in-english.test.ts checks it).

/** Texts said as they are, by the id of their words in the catalogs. */
const EXACT: Record<string, MessageId> = {
  // contract/src/contact-rules.ts CONTACT_MESSAGES, home-size.ts, photo-files.ts, submission.ts.
  'Valid phone number required': 'common.problem.phone',
  'Complete address is required': 'common.problem.address',
  'Enter a valid e-mail address': 'common.problem.email',
  'Email is required': 'common.problem.emailRequired',
  'First name is required': 'common.problem.firstName',
  'Last name is required': 'common.problem.lastName',
  'Service type is required': 'common.problem.serviceType',
  'Stories must be a whole number from 1 to 4': 'common.problem.stories',
  'Square feet must be a whole number from 300 to 20,000': 'common.problem.squareFeet',
  'Please provide your name and phone number.': 'common.problem.contactRequired',
  'Please add at least one photo': 'common.problem.photosRequired',
  'Please upload at least one photo to get a quote.': 'quoteTool.photosRequiredText',
  // backend/src/photos: what an upload refused.
  'Each photo must be 10 MB or smaller': 'common.problem.photoSize',
  'Too many photos': 'common.problem.tooManyPhotos',
  'Photo dimensions are too large': 'common.problem.photoDimensions',
  'This value is too long': 'common.problem.valueTooLong',
  'The upload took too long and was stopped. Please try again on a stronger connection, or with fewer photos.':
    'common.problem.uploadTooSlow',
  'The upload could not be read. Please try again.': 'common.problem.unreadableUpload',
  // backend/src/quotes: the quote's words (local-estimate.ts, quote.service.ts, pricing.ts).
  'Rough estimate from your answers, without photo analysis. Our free on-site estimate confirms the price.':
    'quoteTool.said.estimateNote',
  'Rough estimate from your answers and typical sizes of homes in our area, without photo analysis: your photos were not measured. Our free on-site estimate confirms the price.':
    'quoteTool.said.typicalSizeNote',
  'We could not be fully sure from these photos, so treat this as a rough range; a free on-site estimate will confirm the price.':
    'quoteTool.said.lowConfidenceNote',
  Easy: 'option.difficulty.easy',
  Moderate: 'option.difficulty.moderate',
  Difficult: 'option.difficulty.difficult',
  [RATE_LABEL]: 'option.rateLabel',
  ...Object.fromEntries(ADVERTISED_PRICES.map((p) => [p.label, `option.surface.${p.surface}` as MessageId])),
};

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
  const id = EXACT[english];
  if (id) return t(id);
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
  const known = Object.keys(EXACT).filter((sentence) => sentence.length > 40 && notes.includes(sentence));
  return known.reduce((said, sentence) => said.replace(sentence, saidInPageLanguage(sentence)), notes);
}
