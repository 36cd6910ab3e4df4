import type { Db } from './database.ts';
import type { RowKey } from '../http/key-cursor.ts';
import { fastRows } from './fast-rows.ts';
import { bucketOf, listCounts } from './list-counts.ts';

/**
 * One admin list read at volume (issue 38): each page's ids come from an index holding the list's
 * order and filter (`(<filters>, <key> DESC, id DESC)`), and only those rows are then read and
 * joined for the screen. A page in the back half is counted from the oldest end, so the last page
 * costs what the first does; a key cursor starts right after the row it names. The photo
 * submissions list did this first (submission.repository.ts); this is its shape for every list.
 */
export interface KeyedList {
  /** The listed table, whose `id` and order key the index holds. */
  table: string;
  /** The order key (a column or an expression of the table's), newest first, then the higher id. */
  key: string;
  /** The screen's columns: `SELECT … FROM <table> <alias>` (joins and subqueries allowed). */
  select: string;
  /** The alias the select gives the listed table. */
  alias: string;
  /** A condition every page holds (e.g. a merged record is never listed). */
  always?: string;
  /** The list's filters, by the parameter each reads: used only when the parameter is given. */
  filters: Record<string, string>;
  /**
   * The list's totals kept by its table's triggers (migration 0062, `list_counts` under this name),
   * one bucket per combination of the filters, in their order here; `always` is counted as the ''
   * bucket. Without it (or with no filter and no `always`) the total is a COUNT(*).
   */
  counted?: string;
  /**
   * A filter whose column is NOT NULL, so its kept buckets hold every row once: the unfiltered
   * total is their sum (list-counts.ts `all`), not a COUNT(*) that reads a whole index per request.
   */
  everyRowIn?: string;
  /**
   * The combinations of filters whose totals are kept, as their names joined by '&' in the order
   * above (absent: every combination); any other combination is a COUNT(*).
   */
  kept?: string[];
  /** How a filter's value is named in its bucket, when not as given (e.g. folded for NOCASE). */
  bucketValue?: Record<string, (value: unknown) => unknown>;
}

export interface KeyedPage {
  limit: number;
  offset: number;
  /** The last row the client has: the page starts after it (the offset is not used). */
  cursor?: RowKey;
}

export function keyedPages<Row>(db: Db, list: KeyedList) {
  const statements = new Map<string, ReturnType<typeof prepare>>();
  const counts = listCounts(db);
  const prepare = (filters: string[]) => {
    const terms = [list.always, ...filters.map((f) => list.filters[f])].filter(Boolean);
    const where = (more?: string) => {
      const all = more ? [...terms, more] : terms;
      return all.length ? `WHERE ${all.map((t) => `(${t})`).join(' AND ')}` : '';
    };
    const ids = (direction: 'ASC' | 'DESC', after?: string) =>
      `SELECT id FROM ${list.table} ${where(after)}
        ORDER BY ${list.key} ${direction}, id ${direction} LIMIT @limit OFFSET @offset`;
    // The page's rows in the list's order, whichever end their ids were counted from.
    const rows = (direction: 'ASC' | 'DESC', after?: string) =>
      fastRows<Row>(
        db.prepare(`${list.select} WHERE ${list.alias}.id IN (${ids(direction, after)})
        ORDER BY ${qualified(list.key, list.alias)} DESC, ${list.alias}.id DESC`),
      );
    return {
      newestFirst: rows('DESC'),
      oldestFirst: rows('ASC'),
      after: rows('DESC', `(${list.key}, id) < (@cursorKey, @cursorId)`),
      count: db.prepare(`SELECT COUNT(*) FROM ${list.table} ${where()}`).pluck(),
    };
  };
  const statementsFor = (filters: string[]) => {
    const name = filters.join('/');
    let found = statements.get(name);
    if (!found) statements.set(name, (found = prepare(filters)));
    return found;
  };

  return {
    /** One page of the list and its total, with these filter parameters (null or absent: not used). */
    page(params: Record<string, unknown>, page: KeyedPage): { rows: Row[]; total: number } {
      const given = Object.keys(list.filters).filter((f) => params[f] !== undefined && params[f] !== null);
      const used = Object.fromEntries(given.map((f) => [f, params[f]]));
      const s = statementsFor(given);
      // A COUNT(*) walks every row it counts; the kept totals are one lookup.
      const kept =
        list.counted && (given.length || list.always) && (!list.kept || list.kept.includes(given.join('&')));
      let total: number;
      if (list.counted && list.everyRowIn && !given.length && !list.always)
        total = counts.all(list.counted, list.everyRowIn);
      else if (kept)
        total = counts.of(
          list.counted!,
          bucketOf(given.map((f) => [f, list.bucketValue?.[f]?.(used[f]) ?? used[f]])),
        );
      else total = s.count.get(used) as number;
      if (page.cursor) {
        const rows = s.after.all({
          ...used,
          limit: page.limit,
          offset: 0,
          cursorKey: page.cursor.createdAt,
          cursorId: page.cursor.id,
        });
        return { rows, total };
      }
      if (page.offset * 2 <= total)
        return {
          rows: s.newestFirst.all({ ...used, limit: page.limit, offset: page.offset }),
          total,
        };
      // The same rows counted from the oldest end: a page past the middle walks fewer index entries so.
      const end = Math.min(total, page.offset + page.limit);
      const rows = s.oldestFirst.all({
        ...used,
        limit: Math.max(0, end - page.offset),
        offset: Math.max(0, total - end),
      });
      return { rows, total };
    },
  };
}

/** The key as the outer query names it: a bare column gets the alias, an expression is left as it is. */
const qualified = (key: string, alias: string) => (/^\w+$/.test(key) ? `${alias}.${key}` : key);
