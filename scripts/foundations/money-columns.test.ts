import { describe, expect, it } from 'vitest';
import { freshSchema, lineOf, sourceFiles } from './source-files.ts';

// Money is integer cents (issue 32, item 2). A floating-point column is refused unless it is a
// measure that is not money, named here with why; a column whose name says money must be an
// INTEGER `*_cents`; and no source converts dollars and cents by hand (contract/src/money.ts does).

/** REAL columns that are not money, each with its reason. */
const NOT_MONEY: Record<string, string> = {
  'submission_analyses.confidence': 'how sure the photo model was, 0 to 1: a measure, not an amount',
  'places.latitude': "where an address is on the map, in degrees: the day's route, not an amount",
  'places.longitude': "where an address is on the map, in degrees: the day's route, not an amount",
};

/** Names that say money but hold no amount: a provider's id, a row it refunds, the time it was paid. */
const NOT_AN_AMOUNT = /(?:_id|_of|_at)$/;

const MONEY_NAME =
  /(?:^|_)(?:amount|price|total|cost|fee|deposit|refund|tip|dollars|balance|paid|charge)(?:_|$)/;

/** SQLite's affinity rule: a declared type with REAL, FLOA or DOUB stores floating point. */
const floating = (type: string) => /REAL|FLOA|DOUB/i.test(type);

function columns() {
  const db = freshSchema();
  try {
    const tables = db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
         AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'`,
      )
      .pluck()
      .all() as string[];
    return tables.flatMap((table) =>
      (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string; type: string }[]).map((c) => ({
        column: `${table}.${c.name}`,
        name: c.name,
        type: c.type,
      })),
    );
  } finally {
    db.close();
  }
}

describe('money in the database', () => {
  it('has no floating-point column but the measures named with their reason', () => {
    const all = columns();
    expect(all.length).toBeGreaterThan(100);
    const real = all.filter((c) => floating(c.type)).map((c) => c.column);
    expect(
      real.filter((c) => !(c in NOT_MONEY)),
      'floating-point columns (money is INTEGER cents)',
    ).toEqual([]);
    // Each exemption still exists, so the list cannot go stale.
    expect(Object.keys(NOT_MONEY).filter((c) => !real.includes(c))).toEqual([]);
  });

  it('keeps every amount of money as INTEGER cents, named *_cents', () => {
    const wrong = columns()
      .filter(
        (c) =>
          MONEY_NAME.test(c.name) &&
          !NOT_AN_AMOUNT.test(c.name) &&
          !(c.name.endsWith('_cents') && c.type.toUpperCase() === 'INTEGER'),
      )
      .map((c) => `${c.column} ${c.type}`);
    expect(wrong).toEqual([]);
  });

  it('is read by the rule itself: a REAL amount, or an amount in dollars, would be refused', () => {
    expect(floating('REAL')).toBe(true);
    expect(floating('DOUBLE PRECISION')).toBe(true);
    expect(floating('INTEGER')).toBe(false);
    expect(MONEY_NAME.test('price_low')).toBe(true);
    expect(MONEY_NAME.test('deposit_cents')).toBe(true);
    expect(MONEY_NAME.test('square_feet')).toBe(false);
    expect(NOT_AN_AMOUNT.test('refund_cents')).toBe(false);
    expect(NOT_AN_AMOUNT.test('provider_charge_id')).toBe(true);
  });
});

describe('money in the source', () => {
  it('converts dollars and cents only in contract/src/money.ts', () => {
    // "* 100" or "/ 100" next to a word that says money: the one module's job.
    const adHoc =
      /\b\w*(?:cents|Cents|amount|Amount|dollars|Dollars|price|Price)\w*\s*[*/]\s*100\b|\b100\s*\*\s*\w*(?:dollars|amount|price)\w*/g;
    const found = sourceFiles()
      .filter(([file]) => file !== 'contract/src/money.ts')
      .flatMap(([file, text]) =>
        [...text.matchAll(adHoc)].map((m) => `${file}:${lineOf(text, m.index)} ${m[0]}`),
      );
    expect(found).toEqual([]);
  });
});
