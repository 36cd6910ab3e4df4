import { afterEach, describe, expect, it } from 'vitest';
import { databaseBefore } from '../test/database-before.ts';

// Migration 0036: one phone rule. Before it each trigger stripped its own characters, so one
// person who typed their number two ways became two customers; afterwards they are one record,
// and everything of the other points at it.

let old: ReturnType<typeof databaseBefore> | undefined;
afterEach(() => old?.close());

describe('migration 0036 on numbers the old rules read two ways', () => {
  it('joins the records of one person, keeps apart a different person, and re-keys consents and blocks', () => {
    old = databaseBefore(36);
    const { db } = old;
    let minute = 0;
    const at = () => new Date(Date.UTC(2026, 10, 1, 9, minute++)).toISOString();
    const request = db.prepare(`INSERT INTO service_requests (first_name, last_name, email, phone, address,
      service_type, created_at, updated_at) VALUES (?, ?, ?, ?, '1 Main St', 'house-washing', ?, ?)`);
    const call = db.prepare(`INSERT INTO calls (customer_name, phone_number, status, created_at, updated_at)
      VALUES (?, ?, 'completed', ?, ?)`);
    const t = [at(), at(), at(), at()];
    request.run('Dana', 'Whitfield', 'dana@example.com', '707/555/0123', t[0], t[0]);
    call.run('Dana Whitfield', '+17075550123', t[1], t[1]);
    request.run('Owen', 'Greer', 'owen@example.com', '707-555-0123 x9', t[2], t[2]);
    const customers = () =>
      db.prepare('SELECT id, name, merged_into FROM customers ORDER BY id').all() as {
        id: number;
        name: string;
        merged_into: number | null;
      }[];
    // The old rules: three records, Dana twice.
    expect(customers().map((c) => c.name)).toEqual(['Dana Whitfield', 'Dana Whitfield', 'Owen Greer']);
    const [dana, danaAgain, owen] = customers().map((c) => c.id) as [number, number, number];
    db.prepare(`INSERT INTO outbox_messages (idempotency_key, channel, recipient, customer_id, template, body,
      due_at, created_at) VALUES ('k1', 'text', '+17075550123', ?, 'missed-call', 'Hi', ?, ?)`).run(danaAgain, t[3], t[3]);
    db.prepare(`INSERT INTO text_consents (phone_key, phone, source, source_id, consented_at)
      VALUES ('7075550123', '(707) 555-0123', 'wizard', 1, ?)`).run(t[3]);
    db.prepare(`INSERT INTO blocked_numbers (phone_key, phone_number, created_at)
      VALUES ('phone:7075550188', '707.555.0188', ?)`).run(t[3]);

    old.upgrade();

    const after = customers();
    expect(after.find((c) => c.id === danaAgain)?.merged_into).toBe(dana);
    expect(after.filter((c) => c.merged_into === null).map((c) => c.id)).toEqual([dana, owen]);
    const itemsOf = (id: number) =>
      db.prepare('SELECT kind FROM customer_items WHERE customer_id = ? ORDER BY at').pluck().all(id);
    expect(itemsOf(dana)).toEqual(['request', 'call']);
    expect(itemsOf(danaAgain)).toEqual([]);
    expect(itemsOf(owen)).toEqual(['request']);
    expect(db.prepare('SELECT key FROM customer_keys WHERE customer_id = ? ORDER BY key').pluck().all(dana)).toEqual([
      'email:dana@example.com',
      'phone:7075550123',
    ]);
    expect(db.prepare('SELECT count(*) FROM customer_keys WHERE customer_id = ?').pluck().get(danaAgain)).toBe(0);
    expect(db.prepare('SELECT customer_id FROM outbox_messages').pluck().get()).toBe(dana);
    expect(db.prepare('SELECT phone_key FROM text_consents').pluck().all()).toEqual(['phone:7075550123']);
    expect(db.prepare('SELECT phone_key FROM blocked_numbers').pluck().all()).toEqual(['phone:7075550188']);
    expect(db.prepare("SELECT DISTINCT phone_digits FROM leads WHERE channel = 'wizard'").pluck().all()).toEqual([
      '7075550123',
    ]);

    // And from now on a new spelling joins the one record.
    call.run('Dana Whitfield', '(707) 555 0123', at(), at());
    expect(itemsOf(dana)).toEqual(['request', 'call', 'call']);
  });
});
