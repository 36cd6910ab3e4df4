// The trigram indexes (migrations 0013 and 0014) answer substrings of three characters or more.
export const TRIGRAM = 3;

// An FTS5 phrase: the text in double quotes, its own quotes doubled; nothing in it is syntax.
export const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** A LIKE pattern that finds the text anywhere; `%`, `_` and `\` in it are plain characters. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// A phone number typed into a search box is read by the one phone rule: phoneSearchOf in
// contract/src/phone-number.ts.
