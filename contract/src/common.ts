import { z } from 'zod';
import { CONTACT_MESSAGES, EMAIL_ADDRESS, EMAIL_MAX_LENGTH, isPhoneNumber } from './contact-rules.ts';
import { roundToCents } from './money.ts';

// Control characters have no place in what people type: they hide text in the admin, break CSV
// rows and logs, and can reorder what staff read (bidirectional controls: a name ending
// "\u202egnp.exe" shows as "exe.png"). Notes and answers may span lines; names, addresses and the
// like are one line.
const SINGLE_LINE_FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const MULTI_LINE_FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** The bidirectional controls: embeddings, overrides, isolates and the direction marks. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** A surrogate pair (kept), or half of one without its other half (no character at all). */
const SURROGATES = /[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g;

/**
 * Text that is really text: a lone surrogate becomes U+FFFD, as the web platform does when it
 * turns a JavaScript string into text (USVString), instead of reaching SQLite as bytes that are
 * not UTF-8 and that other readers of the file cannot read. A person cannot type one and cannot
 * see it to remove it, so it is replaced, not refused (a client cutting an emoji in half is the
 * usual source).
 */
export const withoutLoneSurrogates = (text: string) =>
  text.replace(SURROGATES, (unit) => (unit.length === 2 ? unit : '\ufffd'));

/**
 * Text from a provider or a webhook (Messenger messages, Meta profile names, caller ids), stored
 * as it will be shown: well-formed and without bidirectional controls, so it cannot display as
 * something else. Nobody can be asked to retype it, so it is cleaned rather than refused; what
 * staff and customers type is refused instead (typedText) and they are told why.
 */
export const wellFormedText = (text: string) => withoutLoneSurrogates(text).replace(BIDI_CONTROLS, '');
export const CONTROL_CHARACTERS_MESSAGE = 'Remove the control characters from this text';

export interface TextOptions {
  /** Line breaks and tabs are allowed (notes, answers, messages). */
  multiline?: boolean;
}

/** Whether a person could have typed `text` in a field of this kind. */
export const isTypedText = (text: string, { multiline = false }: TextOptions = {}) =>
  !(multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(text);

/** A string as people type it: well-formed, no control characters, trimmed. */
export const typedText = (message: string, options: TextOptions = {}) =>
  z
    .string({ error: message })
    .transform(withoutLoneSurrogates)
    .refine((v) => isTypedText(v, options), CONTROL_CHARACTERS_MESSAGE)
    .transform((v) => v.trim());

/** Trimmed text that must not be blank; `message` is what a person reads when it is. */
export const requiredText = (message: string, max = 200, options: TextOptions = {}) =>
  typedText(message, options).pipe(z.string().min(1, message).max(max, `Must be at most ${max} characters`));

/** Trimmed optional text (notes by default may span lines); blank becomes null, never "". */
export const optionalText = (max = 2000, options: TextOptions = { multiline: true }) =>
  typedText('Must be text', options)
    .pipe(z.string().max(max, `Must be at most ${max} characters`))
    .nullish()
    .transform((v) => (v ? v : null));

/** `message` for a number that is not one; `requiredMessage` (the same unless told) for a blank one. */
export const phoneNumber = (message: string = CONTACT_MESSAGES.phone, requiredMessage = message) =>
  typedText(requiredMessage).pipe(
    z
      .string()
      .min(1, requiredMessage)
      .max(40, 'Must be at most 40 characters')
      .refine(isPhoneNumber, message),
  );

/** An e-mail address by the rule the public pages check too (contact-rules.ts). */
export const emailAddress = (message: string = CONTACT_MESSAGES.email) =>
  z.email({ pattern: EMAIL_ADDRESS, error: message }).max(EMAIL_MAX_LENGTH);

/** Optional e-mail: empty or missing is fine, anything else must look like an address. */
export const optionalEmail = z
  .union([z.literal(''), emailAddress()], {
    error: CONTACT_MESSAGES.email,
  })
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null));

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** A calendar date `YYYY-MM-DD`. */
export const calendarDate = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-05-31')
    .refine(isRealDate, 'That date does not exist');

// An amount is a JSON number or the way a person writes dollars: 1250, 1250.5, 1,250.00, $1,250.
// Never true (1), [5] (5), "0b101" (5), "1e3" or "0x10", which a plain Number() would accept.
// A minus sign is read, so that "-4" hears "cannot be negative" rather than "not an amount".
const DOLLARS_TEXT = /^-?\$?(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d{1,2})?$/;

/** Money in dollars with at most cents, as people type it. */
export const dollarAmount = (message = 'Enter an amount in dollars') =>
  z
    // Each option carries the message too: form resolvers report a union's first inner error.
    .union([z.number({ error: message }), z.string({ error: message }).trim().regex(DOLLARS_TEXT, message)], {
      error: message,
    })
    .transform((v) => (typeof v === 'number' ? v : Number(v.replace(/[$,]/g, ''))))
    .pipe(
      z
        .number({ error: message })
        .refine(Number.isFinite, message)
        .min(0, 'Amount cannot be negative')
        .max(1_000_000, 'Amount is too large'),
    )
    .transform(roundToCents);

/** A whole number in a query string, written plainly: "50", never "0x32", "5e1" or " 50". */
export const queryInteger = (name: string) =>
  z
    .string({ error: `${name} must be a whole number` })
    .refine((v) => !/^-\d+$/.test(v), `${name} cannot be negative`)
    .refine((v) => /^-?\d{1,15}$/.test(v), `${name} must be a whole number`)
    .transform(Number);

/** `?limit=&offset=` of every list; a screen pages instead of loading every row. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
export const pageQuerySchema = z.object({
  limit: queryInteger('limit')
    .pipe(
      z
        .number()
        .min(1, 'limit must be at least 1')
        .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`),
    )
    .default(DEFAULT_PAGE_SIZE),
  offset: queryInteger('offset').default(0),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A record's id in a path: a canonical positive integer ("12"), never "012", "0x1" or "1\\n". */
export const CANONICAL_ID = /^[1-9]\d{0,14}$/;
export const idParamSchema = z.object({
  id: z
    .string({ error: 'id must be a number' })
    .regex(CANONICAL_ID, 'id must be a positive whole number')
    .transform(Number),
});

export const isoDateTime = z.string();

/**
 * The forms' optional consent line for texts (issue 25): checked, the number may get automatic
 * texts (reminders, follow-ups). Multipart sends it as "true" (or a checkbox's "on"); left out, no.
 */
export const textConsentField = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', ''])], { error: 'textConsent must be true or false' })
  .optional()
  .transform((v) => v === true || v === 'true' || v === 'on');
