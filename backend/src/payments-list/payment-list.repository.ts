import type { Payment, PaymentListQuery } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { toPayment } from '../payments/ledger.repository.ts';
import { addDays, startOfLocalDay } from '../time.ts';

// The ledger as the Payments screen reads it (issue 35, item 6): newest first, filtered, a page at
// a time. Read-only: the ledger's one writer is payments/ledger.repository.ts. A key cursor pages
// from the `payments_by_time` index wherever the page is, so the thousandth page of a busy year
// costs what the first does; the filtered id columns have their own indexes.

type Filters = Omit<PaymentListQuery, 'from' | 'to'> & { fromAt?: string; beforeAt?: string };

const COLUMN: Record<string, string> = {
  kind: 'kind',
  status: 'status',
  method: 'method',
  invoiceId: 'invoice_id',
  quoteId: 'quote_id',
  jobId: 'job_id',
  customerId: 'customer_id',
};

export function paymentListRepository(db: Db, timeZone: string) {
  // One prepared statement per shape of filter (at most a few dozen), made the first time it is asked.
  const statements = new Map<string, ReturnType<Db['prepare']>>();
  const prepared = (sql: string) => {
    let s = statements.get(sql);
    if (!s) statements.set(sql, (s = db.prepare(sql)));
    return s;
  };

  return {
    list(
      query: PaymentListQuery & { limit: number; offset: number; cursor?: { createdAt: string; id: number } },
    ) {
      const filters: Filters = { ...query };
      if (query.from) filters.fromAt = startOfLocalDay(query.from, timeZone);
      if (query.to) filters.beforeAt = startOfLocalDay(addDays(query.to, 1), timeZone);
      const where: string[] = [];
      const params: Record<string, unknown> = {};
      for (const [key, column] of Object.entries(COLUMN)) {
        const value = filters[key as keyof Filters];
        if (value === undefined) continue;
        where.push(`${column} = @${key}`);
        params[key] = value;
      }
      if (filters.fromAt) {
        where.push('occurred_at >= @fromAt');
        params.fromAt = filters.fromAt;
      }
      if (filters.beforeAt) {
        where.push('occurred_at < @beforeAt');
        params.beforeAt = filters.beforeAt;
      }
      const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = prepared(`SELECT COUNT(*) FROM payments ${filter}`).pluck().get(params) as number;
      const page = query.cursor
        ? prepared(`SELECT * FROM payments ${filter ? `${filter} AND` : 'WHERE'}
            (occurred_at, id) < (@cursorAt, @cursorId) ORDER BY occurred_at DESC, id DESC LIMIT @limit`).all({
            ...params,
            cursorAt: query.cursor.createdAt,
            cursorId: query.cursor.id,
            limit: query.limit,
          })
        : prepared(`SELECT * FROM payments ${filter} ORDER BY occurred_at DESC, id DESC
            LIMIT @limit OFFSET @offset`).all({ ...params, limit: query.limit, offset: query.offset });
      return { rows: (page as Parameters<typeof toPayment>[0][]).map(toPayment) as Payment[], total };
    },
  };
}
export type PaymentListRepository = ReturnType<typeof paymentListRepository>;
