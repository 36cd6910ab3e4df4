// The one rule for phone numbers (issue 32, item 3). Every feature that stores, matches, blocks,
// texts or searches a number asks this module, and every SQL trigger asks it too: the backend
// registers `phoneKeyOf` as the SQLite function `phone_key()` on each connection (db/migrate.ts),
// so "(707) 555-0123", "707.555.0123 ext 4" and Twilio's "+17075550123" are one person everywhere.
// scripts/one-phone-rule.test.ts fails on a second normalising function or regex anywhere else.

/** An extension typed after the number ("x12", "ext. 12", "extension 12", "#12") is not dialled. */
const EXTENSION = /\s*(?:x|ext\.?|extension|#)\s*\d+\s*$/i;
const NORTH_AMERICAN = /^1?(\d{10})$/;
/** NANP: neither the area code nor the exchange starts with 0 or 1 (+1 NXX NXX XXXX). */
const DIALABLE_NORTH_AMERICAN = /^\+1[2-9]\d{2}[2-9]\d{6}$/;

/** Digits and the separators people type: (707) 555-0142, +1 707.555.0142, 707-555-0142 x12. */
export const PHONE_AS_TYPED = /^[0-9+().\-\s]+(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i;

/** The digits that are dialled: without separators or an extension. */
export const dialledDigitsOf = (typed: string) => typed.replace(EXTENSION, '').replace(/\D/g, '');
const digitsOf = dialledDigitsOf;

/**
 * The normal form, E.164: "+17075550123" for a North American number however it was typed (ten
 * digits, or eleven with the leading 1); an international number only when typed with its "+"
 * (10 to 15 digits, as Twilio gives a caller from abroad; shorter ones include Twilio's
 * "+266696687" for a withheld caller id, who must not become one person). Null when it is not a
 * phone number.
 */
export function phoneNumberOf(typed: string | null | undefined): string | null {
  if (!typed) return null;
  const digits = digitsOf(typed);
  if (typed.trim().startsWith('+') && !digits.startsWith('1'))
    return digits.length >= 10 && digits.length <= 15 ? `+${digits}` : null;
  const national = NORTH_AMERICAN.exec(digits)?.[1];
  return national ? `+1${national}` : null;
}

/** The key that says two numbers are one: `phone:` and the ten digits of a North American number. */
export type PhoneKey = `phone:${string}`;
export const PHONE_KEY_PREFIX = 'phone:';

/**
 * The key customers, consents, blocked numbers and search are matched on: `phone:7075550123` for
 * a North American number, `phone:+447700900123` for one from abroad; null when the text is not a
 * phone number (a short code, "anonymous", seven digits), which then matches nobody.
 */
export function phoneKeyOf(typed: string | null | undefined): PhoneKey | null {
  const number = phoneNumberOf(typed);
  if (!number) return null;
  return `${PHONE_KEY_PREFIX}${number.startsWith('+1') ? number.slice(2) : number}`;
}

/** The digits a number is searched by (its key without the prefix), or null. */
export const phoneSearchDigitsOf = (typed: string | null | undefined) =>
  phoneKeyOf(typed)?.slice(PHONE_KEY_PREFIX.length) ?? null;

/** True for a full North American number (the key of one is always this long). */
export const isNorthAmericanKey = (key: string | null | undefined) =>
  key != null && /^phone:\d{10}$/.test(key);

/**
 * Whether a text or call can go to the number: a valid North American number (area code and
 * exchange not starting with 0 or 1) or an international one in E.164.
 */
export function isDialable(typed: string | null | undefined): boolean {
  const number = phoneNumberOf(typed);
  return number !== null && (!number.startsWith('+1') || DIALABLE_NORTH_AMERICAN.test(number));
}

/** "(707) 555-0123" for a North American number, the E.164 form otherwise; the text as typed if neither. */
export function formatPhoneNumber(typed: string): string {
  const number = phoneNumberOf(typed);
  if (!number) return typed;
  if (!number.startsWith('+1')) return number;
  return `(${number.slice(2, 5)}) ${number.slice(5, 8)}-${number.slice(8)}`;
}

/** What a tel: or sms: link accepts: the digits and "+" of the number as written, without an extension. */
export const dialablePhone = (typed: string) => typed.replace(EXTENSION, '').replace(/[^\d+]/g, '');

// Only what a person types for a phone number: digits, spaces, ( ) - . + and a leading "+1".
const PHONE_TYPED = /^[\d\s().+-]+$/;

/**
 * The digits to look for among phone numbers in a search box, or null when the search is not a
 * phone number. Stored numbers are searched by their key's digits, so "+1 707 555 0123" searches
 * as 7075550123, and part of a number ("555-01") as its digits. A name or address with digits in
 * it ("Unit 512", "Booker3k2") is not a phone search: its digits would match strangers' numbers.
 */
export function phoneSearchOf(q: string, atLeast = 3): string | null {
  if (!PHONE_TYPED.test(q)) return null;
  const whole = phoneSearchDigitsOf(q);
  const digits = whole ?? q.replace(/\D/g, '').slice(-10);
  return digits.length >= atLeast ? digits : null;
}
