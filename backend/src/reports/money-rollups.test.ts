import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { ledgerRepository, type LedgerEntry } from '../payments/ledger.repository.ts';
import { addDays } from '../time.ts';
import { moneyByWeekRepository } from './money-by-week.repository.ts';

// The weekly money figures read the rollups migration 0065 keeps by trigger on every write of the
// ledger, the offers and the invoices. Over generated histories (offers sent, accepted and
// superseded; invoices issued and voided; ledger rows written through the ledger's own owner in
// any order: payments pending then settled or failed, refunds before the payment they refund,
// disputes and their reversals, fees, cash), the rollups give exactly what the straight sums over
// the source rows give, week by week and channel by channel, in a whole-hour zone and in zones
// whose midnight is not on the hour (their part-hours come from the source rows).

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-money-rollups-'));
const db = openDatabase(
  path.join(dir, 'money.sqlite'),
  path.resolve(import.meta.dirname, '../../migrations'),
);
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Monday 2 March 2026, 00:00 UTC: the histories span six weeks from here. */
const BASE = Date.parse('2026-03-02T00:00:00.000Z');
const SPAN_MIN = 6 * 7 * 1440;
const at = (minute: number) => new Date(BASE + minute * 60_000).toISOString();
const MONDAYS = Array.from({ length: 8 }, (_, i) => addDays('2026-02-23', 7 * i));
const ZONES = ['America/Los_Angeles', 'America/St_Johns', 'Asia/Kathmandu'];

const minute = fc.integer({ min: 0, max: SPAN_MIN });
const history = fc.record({
  leads: fc.array(fc.constantFrom('wizard', 'quote-tool', 'phone', 'messenger', 'photo-form'), {
    minLength: 1,
    maxLength: 4,
  }),
  quotes: fc.array(
    fc.record({
      lead: fc.nat(5),
      sent: minute,
      amount: fc.integer({ min: 1_000, max: 90_000 }),
      acceptedAfter: fc.option(fc.integer({ min: 1, max: 20_000 }), { nil: null }),
      acceptedTotal: fc.option(fc.integer({ min: 1_000, max: 90_000 }), { nil: null }),
      superseded: fc.boolean(),
      invoiceDay: fc.option(fc.integer({ min: 0, max: 44 }), { nil: null }),
      voided: fc.boolean(),
    }),
    { maxLength: 8 },
  ),
  moves: fc.array(
    fc.record({
      kind: fc.constantFrom('payment', 'refund', 'dispute', 'dispute_reversal', 'fee', 'cash'),
      pi: fc.nat(5),
      copy: fc.nat(2),
      status: fc.constantFrom('pending', 'succeeded', 'succeeded', 'failed', 'canceled'),
      amount: fc.integer({ min: 1, max: 50_000 }),
      tip: fc.integer({ min: 0, max: 3_000 }),
      at: minute,
      ref: fc.nat(8),
      link: fc.constantFrom('quote', 'invoice', 'job', 'none'),
      method: fc.constantFrom('card', 'us_bank_account', 'cash', 'check'),
    }),
    { maxLength: 40 },
  ),
});
type History = typeof history extends fc.Arbitrary<infer T> ? T : never;

/** Writes a history: the offers, jobs and invoices as their owners leave them, the ledger through its owner. */
function write(h: History) {
  const ledger = ledgerRepository(db);
  const customer = Number(
    db
      .prepare(
        "INSERT INTO customers (name, phone, address, created_at, last_activity_at, updated_at) VALUES ('Ana Reyes', '7075550100', '1 Main St', ?, ?, ?)",
      )
      .run(at(0), at(0), at(0)).lastInsertRowid,
  );
  const leadIds = h.leads.map((channel, i) =>
    Number(
      db
        .prepare("INSERT INTO leads (channel, source_id, name, created_at) VALUES (?, ?, 'Lead', ?)")
        .run(channel, 700_000 + i, at(0)).lastInsertRowid,
    ),
  );
  const made = h.quotes.map((q, i) => {
    const quoteId = Number(
      db
        .prepare(
          `INSERT INTO sent_quotes (lead_id, customer_id, token, amount_cents, document, sent_at, valid_until)
           VALUES (?, ?, ?, ?, '{}', ?, '2026-12-31')`,
        )
        .run(leadIds[q.lead] ?? null, customer, `rollup-${i}-${Math.random()}`, q.amount, at(q.sent))
        .lastInsertRowid,
    );
    const jobId = Number(
      db
        .prepare(
          `INSERT INTO jobs (customer_id, customer_name, customer_phone, address, title, price_cents,
             duration_minutes, status, quote_id, created_at, updated_at)
           VALUES (?, 'Ana Reyes', '7075550100', '1 Main St', 'House wash', ?, 60, 'done', ?, ?, ?)`,
        )
        .run(customer, q.amount, quoteId, at(q.sent), at(q.sent)).lastInsertRowid,
    );
    const issuedOn = q.invoiceDay === null ? null : addDays('2026-03-02', q.invoiceDay);
    const invoiceId =
      issuedOn === null
        ? null
        : Number(
            db
              .prepare(
                `INSERT INTO invoices (number, job_id, customer_id, customer_name, address, token, status,
                   subtotal_cents, deposit_credited_cents, total_cents, issued_on, due_on, created_at, updated_at)
                 VALUES ((SELECT COALESCE(max(number), 1000) + 1 FROM invoices), ?, ?, 'Ana Reyes', '1 Main St', ?,
                   'open', ?, 0, ?, ?, ?, ?, ?)`,
              )
              .run(
                jobId,
                customer,
                `rollup-invoice-${i}-${Math.random()}`,
                q.amount,
                q.amount,
                issuedOn,
                issuedOn,
                at(0),
                at(0),
              ).lastInsertRowid,
          );
    return { quoteId, jobId, invoiceId };
  });

  h.moves.forEach((m, i) => {
    const target = made.length ? made[m.ref % made.length]! : null;
    const ids = {
      quoteId: m.link === 'quote' ? (target?.quoteId ?? null) : null,
      invoiceId: m.link === 'invoice' ? (target?.invoiceId ?? null) : null,
      jobId: m.link === 'job' ? (target?.jobId ?? null) : null,
    };
    const pi = `pi_rollup_${m.pi}`;
    const stripe = {
      providerPaymentIntentId: pi,
      method: m.method === 'cash' || m.method === 'check' ? 'card' : m.method,
    };
    const entry: LedgerEntry =
      m.kind === 'payment'
        ? {
            sourceKey: `stripe:${pi}`,
            kind: 'payment',
            status: m.status,
            amountCents: m.amount + m.tip,
            tipCents: m.tip,
            ...stripe,
            ...ids,
            occurredAt: at(m.at),
          }
        : m.kind === 'refund'
          ? {
              sourceKey: `stripe:re_${m.pi}_${m.copy}`,
              kind: 'refund',
              status: m.status,
              amountCents: -m.amount,
              tipCents: -Math.min(m.tip, m.amount),
              ...stripe,
              ...ids,
              occurredAt: at(m.at),
            }
          : m.kind === 'dispute'
            ? {
                sourceKey: `stripe:du_${m.pi}`,
                kind: 'dispute',
                status: 'succeeded',
                amountCents: -m.amount,
                ...stripe,
                occurredAt: at(m.at),
              }
            : m.kind === 'dispute_reversal'
              ? {
                  sourceKey: `stripe:du_${m.pi}:reinstated`,
                  kind: 'dispute_reversal',
                  status: 'succeeded',
                  amountCents: m.amount,
                  ...stripe,
                  occurredAt: at(m.at),
                }
              : m.kind === 'fee'
                ? {
                    sourceKey: `stripe:fee:txn_${m.pi}`,
                    kind: 'fee',
                    status: 'succeeded',
                    amountCents: -m.amount,
                    ...stripe,
                    occurredAt: at(m.at),
                  }
                : {
                    sourceKey: `manual:rollup-${i}`,
                    kind: 'payment',
                    status: 'succeeded',
                    method: m.method,
                    amountCents: m.amount,
                    tipCents: m.tip,
                    ...ids,
                    purpose: 'invoice',
                    occurredAt: at(m.at),
                  };
    ledger.record(entry);
  });

  // Later changes to the offers and invoices move their weeks' figures too.
  h.quotes.forEach((q, i) => {
    const { quoteId, invoiceId } = made[i]!;
    if (q.acceptedAfter !== null)
      db.prepare('UPDATE sent_quotes SET accepted_at = ?, accepted_total_cents = ? WHERE id = ?').run(
        at(q.sent + q.acceptedAfter),
        q.acceptedTotal,
        quoteId,
      );
    if (q.superseded)
      db.prepare('UPDATE sent_quotes SET superseded_at = ? WHERE id = ?').run(at(q.sent + 5), quoteId);
    if (q.voided && invoiceId !== null)
      db.prepare("UPDATE invoices SET status = 'void' WHERE id = ?").run(invoiceId);
  });
}

/** Runs `check` on a history written inside a savepoint that is rolled back after. */
function within(h: History, check: () => void) {
  db.exec('SAVEPOINT history');
  try {
    write(h);
    check();
  } finally {
    db.exec('ROLLBACK TO history; RELEASE history');
  }
}

describe('the money rollups (migration 0065)', () => {
  it('equal the straight sums over generated histories, week by week and channel by channel, in any zone', () => {
    let collected = 0;
    fc.assert(
      fc.property(history, (h) =>
        within(h, () => {
          for (const zone of ZONES) {
            const money = moneyByWeekRepository(db, zone);
            const rolled = money.weeks(MONDAYS);
            expect(rolled).toEqual(money.straightWeeks(MONDAYS));
            collected += rolled.reduce((s, w) => s + Math.abs(w.collectedCents) + Math.abs(w.quotedCents), 0);
          }
        }),
      ),
      { numRuns: 150 },
    );
    // The histories moved money (a property over empty weeks would prove nothing).
    expect(collected).toBeGreaterThan(0);
    // Everything rolled back: the next test starts from nothing.
    expect(db.prepare('SELECT count(*) FROM payments').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM payments_by_hour').pluck().get()).toBe(0);
  });

  it('are built from the rows already there by the migration (a database written before it)', () => {
    // The migration's own statements, replayed on a history written with the triggers off.
    const sql = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../migrations/0065_money_rollups.sql'),
      'utf8',
    );
    const backfill = sql
      .split('CREATE TRIGGER')[0]!
      .split(';')
      .filter((s) => /^\s*INSERT INTO \w+_by_(hour|day)/m.test(s.replace(/^\s*--.*$/gm, '')));
    expect(backfill).toHaveLength(3);
    fc.assert(
      fc.property(history, (h) =>
        within(h, () => {
          const tables = ['payments_by_hour', 'quotes_by_hour', 'invoices_by_day'];
          // Rows whose money came and went are kept at 0 by the triggers; the build sums only what is there.
          const rows = () =>
            tables.map((t) =>
              (db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all() as Record<string, unknown>[]).filter(
                (r) => Object.values(r).some((v) => typeof v === 'number' && v !== 0),
              ),
            );
          const kept = rows();
          for (const t of tables) db.exec(`DELETE FROM ${t}`);
          for (const statement of backfill) db.exec(statement);
          const built = rows();
          expect(built).toEqual(kept);
        }),
      ),
      { numRuns: 40 },
    );
  });
});
