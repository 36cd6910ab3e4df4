// The trigram indexes (migrations 0013 and 0014) answer substrings of three characters or more.
export const TRIGRAM = 3;

// An FTS5 phrase: the text in double quotes, its own quotes doubled; nothing in it is syntax.
export const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** A LIKE pattern that finds the text anywhere; `%`, `_` and `\` in it are plain characters. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Only what a person types for a phone number: digits, spaces, ( ) - . + and a leading "+1".
const PHONE_TYPED = /^[\d\s().+-]+$/;

/**
 * The digits to look for among phone numbers, or null when the search is not a phone number.
 * Numbers are kept as their last ten digits, so "+1 707 555 0123" searches as 7075550123.
 * A name or address with digits in it ("Unit 512", "Booker3k2") is not a phone search: its
 * digits would otherwise match strangers' numbers.
 */
export function phoneDigitsOf(q: string, atLeast = 3): string | null {
  if (!PHONE_TYPED.test(q)) return null;
  const digits = q.replace(/\D/g, '').slice(-10);
  return digits.length >= atLeast ? digits : null;
}
