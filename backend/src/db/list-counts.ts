import type { Db } from './database.ts';

/**
 * The admin lists' totals per filter value (migration 0062), kept by each listed table's triggers
 * as rows are written, so a page's X-Total-Count is one lookup instead of a COUNT(*) that walks
 * every row it counts. Read-only here: only those triggers write `list_counts`.
 */
export function listCounts(db: Db) {
  const one = db
    .prepare<[string, string], number>('SELECT n FROM list_counts WHERE list = ? AND bucket = ?')
    .pluck();
  const range = db
    .prepare<{ list: string; from: string; end: string }, number>(
      'SELECT COALESCE(SUM(n), 0) FROM list_counts WHERE list = @list AND bucket >= @from AND bucket < @end',
    )
    .pluck();
  // Buckets of one filter alone ('status=…', not 'status=…&callback=…'): '>' follows '=' in every
  // collation, so the range is exactly the names that start with 'status='.
  const alone = db
    .prepare<{ list: string; from: string; end: string }, number>(
      `SELECT COALESCE(SUM(n), 0) FROM list_counts
        WHERE list = @list AND bucket >= @from AND bucket < @end AND instr(bucket, '&') = 0`,
    )
    .pluck();
  return {
    /**
     * Every row of `list`, summed from the buckets of one filter whose column is NOT NULL (each row
     * is in exactly one of them): a lookup of a few rows where a COUNT(*) reads a whole index.
     */
    all: (list: string, filter: string) => alone.get({ list, from: `${filter}=`, end: `${filter}>` }) ?? 0,
    /** The rows of `list` in one bucket ('status=missed', 'stage=new&channel=wizard', …). */
    of: (list: string, bucket: string) => one.get(list, bucket) ?? 0,
    /**
     * The rows of the buckets `prefix` + a value from `from` (or the first) up to, not including,
     * `before` (or the last): the visits from today on are ('day=', today).
     */
    between: (list: string, prefix: string, from: string | null, before: string | null) =>
      range.get({ list, from: `${prefix}${from ?? ''}`, end: `${prefix}${before ?? '\uffff'}` }) ?? 0,
  };
}

/** A bucket's name: the filters given, in the list's order, as `name=value` joined by '&'. */
export function bucketOf(filters: [string, unknown][]): string {
  return filters
    .map(([name, value]) => `${name}=${typeof value === 'boolean' ? Number(value) : String(value)}`)
    .join('&');
}

/** SQLite's lower() and NOCASE fold ASCII letters only; a bucket of a NOCASE filter is folded the same way. */
export const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
