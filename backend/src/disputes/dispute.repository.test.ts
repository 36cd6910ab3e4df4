import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { disputeRepository, type DisputeEntry } from './dispute.repository.ts';

// The disputes' one writer on a real SQLite file: Stripe's news of one dispute in any order ends
// in the same case, a closed dispute never reopens, and staff read the soonest deadline first.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-disputes-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const fresh = (name: string) =>
  disputeRepository(
    openDatabase(path.join(dir, `${name}.sqlite`), loadConfig({ DATA_DIR: dir }).migrationsDir),
  );

const opened: DisputeEntry = {
  providerDisputeId: 'du_1',
  providerPaymentIntentId: 'pi_1',
  amountCents: 20_000,
  reason: 'fraudulent',
  status: 'needs_response',
  evidenceDueBy: '2026-06-10T00:00:00.000Z',
  openedAt: '2026-06-01T10:00:00.000Z',
};
const won: DisputeEntry = { ...opened, status: 'won', closedAt: '2026-06-20T10:00:00.000Z' };

describe('disputes', () => {
  it('converge whatever order their news arrives in, and a closed one stays closed', () => {
    const a = fresh('a');
    const b = fresh('b');
    expect(a.record(opened).created).toBe(true);
    expect(a.record(won).created).toBe(false);
    b.record(won);
    b.record(opened);
    b.record(opened);
    const strip = ({ id: _id, ...d }: { id: number }) => d;
    expect(strip(b.byProviderId('du_1')!)).toEqual(strip(a.byProviderId('du_1')!));
    expect(a.byProviderId('du_1')).toMatchObject({
      status: 'won',
      closedAt: won.closedAt,
      evidenceDueBy: opened.evidenceDueBy,
    });
    expect(a.open()).toEqual([]);
  });

  it('learn what the payment was for once its row knows', () => {
    const d = fresh('link');
    const { dispute } = d.record(opened);
    expect(dispute.invoiceId).toBeNull();
    d.linkPayment('pi_1', { invoiceId: 7, quoteId: null, jobId: 70, customerId: 700 });
    d.linkPayment('pi_1', { invoiceId: 8, quoteId: 3, jobId: 80, customerId: 800 });
    expect(d.get(dispute.id)).toMatchObject({ invoiceId: 7, quoteId: 3, jobId: 70, customerId: 700 });
  });

  it('list open ones by deadline, and page all newest first', () => {
    const d = fresh('lists');
    for (let i = 1; i <= 5; i++)
      d.record({
        ...opened,
        providerDisputeId: `du_${i}`,
        evidenceDueBy: `2026-07-0${6 - i}T00:00:00.000Z`,
        openedAt: `2026-06-0${i}T00:00:00.000Z`,
        ...(i === 3 ? { status: 'lost', closedAt: '2026-06-30T00:00:00.000Z' } : {}),
      });
    expect(d.open().map((x) => x.providerDisputeId)).toEqual(['du_5', 'du_4', 'du_2', 'du_1']);
    const first = d.page(2);
    const next = d.page(2, first.at(-1));
    const last = d.page(2, next.at(-1));
    expect([...first, ...next, ...last].map((x) => x.providerDisputeId)).toEqual([
      'du_5',
      'du_4',
      'du_3',
      'du_2',
      'du_1',
    ]);
  });
});
