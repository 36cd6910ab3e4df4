// What a customer texted, as staff must see it: characters that show nothing (zero-width space
// and joiners, the BOM, soft hyphens, bidirectional controls: Unicode's format characters, \p{Cf},
// and the blank "filler" letters) are made visible as ⟨U+200B⟩, and words that mix alphabets
// ("pаypal" with a Cyrillic а) or are written in look-alike forms (fullwidth "ｐａｙｐａｌ") are
// marked. Otherwise `pay<U+200B>pal.example.com` reads as a clean domain to staff who may open it.

export type VisiblePart =
  | { kind: 'text'; text: string }
  /** An invisible character, shown by its code point ("U+200B"). */
  | { kind: 'hidden'; code: string; name: string }
  /** A word that mixes alphabets or uses look-alike letters; `reason` says which. */
  | { kind: 'lookalike'; text: string; reason: string };

/** Characters that render as nothing: every format character and the blank fillers. */
const HIDDEN = /[\p{Cf}\u115F\u1160\u3164\uFFA0\u180E\u2800]/u;
const HIDDEN_GLOBAL = /[\p{Cf}\u115F\u1160\u3164\uFFA0\u180E\u2800]/gu;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
/** Spaces that show as space (JavaScript's \s also counts the invisible BOM, which must show). */
const SPACE = '[\\t\\n\\v\\f\\r \\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]';
const TOKENS = new RegExp(`${SPACE}+|(?:(?!${SPACE}).)+`, 'gsu');
const ONLY_SPACE = new RegExp(`^${SPACE}+$`, 'u');

const NAMES: Record<string, string> = {
  '200B': 'zero-width space',
  '200C': 'zero-width non-joiner',
  '200D': 'zero-width joiner',
  '2060': 'word joiner',
  FEFF: 'byte-order mark',
  '00AD': 'soft hyphen',
  '200E': 'left-to-right mark',
  '200F': 'right-to-left mark',
  '202E': 'right-to-left override',
  '202D': 'left-to-right override',
  '2066': 'left-to-right isolate',
  '2067': 'right-to-left isolate',
};

const codeOf = (ch: string) => ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');

const SCRIPTS: [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
];

/** Why a word may imitate another, or null: alphabets mixed in one word, or look-alike forms. */
export function lookalikeReason(word: string): string | null {
  const letters = [...word].filter((ch) => /\p{L}/u.test(ch));
  const scripts = SCRIPTS.filter(([, re]) => letters.some((ch) => re.test(ch))).map(([name]) => name);
  if (scripts.length > 1) return `Mixes ${scripts.join(' and ')} letters: it may imitate another word`;
  const plain = word.normalize('NFKC');
  if (letters.length > 0 && plain !== word && /\p{L}/u.test(plain))
    return `Written in look-alike characters: reads as "${plain}"`;
  return null;
}

/** A zero-width joiner between two pictographs builds one emoji (👩‍🔧): nothing hidden there. */
const joinsEmoji = (chars: string[], i: number) =>
  chars[i] === '\u200D' && PICTOGRAPH.test(chars[i - 1] ?? '') && PICTOGRAPH.test(chars[i + 1] ?? '');

/** The text split into what shows as is, what is hidden (made visible), and look-alike words. */
export function visibleParts(text: string): VisiblePart[] {
  const parts: VisiblePart[] = [];
  const pushText = (t: string) => {
    if (!t) return;
    const last = parts.at(-1);
    if (last?.kind === 'text') last.text += t;
    else parts.push({ kind: 'text', text: t });
  };
  // Words (and the spaces between them) in order; a word is judged without its hidden characters.
  for (const token of text.match(TOKENS) ?? []) {
    if (ONLY_SPACE.test(token)) {
      pushText(token);
      continue;
    }
    const reason = lookalikeReason(token.replace(HIDDEN_GLOBAL, ''));
    const chars = [...token];
    let run = '';
    const flush = () => {
      if (!run) return;
      if (reason) parts.push({ kind: 'lookalike', text: run, reason });
      else pushText(run);
      run = '';
    };
    chars.forEach((ch, i) => {
      if (HIDDEN.test(ch) && !joinsEmoji(chars, i)) {
        flush();
        const code = codeOf(ch);
        parts.push({ kind: 'hidden', code: `U+${code}`, name: NAMES[code] ?? 'invisible character' });
      } else run += ch;
    });
    flush();
  }
  return parts;
}

/** The same as one plain string (the thread list's one-line preview, a screen reader's label). */
export const visibleString = (text: string) =>
  visibleParts(text)
    .map((p) => (p.kind === 'hidden' ? `⟨${p.code}⟩` : p.text))
    .join('');

/** Whether anything in the text is hidden or look-alike (staff are warned once per message). */
export const hasHiddenOrLookalike = (text: string) => visibleParts(text).some((p) => p.kind !== 'text');
