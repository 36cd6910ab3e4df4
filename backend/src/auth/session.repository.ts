import { createHash, randomBytes } from 'node:crypto';
import type { CalendarFeedRepository } from '../calendar-feed/calendar-feed.repository.ts';
import type { Db } from '../db/database.ts';

export interface SessionPolicy {
  /** A session unused for this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, used or not. */
  absoluteMs: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleMs: 12 * 60 * 60 * 1000,
  absoluteMs: 7 * 24 * 60 * 60 * 1000,
};

export interface SessionRow {
  token_hash: string;
  user_id: number;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Staff sessions. `calendarFeeds` is the calendar links' owner: a person's links end in the same
 * transaction as their sessions.
 */
export function sessionRepository(
  db: Db,
  policy: SessionPolicy,
  calendarFeeds: Pick<CalendarFeedRepository, 'revokeAllOf'>,
) {
  const insert =
    db.prepare(`INSERT INTO sessions (token_hash, user_id, csrf_token, created_at, last_seen_at, expires_at)
    VALUES (?, ?, ?, ?, ?, ?)`);
  const find = db.prepare('SELECT * FROM sessions WHERE token_hash = ?');
  const touch = db.prepare('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?');
  const remove = db.prepare('DELETE FROM sessions WHERE token_hash = ?');
  const removeForUser = db.prepare('DELETE FROM sessions WHERE user_id = ?');
  const removeExpired = db.prepare('DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at <= ?');

  // Told when sessions end (sign-out, an account disabled): open event streams close at once.
  const endListeners = new Set<(ended: { tokenHash?: string; userId?: number }) => void>();
  const ended = (what: { tokenHash?: string; userId?: number }) => {
    for (const listener of endListeners) listener(what);
  };

  return {
    policy,
    /** A new random id at every sign-in: a token planted before sign-in is worthless. */
    create(userId: number, now = new Date()) {
      const token = randomBytes(32).toString('base64url');
      const csrfToken = randomBytes(32).toString('base64url');
      const iso = now.toISOString();
      const expiresAt = new Date(now.getTime() + policy.absoluteMs).toISOString();
      insert.run(hashToken(token), userId, csrfToken, iso, iso, expiresAt);
      return { token, csrfToken, expiresAt };
    },
    /** The live session of a cookie token, or why there is none. */
    resolve(token: string, now = new Date()): { session: SessionRow } | { expired: boolean } {
      const hash = hashToken(token);
      const row = find.get(hash) as SessionRow | undefined;
      if (!row) return { expired: false };
      const idleSince = now.getTime() - Date.parse(row.last_seen_at);
      // An ended session stays until the sweep, so every request (a reload, a second tab, calls
      // racing each other) is told "expired" rather than only the first one.
      if (Date.parse(row.expires_at) <= now.getTime() || idleSince >= policy.idleMs) return { expired: true };
      // Writing on every request would serialise reads behind the WAL; a minute's precision is enough.
      if (idleSince > 60_000) touch.run(now.toISOString(), hash);
      return { session: row };
    },
    /** Whether a token's session is live now, without counting this as activity. */
    isLive(token: string, now = new Date()): boolean {
      const row = find.get(hashToken(token)) as SessionRow | undefined;
      if (!row) return false;
      return (
        Date.parse(row.expires_at) > now.getTime() &&
        now.getTime() - Date.parse(row.last_seen_at) < policy.idleMs
      );
    },
    destroy(token: string) {
      const result = remove.run(hashToken(token));
      ended({ tokenHash: hashToken(token) });
      return result;
    },
    /**
     * Ends a person's access everywhere: every session, and every calendar link they made. Each
     * way access ends goes through here (an account disabled, a password reset, in the admin or
     * with `npm run users`), so no link outlives the person who made it.
     */
    destroyAllFor(userId: number, now = new Date()) {
      const result = db.transaction(() => {
        // A calendar link is a credential of its creator's too (migration 0017): it ends with them.
        calendarFeeds.revokeAllOf(userId, now);
        return removeForUser.run(userId);
      })();
      ended({ userId });
      return result;
    },
    onEnd(listener: (ended: { tokenHash?: string; userId?: number }) => void) {
      endListeners.add(listener);
      return () => void endListeners.delete(listener);
    },
    sweep(now = new Date()) {
      removeExpired.run(now.toISOString(), new Date(now.getTime() - policy.idleMs).toISOString());
    },
  };
}
export type SessionRepository = ReturnType<typeof sessionRepository>;
