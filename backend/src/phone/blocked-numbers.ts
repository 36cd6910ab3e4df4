import { Router } from 'express';
import { blockNumberSchema, PHONE_KEY_PREFIX, phoneKeyOf, type BlockedNumber } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { HttpError, notFound, parseWith } from '../http/errors.ts';
import { staffOf } from '../auth/staff-session.ts';

// The numbers staff blocked (Call Logs): a call from one hears a short message and the line hangs
// up, with no assistant turn. "Which number is this" is the one phone rule (the contract's
// phoneKeyOf), so a number blocked as "(707) 555-0123" stops "+17075550123" too.

export function blockedNumberRepository(db: Db) {
  const list = db.prepare<
    [],
    { phone_key: string; phone_number: string; name: string | null; created_at: string }
  >(
    `SELECT b.phone_key, b.phone_number, u.name, b.created_at FROM blocked_numbers b
      LEFT JOIN users u ON u.id = b.blocked_by ORDER BY b.created_at DESC, b.phone_key`,
  );
  const one = db.prepare<[string], { n: number }>('SELECT 1 AS n FROM blocked_numbers WHERE phone_key = ?');
  const insert = db.prepare(`INSERT INTO blocked_numbers (phone_key, phone_number, blocked_by, created_at)
    VALUES (@key, @number, @by, @now) ON CONFLICT (phone_key) DO NOTHING`);
  const remove = db.prepare('DELETE FROM blocked_numbers WHERE phone_key = ?');
  return {
    list: (): BlockedNumber[] =>
      list.all().map((r) => ({
        digits: r.phone_key.slice(PHONE_KEY_PREFIX.length),
        phoneNumber: r.phone_number,
        blockedBy: r.name,
        createdAt: r.created_at,
      })),
    /** Whether a caller id is blocked ("anonymous" and short codes never are: they have no key). */
    isBlocked(phoneNumber: string): boolean {
      const key = phoneKeyOf(phoneNumber);
      return key !== null && one.get(key) !== undefined;
    },
    /** Blocks a number; false when it already was. */
    block: (phoneNumber: string, by: number | null) =>
      insert.run({ key: phoneKeyOf(phoneNumber), number: phoneNumber, by, now: nowIso() }).changes > 0,
    unblock: (digits: string) => remove.run(`${PHONE_KEY_PREFIX}${digits}`).changes > 0,
  };
}
export type BlockedNumberRepository = ReturnType<typeof blockedNumberRepository>;

export function blockedNumberRoutes(blocked: BlockedNumberRepository) {
  const router = Router();
  router.get('/api/blocked-numbers', (_req, res) => {
    res.json(blocked.list());
  });
  router.post('/api/blocked-numbers', (req, res) => {
    const { phoneNumber } = parseWith(blockNumberSchema, req.body ?? {});
    const created = blocked.block(phoneNumber, staffOf(res)?.user.id ?? null);
    const digits = phoneKeyOf(phoneNumber)?.slice(PHONE_KEY_PREFIX.length);
    res.status(created ? 201 : 200).json(blocked.list().find((b) => b.digits === digits));
  });
  router.delete('/api/blocked-numbers/:digits', (req, res) => {
    const { digits } = req.params;
    // Ten digits for a North American number, "+" and its digits for one from abroad.
    if (!/^(?:\d{10}|\+\d{8,15})$/.test(digits))
      throw new HttpError(404, 'not_found', 'A blocked number is named by the digits of its key');
    if (!blocked.unblock(digits)) throw notFound('Blocked number');
    res.status(204).end();
  });
  return router;
}
