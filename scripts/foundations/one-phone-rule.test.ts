import { describe, expect, it } from 'vitest';
import { freshSchema, lineOf, sourceFiles } from './source-files.ts';

// One phone-number rule (issue 32, item 3): contract/src/phone-number.ts. No other source
// strips a number's characters, cuts its last ten digits or defines its own key or E.164 form,
// and no SQL trigger normalises a number: each asks `phone_key()`, the module registered on the
// connection (db/migrate.ts). Two rules is how one person became two customers.

const PHONE_MODULE = 'contract/src/phone-number.ts';

/** What normalising a phone number looks like in TypeScript. */
const TS_PATTERNS: [string, RegExp][] = [
  ['strips the non-digits', /\.replace\(\s*\/(?:\\D|\[\^0-9\]|\[\^\\d\]|\[\^\\d\+\])\+?\/g/g],
  ['keeps the last ten digits', /\.slice\(\s*-10\s*\)|\.substr(?:ing)?\(\s*-10/g],
  ['defines a phone key or normal form', /(?:function|const|let)\s+(?:phoneKey\w*|phoneDigits\w*|e164\w*|\w*E164\w*|normali[sz]ePhone\w*|lastTenDigits)\s*[=(]/g],
  ['reads an extension off a number', /\(\?:x\|ext/g],
  ['strips characters with a chain of SQL replace()', /replace\(\s*replace\(/gi],
  ['cuts the last ten digits in SQL', /substr\([^)]*,\s*-10\s*\)/gi],
];

/** What normalising a phone number looks like in a trigger: any replace() of a number. */
const SQL_PATTERNS: [string, RegExp][] = [
  ['strips characters with replace()', /replace\(\s*(?:replace\(|[\w.]*phone)/gi],
  ['cuts the last ten digits', /substr\([^)]*,\s*-10\s*\)/gi],
];

function phoneRulesIn(text: string, patterns = TS_PATTERNS) {
  return patterns.flatMap(([what, pattern]) =>
    [...text.matchAll(pattern)].map((m) => ({ what, at: m.index, text: m[0] })),
  );
}

describe('one phone-number rule', () => {
  it('is normalised only in contract/src/phone-number.ts', () => {
    const found = sourceFiles()
      .filter(([file]) => file !== PHONE_MODULE)
      .flatMap(([file, text]) => phoneRulesIn(text).map((f) => `${file}:${lineOf(text, f.at)} ${f.what}: ${f.text}`));
    expect(found).toEqual([]);
  });

  it('is asked by every trigger that reads a number, none normalising one itself', () => {
    const db = freshSchema();
    try {
      const triggers = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").all() as {
        name: string;
        sql: string;
      }[];
      const normalising = triggers.flatMap((t) => phoneRulesIn(t.sql, SQL_PATTERNS).map((f) => `${t.name}: ${f.what}: ${f.text}`));
      expect(normalising).toEqual([]);
      // The triggers that key a number do it through the module.
      const keyed = triggers.filter((t) => /phone_key\(/.test(t.sql)).map((t) => t.name);
      expect(keyed).toEqual(
        expect.arrayContaining(['customers_from_calls', 'customers_from_text_threads', 'leads_from_service_requests']),
      );
    } finally {
      db.close();
    }
  });

  it('recognises the rules it refuses', () => {
    const samples = [
      "phone.replace(/\\D/g, '')",
      'digits.slice(-10)',
      'export const phoneKeyOf = (p: string) => p',
      'function e164Of(phone: string) {}',
      "substr(replace(replace(NEW.phone, ' ', ''), '(', ''), -10)",
      "const digitCount = (v: string) => v.replace(/(?:x|ext\\.?)\\s*\\d+$/i, '')",
    ];
    for (const sample of samples) expect(phoneRulesIn(sample), sample).not.toEqual([]);
    expect(phoneRulesIn("substr(replace(NEW.phone, '+', ''), -10)", SQL_PATTERNS)).not.toEqual([]);
    expect(phoneRulesIn("term.replace(/[\\\\%_]/g, '')")).toEqual([]);
    expect(phoneRulesIn("rest.replace(phone, ' ')")).toEqual([]);
  });
});
