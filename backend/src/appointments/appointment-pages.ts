import type { AppointmentStatus } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { listCounts } from '../db/list-counts.ts';

/** The visits' part of a list page: which filters, and the business's today. */
export interface VisitPageFilter {
  status?: AppointmentStatus;
  from?: string;
  to?: string;
  soonestFirst?: boolean;
  today: string;
  limit: number;
  offset: number;
}

/** One run of the list's order, read off one index from either end (migration 0061). */
interface Run {
  count: number;
  read(offset: number, limit: number): number[];
}

/**
 * The visits list at volume (issue 38). The office's order is two runs: from today on, soonest
 * first, then the past, latest day first (within a day by the hour, then id). Each run is read
 * off its own index (`appointments_ahead` / `appointments_past`, or their status twins) from
 * whichever end is nearer, and its size comes from the kept totals of its days and months
 * (migrations 0062 and 0066), so the last page costs what the first does and no page counts rows.
 * `timeOfDay` is the repository's TIME_OF_DAY expression, which the indexes hold word for word.
 */
export function appointmentPages(db: Db, timeOfDay: string) {
  const counts = listCounts(db);
  const total = db.prepare<[], number>('SELECT COUNT(*) FROM appointments').pluck();
  const statements = new Map<string, ReturnType<Db['prepare']>>();
  const prepared = (sql: string) => {
    let found = statements.get(sql);
    if (!found) statements.set(sql, (found = db.prepare(sql).pluck()));
    return found;
  };
  /**
   * The visits (of one status, or all) on the days from `from` (or the first) up to, not including,
   * `before` (or the last): the days of the first and the last month, and one kept total per month
   * between, so the sum reads a few dozen rows however many days ahead the business has booked.
   */
  const visitsBetween = (
    status: AppointmentStatus | undefined,
    from: string | null,
    before: string | null,
  ) => {
    const days = status ? `status=${status}&day=` : 'day=';
    const months = status ? `status=${status}&month=` : 'month=';
    const firstMonth = from?.slice(0, 7) ?? null;
    const lastMonth = before?.slice(0, 7) ?? null;
    if (firstMonth !== null && lastMonth !== null && firstMonth >= lastMonth)
      return counts.between('appointments', days, from, before);
    // '~' sorts after every day of a month ('2026-11-30') and before the next month ('2026-12').
    const afterFirstMonth = firstMonth === null ? null : `${firstMonth}~`;
    return (
      (from === null ? 0 : counts.between('appointments', days, from, afterFirstMonth)) +
      counts.between('appointments', months, afterFirstMonth, lastMonth) +
      (before === null ? 0 : counts.between('appointments', days, lastMonth, before))
    );
  };
  /** The ids of one run in (or against) its order. */
  const ids = (where: string[], order: string, params: Record<string, unknown>) =>
    prepared(`SELECT id FROM appointments WHERE ${where.join(' AND ')}
      ORDER BY ${order} LIMIT @limit OFFSET @offset`).all(params) as number[];
  const AHEAD = `scheduled_date ASC, ${timeOfDay} ASC, id ASC`;
  const AHEAD_BACK = `scheduled_date DESC, ${timeOfDay} DESC, id DESC`;
  const PAST = `scheduled_date DESC, ${timeOfDay} ASC, id ASC`;
  const PAST_BACK = `scheduled_date ASC, ${timeOfDay} DESC, id DESC`;

  const run = (
    where: string[],
    order: string,
    back: string,
    params: Record<string, unknown>,
    count: number,
  ): Run => ({
    count,
    read(offset, limit) {
      if (offset * 2 <= count) return ids(where, order, { ...params, offset, limit });
      // Past the middle: the same rows counted from the far end, walked fewer index entries so.
      return ids(where, back, { ...params, offset: Math.max(0, count - offset - limit), limit }).reverse();
    },
  });

  return {
    /** One page's ids in the list's order, and the list's total. */
    page(f: VisitPageFilter): { ids: number[]; total: number } {
      const base = f.status ? ['status = @status'] : [];
      const params = { status: f.status ?? null, from: f.from ?? null, to: f.to ?? null, today: f.today };
      const dayAfter = (day: string) => `${day}\u0000`; // just past the day's bucket, before the next
      const runs: Run[] = [];
      // From today on (or, soonest first, from the first day asked), up to the last day asked.
      const aheadFrom = f.soonestFirst ? (f.from ?? null) : f.from && f.from > f.today ? f.from : f.today;
      const aheadWhere = [...base];
      if (aheadFrom !== null) aheadWhere.push('scheduled_date >= @aheadFrom');
      if (f.to) aheadWhere.push('scheduled_date <= @to');
      const aheadCount =
        f.to && aheadFrom !== null && f.to < aheadFrom
          ? 0
          : visitsBetween(f.status, aheadFrom, f.to ? dayAfter(f.to) : null);
      runs.push(run(aheadWhere, AHEAD, AHEAD_BACK, { ...params, aheadFrom }, aheadCount));
      if (!f.soonestFirst) {
        // Then the past, latest first, from the first day asked.
        const pastWhere = [...base, 'scheduled_date < @pastBefore'];
        if (f.from) pastWhere.push('scheduled_date >= @from');
        const pastBefore = f.to && f.to < f.today ? dayAfter(f.to) : f.today;
        const pastCount =
          f.from && f.from >= pastBefore
            ? 0
            : !f.from && !f.to
              ? (f.status ? counts.of('appointments', `status=${f.status}`) : total.get()!) - aheadCount
              : visitsBetween(f.status, f.from ?? null, pastBefore);
        runs.push(run(pastWhere, PAST, PAST_BACK, { ...params, pastBefore }, pastCount));
      }
      const found: number[] = [];
      let skip = f.offset;
      for (const r of runs) {
        const want = f.limit - found.length;
        if (want <= 0) break;
        if (skip >= r.count) {
          skip -= r.count;
          continue;
        }
        found.push(...r.read(skip, Math.min(want, r.count - skip)));
        skip = 0;
      }
      return { ids: found, total: runs.reduce((sum, r) => sum + r.count, 0) };
    },
  };
}
