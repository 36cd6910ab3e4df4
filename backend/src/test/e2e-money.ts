import type { Db } from '../db/database.ts';
import { seedMoney } from './money-fixtures.ts';

// The "money" browser scenario (admin/e2e/money.spec.ts): six weeks of a business's money up to a
// Wednesday, quotes from leads of three channels, so every money screen has figures to show.

/** Wednesday 4 March 2026, noon in California. */
export const MONEY_NOW = new Date('2026-03-04T20:00:00Z');

export function seedE2eMoney(db: Db) {
  const lead = db.prepare(
    "INSERT INTO leads (channel, source_id, name, created_at) VALUES (?, ?, 'Money lead', '2026-01-01T00:00:00Z')",
  );
  const leadIds = (['phone', 'wizard', 'messenger'] as const).map((channel, i) =>
    Number(lead.run(channel, 8_000 + i).lastInsertRowid),
  );
  return seedMoney(db, { invoices: 40, payments: 120, from: '2026-01-26', days: 30, leadIds });
}
