import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CalendarFeed } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';

interface FeedRow {
  id: number;
  token_hash: string;
  created_by: string | null;
  created_at: string;
}

const toFeed = (r: FeedRow): CalendarFeed => ({ id: r.id, createdAt: r.created_at, createdBy: r.created_by });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

// 32 random bytes, written in lowercase hex: API paths are lowercase only (see api-paths.ts).
const TOKEN = /^[0-9a-f]{64}$/;

/** Calendar subscriptions: the token is the credential, so only its hash is stored. */
export function calendarFeedRepository(db: Db) {
  const insert = db.prepare(
    'INSERT INTO calendar_feeds (token_hash, created_by, created_at) VALUES (?, ?, ?)',
  );
  const one = db.prepare('SELECT * FROM calendar_feeds WHERE id = ?');
  const active = db.prepare('SELECT * FROM calendar_feeds WHERE revoked_at IS NULL ORDER BY id DESC');
  const byHash = db.prepare('SELECT * FROM calendar_feeds WHERE token_hash = ? AND revoked_at IS NULL');
  const revoke = db.prepare('UPDATE calendar_feeds SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  return {
    /** A new subscription and its token, which exists only in this answer. */
    create(createdBy: string | null): { feed: CalendarFeed; token: string } {
      const token = randomBytes(32).toString('hex');
      const id = Number(insert.run(sha256(token), createdBy, nowIso()).lastInsertRowid);
      return { feed: toFeed(one.get(id) as FeedRow), token };
    },
    list: () => (active.all() as FeedRow[]).map(toFeed),
    revoke: (id: number) => revoke.run(nowIso(), id).changes > 0,
    /** Whether a token opens a live subscription. */
    opens(token: string): boolean {
      if (!TOKEN.test(token)) return false;
      const hash = sha256(token);
      const row = byHash.get(hash) as FeedRow | undefined;
      // The lookup is by an index; comparing the hashes again in constant time costs nothing.
      return !!row && timingSafeEqual(Buffer.from(row.token_hash), Buffer.from(hash));
    },
  };
}
export type CalendarFeedRepository = ReturnType<typeof calendarFeedRepository>;
