// Numbers as callers say them and as speech recognition writes them: "twenty four hundred",
// "two thousand four hundred", "2,400", "2.4k", "eighteen hundred". Every run of number words in a
// sentence becomes digits, so the size and storey rules read one spelling.

export const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  single: 1,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const isNumberWord = (w: string) => w in UNITS || w in TENS || w === 'hundred' || w === 'thousand';

/** The value of a run of number words ("twenty four hundred" → 2400). */
function valueOf(words: readonly string[]): number {
  let total = 0;
  let current = 0;
  for (const w of words) {
    if (w in UNITS) current += UNITS[w]!;
    else if (w in TENS) current += TENS[w]!;
    else if (w === 'hundred') current = (current || 1) * 100;
    else if (w === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    }
  }
  return total + current;
}

/**
 * The sentence lower-cased with number words as digits and digit groupings undone:
 * "About Twenty-Four Hundred sq. ft" → "about 2400 sq ft", "2.4k" → "2400", "a thousand" → "1000".
 */
export function withDigits(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/(\d),(\d{3})\b/g, '$1$2')
    .replace(/\b(\d+(?:\.\d+)?)\s*(k|thousand)\b/g, (_, n: string) => String(Math.round(Number(n) * 1000)))
    .replace(/-/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < words.length;) {
    const bare = words[i]!.replace(/[^a-z]/g, '');
    const next = words[i + 1]?.replace(/[^a-z]/g, '');
    // "a thousand", "a hundred": the article is the number one.
    const startsRun = isNumberWord(bare) || (bare === 'a' && (next === 'hundred' || next === 'thousand'));
    if (!startsRun) {
      out.push(words[i]!);
      i += 1;
      continue;
    }
    const run: string[] = [];
    let trailing = '';
    while (i < words.length) {
      const w = words[i]!.replace(/[^a-z]/g, '');
      const joins = w === 'and' && run.length > 0 && isNumberWord(words[i + 1]?.replace(/[^a-z]/g, '') ?? '');
      if (!(isNumberWord(w) || joins || (w === 'a' && run.length === 0))) break;
      if (w !== 'and' && w !== 'a') run.push(w);
      trailing = words[i]!.replace(/^[a-z-]*/, '');
      i += 1;
      if (trailing) break;
    }
    out.push(`${valueOf(run)}${trailing}`);
  }
  return out.join(' ');
}
