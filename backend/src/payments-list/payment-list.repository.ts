import type { Payment, PaymentListQuery } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { keyedPages } from '../db/keyed-pages.ts';
import { toPayment } from '../payments/ledger.repository.ts';
import { addDays, startOfLocalDay } from '../time.ts';

// The ledger as the Payments screen reads it (issue 35, item 6): newest first, filtered, a page at
// a time. Read-only: the ledger's one writer is payments/ledger.repository.ts. A key cursor pages
// from the `payments_by_time` index wherever the page is, so the thousandth page of a busy year
// costs what the first does; the filtered id columns have their own indexes.

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
  // Each page's ids off an index holding the filter and the order (`payments_by_time`, or one kind's
  // or status's: migration 0061), from whichever end is nearer or after a key; one kind's or one
  // status's total is kept by the ledger's triggers (0062), any other filter's is counted.
  const pages = keyedPages<Parameters<typeof toPayment>[0]>(db, {
    table: 'payments',
    key: 'occurred_at',
    select: 'SELECT * FROM payments p',
    alias: 'p',
    filters: {
      ...Object.fromEntries(Object.entries(COLUMN).map(([key, column]) => [key, `${column} = @${key}`])),
      fromAt: 'occurred_at >= @fromAt',
      beforeAt: 'occurred_at < @beforeAt',
    },
    counted: 'payments',
    kept: ['kind', 'status'],
  });

  return {
    list(
      query: PaymentListQuery & { limit: number; offset: number; cursor?: { createdAt: string; id: number } },
    ) {
      const filters: Record<string, unknown> = { ...query };
      if (query.from) filters.fromAt = startOfLocalDay(query.from, timeZone);
      if (query.to) filters.beforeAt = startOfLocalDay(addDays(query.to, 1), timeZone);
      const { rows, total } = pages.page(filters, query);
      return { rows: rows.map(toPayment) as Payment[], total };
    },
  };
}
export type PaymentListRepository = ReturnType<typeof paymentListRepository>;
