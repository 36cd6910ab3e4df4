import { describe, expect, it } from 'vitest';
import { CHANNELS, WEB_FORM_OPTIONS } from '@washdesk/contract';
import { freshSchema, lineOf, sourceFiles } from './source-files.ts';

// One channel vocabulary (issue 32, item 4): contract/src/channels.ts. Every list, type, value
// and SQL CHECK in a channel's position holds only the vocabulary's words (and the web's forms,
// which the leads' channel names on the wire). A text is `text`: `sms` was a second word for it.

const KNOWN = new Set<string>([...CHANNELS, ...WEB_FORM_OPTIONS.map((f) => f.value)]);
const VOCABULARY = 'contract/src/channels.ts';

const literals = (text: string) => [...text.matchAll(/['"]([a-z][a-z-]*)['"]/g)].map((m) => m[1]!);

/** Where a channel is named in TypeScript and SQL, with the words named there. */
const POSITIONS: [string, RegExp][] = [
  // const LEAD_CHANNELS = [...], z.enum([...]) named for channels, `as const` lists.
  ['a channel list', /\b\w*(?:CHANNEL|Channel)S?\w*\s*(?::[^=\n]*)?=\s*(?:z\.enum\()?(\[[^\]]*\])/g],
  // type QuoteChannel = 'email' | 'sms'
  ['a channel type', /\btype\s+\w*Channel\w*\s*=\s*((?:\s*\|?\s*['"][a-z-]+['"])+)/g],
  // { channel: 'sms' }, channel === 'sms', channel: z.literal('sms')
  ['a channel value', /\bchannel\w*\??\s*(?:===?|!==?|:)\s*(?:z\.literal\()?(['"][a-z][a-z-]*['"])/g],
  // The assistant's channels report: receives('photo-quotes', …)
  ['a received channel', /\b(?:receives|isReceiving)\(\s*(['"][a-z][a-z-]*['"])/g],
  // SQL: channel = 'sms', channel IN ('email', 'sms')
  ['an SQL channel', /\bchannel\s*(?:=|<>|!=)\s*('[a-z][a-z-]*')|\bchannel\s+(?:NOT\s+)?IN\s*\(([^)]*)\)/gi],
];

function unknownChannelsIn(text: string) {
  return POSITIONS.flatMap(([what, pattern]) =>
    [...text.matchAll(pattern)].flatMap((m) =>
      literals(m.slice(1).filter(Boolean).join(' '))
        .filter((word) => !KNOWN.has(word))
        .map((word) => ({ what, word, at: m.index })),
    ),
  );
}

describe('one channel vocabulary', () => {
  it('is the only word for a channel in the source', () => {
    const found = sourceFiles()
      .filter(([file]) => file !== VOCABULARY)
      .flatMap(([file, text]) =>
        unknownChannelsIn(text).map((f) => `${file}:${lineOf(text, f.at)} ${f.what}: '${f.word}'`),
      );
    expect(found).toEqual([]);
  });

  it('is the only word for a channel in the database: its CHECKs and triggers', () => {
    const db = freshSchema();
    try {
      const found = (db.prepare('SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL').all() as {
        name: string;
        sql: string;
      }[]).flatMap((s) => unknownChannelsIn(s.sql).map((f) => `${s.name}: '${f.word}'`));
      expect(found).toEqual([]);
      const checked = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%channel IN (%'")
        .pluck()
        .all();
      expect(checked).toEqual(expect.arrayContaining(['leads', 'quote_deliveries', 'outbox_messages']));
    } finally {
      db.close();
    }
  });

  it('recognises a second word for a channel', () => {
    for (const sample of [
      "export const QUOTE_DELIVERY_CHANNELS = ['email', 'sms'] as const;",
      "const base = { channel: 'sms' as const, recipient: to };",
      "type QuoteChannel = 'email' | 'sms';",
      "channels.receives('photo-quotes', ['/api/photo-quote']);",
      "channel TEXT NOT NULL CHECK (channel IN ('email', 'sms', 'link'))",
      "DELETE FROM leads WHERE channel = 'sms' AND source_id = OLD.id;",
    ])
      expect(unknownChannelsIn(sample), sample).not.toEqual([]);
    expect(unknownChannelsIn("const LEAD_CHANNELS = ['wizard', 'text'] as const;")).toEqual([]);
  });
});
