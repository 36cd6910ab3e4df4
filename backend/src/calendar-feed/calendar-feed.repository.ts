import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CalendarFeed } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import type { Clock } from '../time.ts';

interface FeedRow {
  id: number;
  token_hash: string;
  created_by_user_id: number | null;
  created_by_name: string | null;
  created_at: string;
  last_used_at: string | null;
}

const toFeed = (r: FeedRow): CalendarFeed => ({
  id: r.id,
  createdAt: r.created_at,
  createdBy: r.created_by_name,
  createdByUserId: r.created_by_user_id,
  lastUsedAt: r.last_used_at,
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

// 32 random bytes, written in lowercase hex: API paths are lowercase only (see api-paths.ts).
const TOKEN = /^[0-9a-f]{64}$/;
// A calendar app polls every few minutes to hours; "last used" to the minute is plenty, and it
// keeps a busy feed from writing on every read.
const LAST_USED_PRECISION_MS = 60_000;

// The creator's current name (a rename shows), or the name recorded before links had an owner id.
const SELECT = `SELECT f.id, f.token_hash, f.created_by_user_id, f.created_at, f.last_used_at,
  COALESCE(u.name, f.created_by) AS created_by_name
  FROM calendar_feeds f LEFT JOIN users u ON u.id = f.created_by_user_id`;

/**
 * Calendar subscriptions: the token is the credential, so only its hash is stored. A link serves
 * only while its creator's account is enabled; disabling, a password reset or signing out
 * everywhere revokes it for good (`sessions.destroyAllFor`).
 */
export function calendarFeedRepository(db: Db, clock: Clock = Date.now) {
  const nowIso = () => new Date(clock()).toISOString();
  const insert = db.prepare(
    'INSERT INTO calendar_feeds (token_hash, created_by, created_by_user_id, created_at) VALUES (?, ?, ?, ?)',
  );
  const one = db.prepare(`${SELECT} WHERE f.id = ?`);
  const active = db.prepare(`${SELECT} WHERE f.revoked_at IS NULL ORDER BY f.id DESC`);
  const activeOf = db.prepare(
    `${SELECT} WHERE f.revoked_at IS NULL AND f.created_by_user_id = ? ORDER BY f.id DESC`,
  );
  const byHash = db.prepare(`SELECT f.id, f.token_hash, f.last_used_at FROM calendar_feeds f
    JOIN users u ON u.id = f.created_by_user_id
    WHERE f.token_hash = ? AND f.revoked_at IS NULL AND u.disabled_at IS NULL`);
  const used = db.prepare('UPDATE calendar_feeds SET last_used_at = ? WHERE id = ?');
  const revoke = db.prepare('UPDATE calendar_feeds SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  const revokeAllOf = db.prepare(
    'UPDATE calendar_feeds SET revoked_at = ? WHERE created_by_user_id = ? AND revoked_at IS NULL',
  );
  const revokeOwn = db.prepare(
    'UPDATE calendar_feeds SET revoked_at = ? WHERE id = ? AND created_by_user_id = ? AND revoked_at IS NULL',
  );
  return {
    /** A new subscription and its token, which exists only in this answer. */
    create(creator: { id: number; name: string }): { feed: CalendarFeed; token: string } {
      const token = randomBytes(32).toString('hex');
      const id = Number(insert.run(sha256(token), creator.name, creator.id, nowIso()).lastInsertRowid);
      return { feed: toFeed(one.get(id) as FeedRow), token };
    },
    /** Every live link (the owner's view), or only those one staff member made. */
    list: (createdByUserId?: number) =>
      ((createdByUserId === undefined ? active.all() : activeOf.all(createdByUserId)) as FeedRow[]).map(
        toFeed,
      ),
    /** Revokes any link, or, given a staff member, only one of theirs. */
    revoke: (id: number, createdByUserId?: number) =>
      (createdByUserId === undefined
        ? revoke.run(nowIso(), id)
        : revokeOwn.run(nowIso(), id, createdByUserId)
      ).changes > 0,
    /** Every link a staff member made ends with their access (sessions.destroyAllFor, in its transaction). */
    revokeAllOf: (userId: number, at: Date) => void revokeAllOf.run(at.toISOString(), userId),
    /** Whether a token opens a live subscription; its use is recorded. */
    opens(token: string): boolean {
      if (!TOKEN.test(token)) return false;
      const hash = sha256(token);
      const row = byHash.get(hash) as Pick<FeedRow, 'id' | 'token_hash' | 'last_used_at'> | undefined;
      // The lookup is by an index; comparing the hashes again in constant time costs nothing.
      if (!row || !timingSafeEqual(Buffer.from(row.token_hash), Buffer.from(hash))) return false;
      const now = clock();
      if (!row.last_used_at || now - Date.parse(row.last_used_at) >= LAST_USED_PRECISION_MS)
        used.run(new Date(now).toISOString(), row.id);
      return true;
    },
  };
}
export type CalendarFeedRepository = ReturnType<typeof calendarFeedRepository>;
