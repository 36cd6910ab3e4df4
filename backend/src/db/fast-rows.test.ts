import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { fastRows } from './fast-rows.ts';

// fastRows is only a cheaper way to build the rows `.all()` gives: for every kind of value, a
// repeated column name, a quoted one, named and positional parameters and no row at all, its rows
// are deep-equal to better-sqlite3's own, with the same keys in the same order.
const db = new Database(':memory:');
afterAll(() => db.close());
db.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, cents INTEGER, ratio REAL, photo BLOB, "odd name" TEXT);
  INSERT INTO t VALUES (1, 'Ana', 1250, 0.5, x'0102', 'a'), (2, NULL, NULL, NULL, NULL, NULL),
    (3, 'José "Pepe" O''Neil', -3, 1e300, x'', '{}');`);

const both = (sql: string, ...params: unknown[]) => ({
  slow: db.prepare(sql).all(...params),
  fast: fastRows(db.prepare(sql)).all(...params),
});

describe('fastRows', () => {
  it.each([
    ['every column', 'SELECT * FROM t ORDER BY id'],
    ['a repeated name keeps the last value', 'SELECT t.*, name AS id, 7 AS cents FROM t ORDER BY id'],
    ['expressions', "SELECT id, json_object('n', name) AS j, NULL AS empty FROM t ORDER BY id DESC"],
    ['no row', 'SELECT * FROM t WHERE id > 99'],
  ])('%s: the rows .all() gives, keys in order', (_name, sql) => {
    const { slow, fast } = both(sql);
    expect(fast).toEqual(slow);
    expect(fast.map((r) => Object.keys(r as object))).toEqual(slow.map((r) => Object.keys(r as object)));
  });

  it('binds named and positional parameters as .all() does', () => {
    const named = both('SELECT * FROM t WHERE id >= @from ORDER BY id LIMIT @limit', { from: 2, limit: 5 });
    expect(named.fast).toEqual(named.slow);
    expect(named.fast).toHaveLength(2);
    const positional = both('SELECT name FROM t WHERE id = ?', 1);
    expect(positional.fast).toEqual([{ name: 'Ana' }]);
  });

  it('refuses a column that would set the row’s prototype', () => {
    expect(() => fastRows(db.prepare('SELECT 1 AS "__proto__"'))).toThrow(/__proto__/);
  });
});
