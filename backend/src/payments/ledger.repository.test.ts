import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { ledgerRepository, type LedgerEntry } from './ledger.repository.ts';

// The ledger's convergence rules on a real SQLite file: replays change nothing, a row's status
// never moves back, and a refund that arrives before its payment still finds it.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-ledger-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const fresh = (name: string) =>
  ledgerRepository(
    openDatabase(path.join(dir, `${name}.sqlite`), loadConfig({ DATA_DIR: dir }).migrationsDir),
  );

const paid: LedgerEntry = {
  sourceKey: 'stripe:pi_1',
  kind: 'payment',
  status: 'succeeded',
  method: 'card',
  purpose: 'invoice',
  amountCents: 32_500,
  tipCents: 2_500,
  invoiceId: 7,
  customerId: 3,
  providerPaymentIntentId: 'pi_1',
  occurredAt: '2026-11-02T18:00:00.000Z',
};
const pending: LedgerEntry = {
  ...paid,
  status: 'pending',
  invoiceId: null,
  occurredAt: '2026-11-02T17:59:00.000Z',
};
const refund: LedgerEntry = {
  sourceKey: 'stripe:re_1',
  kind: 'refund',
  status: 'succeeded',
  method: 'card',
  amountCents: -2_500,
  tipCents: -2_500,
  providerPaymentIntentId: 'pi_1',
  providerRefundId: 're_1',
  occurredAt: '2026-11-03T18:00:00.000Z',
};

describe('the ledger', () => {
  it('gives one row per event however often it is replayed', () => {
    const ledger = fresh('replay');
    for (let i = 0; i < 3; i++) ledger.record(paid);
    expect(ledger.page(10)).toHaveLength(1);
    expect(ledger.settledForInvoice(7)).toEqual({ amountCents: 32_500, tipCents: 2_500, pendingCents: 0 });
  });

  it('converges to the same rows whatever order the events arrive in', () => {
    const a = fresh('order-a');
    const b = fresh('order-b');
    for (const e of [pending, paid, refund]) a.record(e);
    for (const e of [refund, paid, pending]) b.record(e);
    const strip = (l: ReturnType<typeof fresh>) =>
      l.page(10).map(({ id: _id, refundOf, ...p }) => ({ ...p, refundOf: refundOf ? 'linked' : null }));
    expect(strip(b)).toEqual(strip(a));
    expect(a.settledForInvoice(7)).toEqual({ amountCents: 30_000, tipCents: 0, pendingCents: 0 });
    // A page of invoices reads the same sums at once; an invoice with no payment settled nothing.
    expect(a.settledForInvoices([8, 7])).toEqual(
      new Map([
        [8, { amountCents: 0, tipCents: 0, pendingCents: 0 }],
        [7, a.settledForInvoice(7)],
      ]),
    );
    expect(b.bySourceKey('stripe:re_1')).toMatchObject({
      invoiceId: 7,
      customerId: 3,
      refundOf: expect.any(Number),
    });
    expect(a.bySourceKey('stripe:pi_1')?.occurredAt).toBe('2026-11-02T17:59:00.000Z');
  });

  it('never moves a settled row back to pending', () => {
    const ledger = fresh('forward');
    expect(ledger.record(paid).statusChanged).toBe(true);
    expect(ledger.record(pending)).toMatchObject({
      created: false,
      statusChanged: false,
      payment: { status: 'succeeded' },
    });
  });

  it('pages newest first by key', () => {
    const ledger = fresh('pages');
    for (let i = 0; i < 25; i++)
      ledger.record({
        ...paid,
        sourceKey: `manual:${i}`,
        method: 'cash',
        providerPaymentIntentId: null,
        occurredAt: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00.000Z`,
      });
    const first = ledger.page(10);
    const second = ledger.page(10, first.at(-1));
    const third = ledger.page(10, second.at(-1));
    expect(new Set([...first, ...second, ...third].map((p) => p.id)).size).toBe(25);
    expect(third).toHaveLength(5);
    expect(ledger.netCents()).toBe(25 * 32_500);
  });
});
