import type { InvoiceLine, InvoiceStatus } from '@washdesk/contract';
import { FIRST_INVOICE_NUMBER } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { keyedPages } from '../db/keyed-pages.ts';
import { listCounts } from '../db/list-counts.ts';

// The one writer of `invoices` and `invoice_lines` (migrations 0049, 0050). An invoice is made
// once per job (the unique index on job_id: a replayed "done" makes none), numbered from 1001 in
// the same transaction as its lines. It holds what was sold and the deposit credited; what is
// still owed is never stored here but summed from the ledger (`invoice-balance.ts`).

/** An invoice as its list shows it: all but its lines. */
export type InvoiceHead = Omit<StoredInvoice, 'lines'>;

export interface StoredInvoice {
  id: number;
  number: number;
  jobId: number;
  customerId: number | null;
  customerName: string;
  customerPhone: string | null;
  customerEmail: string | null;
  address: string;
  token: string;
  status: InvoiceStatus;
  subtotalCents: number;
  depositCreditedCents: number;
  totalCents: number;
  issuedOn: string;
  dueOn: string;
  sentAt: string | null;
  openedAt: string | null;
  paidAt: string | null;
  voidedAt: string | null;
  voidReason: string | null;
  createdAt: string;
  updatedAt: string;
  lines: InvoiceLine[];
}

interface Row {
  id: number;
  number: number;
  job_id: number;
  customer_id: number | null;
  customer_name: string;
  customer_phone: string | null;
  customer_email: string | null;
  address: string;
  token: string;
  status: InvoiceStatus;
  subtotal_cents: number;
  deposit_credited_cents: number;
  total_cents: number;
  issued_on: string;
  due_on: string;
  sent_at: string | null;
  opened_at: string | null;
  paid_at: string | null;
  voided_at: string | null;
  void_reason: string | null;
  created_at: string;
  updated_at: string;
}
interface LineRow {
  position: number;
  service: string;
  description: string | null;
  quantity: number;
  unit_price_cents: number;
  amount_cents: number;
}

export interface NewInvoice {
  jobId: number;
  customerId: number | null;
  customerName: string;
  customerPhone: string | null;
  customerEmail: string | null;
  address: string;
  token: string;
  depositCreditedCents: number;
  issuedOn: string;
  dueOn: string;
  lines: { service: string; description: string | null; amountCents: number }[];
}

export function invoiceRepository(db: Db) {
  const byId = db.prepare<[number], Row>('SELECT * FROM invoices WHERE id = ?');
  const byToken = db.prepare<[string], Row>('SELECT * FROM invoices WHERE token = ?');
  const byJob = db.prepare<[number], Row>('SELECT * FROM invoices WHERE job_id = ?');
  const linesOf = db.prepare<[number], LineRow>(
    'SELECT * FROM invoice_lines WHERE invoice_id = ? ORDER BY position',
  );
  const nextNumber = db.prepare<[], { n: number }>(
    `SELECT COALESCE(MAX(number) + 1, ${FIRST_INVOICE_NUMBER}) AS n FROM invoices`,
  );
  // ON CONFLICT (job_id): a second "done" of the same job, however it arrives, makes nothing.
  const insert = db.prepare(`INSERT INTO invoices (number, job_id, customer_id, customer_name,
      customer_phone, customer_email, address, token, status, subtotal_cents, deposit_credited_cents,
      total_cents, issued_on, due_on, created_at, updated_at)
    VALUES (@number, @jobId, @customerId, @customerName, @customerPhone, @customerEmail, @address,
      @token, 'open', @subtotal, @deposit, @total, @issuedOn, @dueOn, @now, @now)
    ON CONFLICT (job_id) DO NOTHING`);
  const insertLine = db.prepare(`INSERT INTO invoice_lines
    (invoice_id, position, service, description, quantity, unit_price_cents, amount_cents)
    VALUES (?, ?, ?, ?, 1, ?, ?)`);
  const setStatus = db.prepare(`UPDATE invoices SET status = @status,
      paid_at = CASE WHEN @status = 'paid' THEN COALESCE(paid_at, @now) ELSE NULL END,
      updated_at = @now
    WHERE id = @id AND status <> 'void' AND status <> @status`);
  const voidOne = db.prepare(`UPDATE invoices SET status = 'void', voided_at = @now, void_reason = @reason,
      updated_at = @now WHERE id = @id AND status = 'open'`);
  const sent = db.prepare('UPDATE invoices SET sent_at = COALESCE(sent_at, @now) WHERE id = @id');
  const opened = db.prepare('UPDATE invoices SET opened_at = @now WHERE id = @id AND opened_at IS NULL');
  // Newest first by the day issued: each page's ids off an index holding the status and the whole
  // order (migration 0061), from whichever end is nearer or after a key; totals kept (0062).
  const pages = keyedPages<Row>(db, {
    table: 'invoices',
    key: 'issued_on',
    select: 'SELECT * FROM invoices i',
    alias: 'i',
    filters: { status: 'status = @status' },
    counted: 'invoices',
    everyRowIn: 'status',
  });
  const counts = listCounts(db);

  // Jobs marked done whose invoice was never made: the process stopped between the board's commit
  // and the reaction that invoices (events run after the commit). Only jobs changed since invoicing
  // was installed (migration 0049): a job finished before that was settled outside Washdesk, and
  // its customer must not get a surprise invoice. Read here (the jobs are the board's) because
  // the decision is the invoices' own: which done job still owes its invoice.
  const doneWithout = db.prepare<[], { id: number }>(`SELECT j.id FROM jobs j INDEXED BY jobs_by_status
    WHERE j.status = 'done' AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.job_id = j.id)
      AND j.updated_at >= COALESCE((SELECT applied_at FROM schema_migrations WHERE version = 49), '')
    ORDER BY j.id`);

  // A list row needs no lines (the list shows figures); reading each page's 50 invoices' lines
  // cost a statement per row on every request (issue 38).
  const toHead = (r: Row): InvoiceHead => ({
    id: r.id,
    number: r.number,
    jobId: r.job_id,
    customerId: r.customer_id,
    customerName: r.customer_name,
    customerPhone: r.customer_phone,
    customerEmail: r.customer_email,
    address: r.address,
    token: r.token,
    status: r.status,
    subtotalCents: r.subtotal_cents,
    depositCreditedCents: r.deposit_credited_cents,
    totalCents: r.total_cents,
    issuedOn: r.issued_on,
    dueOn: r.due_on,
    sentAt: r.sent_at,
    openedAt: r.opened_at,
    paidAt: r.paid_at,
    voidedAt: r.voided_at,
    voidReason: r.void_reason,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  });
  const toInvoice = (r: Row): StoredInvoice => ({
    ...toHead(r),
    lines: linesOf.all(r.id).map((l) => ({
      position: l.position,
      service: l.service,
      description: l.description,
      quantity: l.quantity,
      unitPriceCents: l.unit_price_cents,
      amountCents: l.amount_cents,
    })),
  });
  const found = (r: Row | undefined) => (r ? toInvoice(r) : undefined);

  return {
    get: (id: number) => found(byId.get(id)),
    byToken: (token: string) => found(byToken.get(token)),
    ofJob: (jobId: number) => found(byJob.get(jobId)),
    /**
     * The job's invoice, made now if it has none (`created` false: it had one, nothing changed).
     * Lines are quantity 1 at their amount; the deposit credited never exceeds the subtotal.
     */
    createOnce: db.transaction((invoice: NewInvoice): { invoice: StoredInvoice; created: boolean } => {
      const before = byJob.get(invoice.jobId);
      if (before) return { invoice: toInvoice(before), created: false };
      const subtotal = invoice.lines.reduce((sum, l) => sum + l.amountCents, 0);
      const deposit = Math.min(subtotal, Math.max(0, invoice.depositCreditedCents));
      const id = Number(
        insert.run({
          number: nextNumber.get()!.n,
          jobId: invoice.jobId,
          customerId: invoice.customerId,
          customerName: invoice.customerName,
          customerPhone: invoice.customerPhone,
          customerEmail: invoice.customerEmail,
          address: invoice.address,
          token: invoice.token,
          subtotal,
          deposit,
          total: subtotal - deposit,
          issuedOn: invoice.issuedOn,
          dueOn: invoice.dueOn,
          now: nowIso(),
        }).lastInsertRowid,
      );
      invoice.lines.forEach((l, i) =>
        insertLine.run(id, i + 1, l.service, l.description, l.amountCents, l.amountCents),
      );
      return { invoice: toInvoice(byId.get(id)!), created: true };
    }),
    /** Open ↔ paid as the ledger decides (`invoice-balance.ts`); a void invoice stays void. True if it moved. */
    setStatus: (id: number, status: 'open' | 'paid') =>
      setStatus.run({ id, status, now: nowIso() }).changes === 1,
    /** Only an open invoice is voided (a paid one is refunded instead). True if it was. */
    void: (id: number, reason: string) => voidOne.run({ id, reason, now: nowIso() }).changes === 1,
    /** When the invoice was first handed to the outbox (whether each message went: its outbox row). */
    markSent: (id: number) => void sent.run({ id, now: nowIso() }),
    /** The customer's first look at the page (later looks change nothing). */
    markOpened: (id: number) => opened.run({ id, now: nowIso() }).changes === 1,
    /** Newest first; pass the last row's `issuedOn` and `id` for the next page (or an offset, the spec's way). */
    page: (
      limit: number,
      status: InvoiceStatus | null,
      before?: { issuedOn: string; id: number },
      offset = 0,
    ) =>
      pages
        .page(
          { status },
          {
            limit,
            offset: before ? 0 : offset,
            cursor: before && { createdAt: before.issuedOn, id: before.id },
          },
        )
        .rows.map(toHead),
    count: (status: InvoiceStatus | null) =>
      status ? counts.of('invoices', `status=${status}`) : counts.all('invoices', 'status'),
    /** Done jobs (since invoicing was installed) still without their invoice, oldest first. */
    doneJobsWithoutInvoice: () => doneWithout.all().map((r) => r.id),
  };
}
export type InvoiceRepository = ReturnType<typeof invoiceRepository>;
