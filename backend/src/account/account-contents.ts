import {
  APPOINTMENT_SERVICE_OPTIONS,
  dialledDigitsOf,
  type AccountInvoice,
  type AccountPayment,
  type AccountPlan,
  type AccountQuote,
  type AccountVisit,
  type CustomerAccount,
} from '@washdesk/contract';
import type { Db } from '../db/database.ts';

// What the customer's page shows, read for ONE live customer record: its own rows, the rows of
// every record merged into it (customers.merged_into; a merge moves timeline items and keeps the
// absorbed record's id on invoices, payments and plans), and nothing else. Reads only: each table
// keeps its one writer; a change goes through the owner's own page (quote, visit, invoice).

// The person's record ids: the live record and every record merged into it (a merge points each
// absorbed record, even through chains, straight at the one kept: customer.repository.ts).
const MINE = 'SELECT id FROM customers WHERE id = @c OR merged_into = @c';
// A lead's channel row on the person's timeline (one lead per channel row, migration 0037).
const ITEM_OF_LEAD = `CASE l.channel WHEN 'wizard' THEN 'request' WHEN 'photo-form' THEN 'submission'
  WHEN 'quote-tool' THEN 'submission' WHEN 'phone' THEN 'call' WHEN 'text' THEN 'text'
  WHEN 'messenger' THEN 'conversation' END`;
// A quote is theirs when made on their record, for their photo submission, or from their lead.
const QUOTE_IDS = `SELECT q.id FROM sent_quotes q WHERE q.customer_id IN (${MINE})
  OR q.submission_id IN (SELECT source_id FROM customer_items WHERE customer_id = @c AND kind = 'submission')
  OR q.lead_id IN (SELECT l.id FROM leads l JOIN customer_items i ON i.customer_id = @c
    AND i.source_id = l.source_id AND i.kind = ${ITEM_OF_LEAD})`;

interface QuoteRow {
  id: number;
  token: string;
  sent_at: string;
  valid_until: string;
  amount_cents: number;
  accepted_at: string | null;
  accepted_total_cents: number | null;
  deposit_cents: number | null;
  deposit_paid_cents: number | null;
  deposit_pending_cents: number | null;
}
interface VisitRow {
  id: number;
  scheduled_date: string;
  preferred_time: string | null;
  status: AccountVisit['status'];
  service_type: string;
  job_title: string | null;
}
interface InvoiceRow {
  number: number;
  token: string;
  issued_on: string;
  due_on: string;
  total_cents: number;
  status: AccountInvoice['status'];
  paid_cents: number | null;
  pending_cents: number | null;
}
interface PlanRow {
  id: number;
  title: string;
  every_years: number;
  month: number;
  due_job_id: number | null;
  due_month: string | null;
}

const SERVICE_LABELS = new Map<string, string>(APPOINTMENT_SERVICE_OPTIONS.map((o) => [o.value, o.label]));

export function accountContents(db: Db) {
  const customer = db.prepare<
    { c: number },
    { name: string | null; phone: string | null; email: string | null; address: string | null }
  >('SELECT name, phone, email, address FROM customers WHERE id = @c AND merged_into IS NULL');
  // Superseded quotes were replaced by a newer one; the customer sees the one that stands.
  const quotes = db.prepare<{ c: number }, QuoteRow>(`SELECT q.id, q.token, q.sent_at, q.valid_until,
      q.amount_cents, q.accepted_at, q.accepted_total_cents, q.deposit_cents,
      (SELECT SUM(amount_cents - tip_cents) FROM payments p WHERE p.quote_id = q.id
        AND p.purpose = 'deposit' AND p.status = 'succeeded' AND p.kind <> 'fee') AS deposit_paid_cents,
      (SELECT SUM(amount_cents) FROM payments p WHERE p.quote_id = q.id
        AND p.purpose = 'deposit' AND p.status = 'pending' AND p.kind = 'payment') AS deposit_pending_cents
    FROM sent_quotes q WHERE q.id IN (${QUOTE_IDS}) AND q.superseded_at IS NULL
    ORDER BY q.sent_at DESC, q.id DESC`);
  const visits = db.prepare<{ c: number }, VisitRow>(`SELECT a.id, a.scheduled_date, a.preferred_time,
      a.status, a.service_type, j.title AS job_title
    FROM customer_items i JOIN appointments a ON a.id = i.source_id LEFT JOIN jobs j ON j.id = a.job_id
    WHERE i.customer_id = @c AND i.kind = 'appointment'
    ORDER BY a.scheduled_date DESC, a.preferred_time DESC, a.id DESC`);
  const invoices = db.prepare<{ c: number }, InvoiceRow>(`SELECT v.number, v.token, v.issued_on, v.due_on,
      v.total_cents, v.status,
      (SELECT SUM(amount_cents - tip_cents) FROM payments p WHERE p.invoice_id = v.id
        AND p.status = 'succeeded' AND p.kind <> 'fee') AS paid_cents,
      (SELECT SUM(amount_cents - tip_cents) FROM payments p WHERE p.invoice_id = v.id
        AND p.status = 'pending' AND p.kind = 'payment') AS pending_cents
    FROM invoices v WHERE v.customer_id IN (${MINE}) AND v.status <> 'void'
    ORDER BY v.issued_on DESC, v.id DESC`);
  // Money in and back out (fees and chargebacks are the business's own books, not a receipt).
  const payments = db.prepare<
    { c: number },
    AccountPayment & {
      occurred_at: string;
      amount_cents: number;
      tip_cents: number;
      invoice_number: number | null;
    }
  >(`SELECT p.id, p.occurred_at, p.kind, p.status, p.method, p.amount_cents, p.tip_cents, p.purpose,
      v.number AS invoice_number
    FROM payments p LEFT JOIN invoices v ON v.id = p.invoice_id
    WHERE p.kind IN ('payment', 'refund') AND p.status IN ('pending', 'succeeded')
      AND (p.customer_id IN (${MINE})
        OR p.invoice_id IN (SELECT id FROM invoices WHERE customer_id IN (${MINE}))
        OR p.quote_id IN (${QUOTE_IDS}))
    ORDER BY p.occurred_at DESC, p.id DESC`);
  const plans = db.prepare<{ c: number }, PlanRow>(`SELECT s.id, s.title, s.every_years, s.month,
      j.id AS due_job_id, j.due_month
    FROM service_plans s LEFT JOIN jobs j ON j.id = (SELECT id FROM jobs WHERE plan_id = s.id
      AND status = 'unscheduled' ORDER BY due_month DESC LIMIT 1)
    WHERE s.customer_id IN (${MINE}) AND s.status = 'active' ORDER BY s.id`);
  // The invoice's own key, only for one of the person's invoices that is not void.
  const invoiceToken = db.prepare<{ c: number; n: number }, { token: string }>(`SELECT token FROM invoices
    WHERE number = @n AND customer_id IN (${MINE}) AND status <> 'void'`);
  // The quote's own key, only for one of the person's quotes (its deposit is paid through it).
  const quoteToken = db.prepare<{ c: number; id: number }, { token: string }>(`SELECT token FROM sent_quotes
    WHERE id = @id AND id IN (${QUOTE_IDS})`);
  const ownsVisit = db.prepare<{ c: number; id: number }, { ok: 1 }>(`SELECT 1 AS ok FROM customer_items
    WHERE customer_id = @c AND kind = 'appointment' AND source_id = @id`);
  const ownsPlanJob = db.prepare<{ c: number; id: number }, { ok: 1 }>(`SELECT 1 AS ok FROM jobs j
    JOIN service_plans s ON s.id = j.plan_id WHERE j.id = @id AND s.customer_id IN (${MINE})`);

  // A shared phone names the record that used it last (as "who is calling" does).
  const byKey = db.prepare<[string], { id: number }>(`SELECT c.id FROM customer_keys k
    JOIN customers c ON c.id = k.customer_id WHERE k.key = ? AND c.merged_into IS NULL
    ORDER BY c.last_activity_at DESC, c.id DESC LIMIT 1`);

  return {
    /** The live record's own contact details (a message's thread, a staff link's recipient). */
    contactOf: (c: number) => customer.get({ c }) ?? null,
    /** The live record a contact's key (phone or e-mail) belongs to, if any. */
    customerOfKey: (key: string) => byKey.get(key)?.id ?? null,
    /** The person's page, or null when the record is gone (never another record's rows). */
    of(
      c: number,
      today: string,
      business: CustomerAccount['business'],
      payOnline: boolean,
    ): CustomerAccount | null {
      const who = customer.get({ c });
      if (!who) return null;
      const digits = who.phone ? dialledDigitsOf(who.phone) : '';
      return {
        customer: {
          name: who.name,
          phoneLastFour: digits.length >= 4 ? digits.slice(-4) : null,
          email: who.email,
          address: who.address,
        },
        business,
        quotes: quotes.all({ c }).map((q): AccountQuote => ({
          id: q.id,
          sentAt: q.sent_at,
          validUntil: q.valid_until,
          totalCents: q.accepted_total_cents ?? q.amount_cents,
          status: q.accepted_at ? 'accepted' : q.valid_until < today ? 'expired' : 'open',
          depositCents: q.deposit_cents,
          depositPaidCents: q.deposit_paid_cents ?? 0,
          depositPendingCents: q.deposit_pending_cents ?? 0,
          url: `/quote/${q.token}`,
        })),
        visits: visits.all({ c }).map((v): AccountVisit => ({
          id: v.id,
          date: v.scheduled_date,
          time: v.preferred_time,
          title: v.job_title ?? SERVICE_LABELS.get(v.service_type) ?? v.service_type,
          status: v.status,
          changeable: v.status === 'scheduled' && v.scheduled_date >= today,
        })),
        invoices: invoices.all({ c }).map((v): AccountInvoice => {
          const paid = v.paid_cents ?? 0;
          return {
            number: v.number,
            issuedOn: v.issued_on,
            dueOn: v.due_on,
            totalCents: v.total_cents,
            paidCents: paid,
            balanceCents: Math.max(0, v.total_cents - paid),
            pendingCents: v.pending_cents ?? 0,
            status: v.status,
            url: `/invoice/${v.token}`,
          };
        }),
        payments: payments.all({ c }).map((p) => ({
          id: p.id,
          occurredAt: p.occurred_at,
          kind: p.kind,
          status: p.status,
          method: p.method,
          amountCents: p.amount_cents,
          tipCents: p.tip_cents,
          invoiceNumber: p.invoice_number,
          purpose: p.purpose,
        })),
        plans: plans.all({ c }).map((p): AccountPlan => ({
          id: p.id,
          title: p.title,
          everyYears: p.every_years,
          month: p.month,
          due: p.due_job_id !== null && p.due_month ? { jobId: p.due_job_id, dueMonth: p.due_month } : null,
        })),
        payOnline,
      };
    },
    /** The key of the person's invoice of that number (to pay it), or null when it is not theirs. */
    invoiceTokenOf: (c: number, invoiceNumber: number) =>
      invoiceToken.get({ c, n: invoiceNumber })?.token ?? null,
    /** The key of the person's quote of that id (to pay its deposit), or null when it is not theirs. */
    quoteTokenOf: (c: number, quoteId: number) => quoteToken.get({ c, id: quoteId })?.token ?? null,
    /** Whether a visit or a plan's job is this person's (before a link to its page is made). */
    owns(c: number, kind: 'visit' | 'plan-visit', id: number): boolean {
      return (kind === 'visit' ? ownsVisit : ownsPlanJob).get({ c, id }) !== undefined;
    },
  };
}
export type AccountContents = ReturnType<typeof accountContents>;
