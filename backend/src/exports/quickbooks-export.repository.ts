import {
  PAYMENT_METHOD_LABELS,
  quickbooksDate,
  type ExportRange,
  type PaymentMethod,
} from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { decimalDollars } from '../http/decimal-dollars.ts';
import type { CsvValue } from '../http/csv.ts';
import { addDays, localDate, startOfLocalDay } from '../time.ts';

// What the QuickBooks exports read (issue 35, item 7): read-only SQL over the invoices (their
// owner is invoices/invoice.repository.ts) and the ledger (payments/ledger.repository.ts). Each is
// read in pages by key, in the order of an index, so a year of invoices streams out in constant
// memory and the thousandth page costs what the first does; void invoices and anything that did
// not settle are left out.

/** Enough rows per page to keep the statement count low, few enough to stream as we go. */
export const EXPORT_PAGE = 1_000;

interface LineRow {
  number: number;
  customer_name: string;
  issued_on: string;
  due_on: string;
  position: number;
  service: string;
  description: string | null;
  quantity: number;
  unit_price_cents: number;
  amount_cents: number;
}
interface PaymentRow {
  id: number;
  occurred_at: string;
  method: PaymentMethod;
  reference: string | null;
  applied_cents: number;
  invoice_number: number | null;
  customer: string | null;
}
export interface LineKey {
  issuedOn: string;
  number: number;
  position: number;
}
export interface PaymentKey {
  occurredAt: string;
  id: number;
}

const FIRST_DAY = '0000-01-01';
const LAST_DAY = '9999-12-31';

export function quickbooksExportRepository(db: Db, timeZone: string) {
  const lines = db.prepare<
    Record<string, string | number>,
    LineRow
  >(`SELECT i.number, i.customer_name, i.issued_on,
      i.due_on, l.position, l.service, l.description, l.quantity, l.unit_price_cents, l.amount_cents
    FROM invoices i INDEXED BY invoices_by_issued_money JOIN invoice_lines l ON l.invoice_id = i.id
    WHERE i.issued_on >= @from AND i.issued_on <= @to AND i.status <> 'void'
      AND (i.issued_on, i.number, l.position) > (@issuedOn, @number, @position)
    ORDER BY i.issued_on, i.number, l.position LIMIT @limit`);
  // A deposit is paid before its invoice exists; once the job's invoice is made it is applied to it.
  // A void invoice is not exported, so nothing is applied to it (QuickBooks keeps it as a credit).
  const payments = db.prepare<
    Record<string, string | number>,
    PaymentRow
  >(`SELECT p.id, p.occurred_at, p.method,
      COALESCE(p.reference, p.provider_payment_intent_id, p.provider_charge_id) AS reference,
      p.amount_cents - p.tip_cents AS applied_cents,
      CASE WHEN p.invoice_id IS NOT NULL THEN (CASE WHEN i.status <> 'void' THEN i.number END)
        ELSE (SELECT di.number FROM jobs dj JOIN invoices di ON di.job_id = dj.id AND di.status <> 'void'
          WHERE dj.quote_id = p.quote_id) END AS invoice_number,
      COALESCE(i.customer_name,
        (SELECT di.customer_name FROM jobs dj JOIN invoices di ON di.job_id = dj.id WHERE dj.quote_id = p.quote_id),
        (SELECT j.customer_name FROM jobs j WHERE j.id = p.job_id),
        (SELECT c.name FROM customers c WHERE c.id = p.customer_id)) AS customer
    FROM payments p INDEXED BY payments_by_time
    LEFT JOIN invoices i ON i.id = p.invoice_id
    WHERE p.occurred_at >= @fromAt AND p.occurred_at < @toAt AND (p.occurred_at, p.id) > (@occurredAt, @id)
      AND p.status = 'succeeded' AND p.kind = 'payment'
    ORDER BY p.occurred_at, p.id LIMIT @limit`);

  return {
    /** The next page of invoice lines after `after`, as QuickBooks' invoice rows. */
    invoiceLines(range: ExportRange, after: LineKey | null) {
      const found = lines.all({
        from: range.from ?? FIRST_DAY,
        to: range.to ?? LAST_DAY,
        issuedOn: after?.issuedOn ?? '',
        number: after?.number ?? 0,
        position: after?.position ?? 0,
        limit: EXPORT_PAGE,
      });
      const last = found.at(-1);
      return {
        rows: found.map((r): CsvValue[] => [
          r.number,
          r.customer_name,
          quickbooksDate(r.issued_on),
          quickbooksDate(r.due_on),
          r.service,
          r.description,
          r.quantity,
          decimalDollars(r.unit_price_cents),
          decimalDollars(r.amount_cents),
        ]),
        next:
          found.length < EXPORT_PAGE || !last
            ? null
            : { issuedOn: last.issued_on, number: last.number, position: last.position },
      };
    },

    /** The next page of settled payments after `after`, as QuickBooks' "Receive payments" rows. */
    payments(range: ExportRange, after: PaymentKey | null) {
      const found = payments.all({
        fromAt: range.from ? startOfLocalDay(range.from, timeZone) : '',
        toAt: range.to ? startOfLocalDay(addDays(range.to, 1), timeZone) : '\uffff',
        occurredAt: after?.occurredAt ?? '',
        id: after?.id ?? 0,
        limit: EXPORT_PAGE,
      });
      const last = found.at(-1);
      return {
        rows: found.map((r): CsvValue[] => [
          quickbooksDate(localDate(new Date(r.occurred_at), timeZone)),
          r.customer,
          PAYMENT_METHOD_LABELS[r.method],
          r.reference,
          decimalDollars(r.applied_cents),
          r.invoice_number,
        ]),
        next: found.length < EXPORT_PAGE || !last ? null : { occurredAt: last.occurred_at, id: last.id },
      };
    },
  };
}
export type QuickbooksExportRepository = ReturnType<typeof quickbooksExportRepository>;
