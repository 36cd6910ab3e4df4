import type { Job, JobLineItem, JobStatus } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';

// The one writer of `jobs` and `job_line_items` (docs/ARCHITECTURE.md). A job is what was sold:
// "Book the job" (quotes), a recurring plan's season and staff create it; the board schedules its
// visit (an appointment of kind 'job'); payments invoice it.

interface JobRow {
  id: number;
  customer_id: number | null;
  customer_name: string;
  customer_phone: string;
  customer_email: string | null;
  address: string;
  title: string;
  price_cents: number;
  duration_minutes: number;
  status: JobStatus;
  quote_id: number | null;
  plan_id: number | null;
  due_month: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}
interface LineRow {
  service: string;
  area_sq_ft: number | null;
  unit_price_cents: number | null;
  amount_cents: number;
}

export interface NewJob {
  customerId?: number | null;
  customerName: string;
  customerPhone: string;
  customerEmail?: string | null;
  address: string;
  title: string;
  durationMinutes: number;
  quoteId?: number | null;
  planId?: number | null;
  dueMonth?: string | null;
  notes?: string | null;
  /** The price is their sum: a job's price is never typed apart from what it is made of. */
  lineItems: JobLineItem[];
}

export function jobRepository(db: Db) {
  const one = db.prepare<[number], JobRow>('SELECT * FROM jobs WHERE id = ?');
  const lines = db.prepare<[number], LineRow>(
    'SELECT service, area_sq_ft, unit_price_cents, amount_cents FROM job_line_items WHERE job_id = ? ORDER BY position',
  );
  const insert = db.prepare(`INSERT INTO jobs (customer_id, customer_name, customer_phone, customer_email,
      address, title, price_cents, duration_minutes, status, quote_id, plan_id, due_month, notes, created_at, updated_at)
    VALUES (@customerId, @customerName, @customerPhone, @customerEmail, @address, @title, @priceCents,
      @durationMinutes, 'unscheduled', @quoteId, @planId, @dueMonth, @notes, @now, @now)`);
  const insertLine = db.prepare(`INSERT INTO job_line_items
    (job_id, position, service, area_sq_ft, unit_price_cents, amount_cents)
    VALUES (?, ?, ?, ?, ?, ?)`);
  const setStatus = db.prepare('UPDATE jobs SET status = @status, updated_at = @now WHERE id = @id');
  // The tray: oldest first, by key so the thousandth page costs what the first does.
  const unscheduled = db.prepare<{ afterId: number; limit: number }, JobRow>(
    `SELECT * FROM jobs WHERE status = 'unscheduled' AND id > @afterId ORDER BY id LIMIT @limit`,
  );
  const ofCustomer = db.prepare<[number], JobRow>(
    'SELECT * FROM jobs WHERE customer_id = ? ORDER BY id DESC',
  );
  const ofPlanMonth = db.prepare<[number, string], JobRow>(
    'SELECT * FROM jobs WHERE plan_id = ? AND due_month = ?',
  );
  const ofPlan = db.prepare<[number], JobRow>('SELECT * FROM jobs WHERE plan_id = ? ORDER BY due_month');

  const ofQuote = db.prepare<[number], JobRow>('SELECT * FROM jobs WHERE quote_id = ?');

  const toJob = (r: JobRow): Job => ({
    id: r.id,
    customerId: r.customer_id,
    customerName: r.customer_name,
    customerPhone: r.customer_phone,
    customerEmail: r.customer_email,
    address: r.address,
    title: r.title,
    priceCents: r.price_cents,
    durationMinutes: r.duration_minutes,
    status: r.status,
    quoteId: r.quote_id,
    planId: r.plan_id,
    dueMonth: r.due_month,
    notes: r.notes,
    lineItems: lines.all(r.id).map((l) => ({
      service: l.service,
      areaSqFt: l.area_sq_ft,
      unitPriceCents: l.unit_price_cents,
      amountCents: l.amount_cents,
    })),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  });
  const get = (id: number) => {
    const row = one.get(id);
    return row ? toJob(row) : undefined;
  };

  return {
    get,
    /** A job and its lines in one transaction: never a price without what it is made of. */
    create: db.transaction((job: NewJob): Job => {
      const priceCents = job.lineItems.reduce((sum, line) => sum + line.amountCents, 0);
      const id = Number(
        insert.run({
          customerId: job.customerId ?? null,
          customerName: job.customerName,
          customerPhone: job.customerPhone,
          customerEmail: job.customerEmail ?? null,
          address: job.address,
          title: job.title,
          priceCents,
          durationMinutes: job.durationMinutes,
          quoteId: job.quoteId ?? null,
          planId: job.planId ?? null,
          dueMonth: job.dueMonth ?? null,
          notes: job.notes ?? null,
          now: nowIso(),
        }).lastInsertRowid,
      );
      job.lineItems.forEach((line, i) =>
        insertLine.run(id, i + 1, line.service, line.areaSqFt, line.unitPriceCents, line.amountCents),
      );
      return get(id)!;
    }),
    /** Moves a job along its day; the caller (the board's rules) decides which moves are allowed. */
    setStatus(id: number, status: JobStatus) {
      return setStatus.run({ id, status, now: nowIso() }).changes ? get(id) : undefined;
    },
    /** Jobs waiting for a visit, after `afterId` (0 for the first page). */
    unscheduled: (afterId = 0, limit = 50) => unscheduled.all({ afterId, limit }).map(toJob),
    ofCustomer: (customerId: number) => ofCustomer.all(customerId).map(toJob),
    /** A recurring plan's job for a due month (`YYYY-MM`), if made (one per plan and month: migration 0043). */
    ofPlanMonth: (planId: number, dueMonth: string) => {
      const row = ofPlanMonth.get(planId, dueMonth);
      return row ? toJob(row) : undefined;
    },
    /** Every job a recurring plan made, by due month. */
    ofPlan: (planId: number) => ofPlan.all(planId).map(toJob),
    /** The job booked from a quote, if any (one per quote: migration 0044's unique index). */
    ofQuote: (quoteId: number) => {
      const row = ofQuote.get(quoteId);
      return row ? toJob(row) : undefined;
    },
  };
}
export type JobRepository = ReturnType<typeof jobRepository>;
