import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_LINK_MINUTES,
  ACCOUNT_LINK_REQUESTS_PER_HOUR,
  ACCOUNT_SESSION_DAYS,
  ACCOUNT_TOKEN_PATTERN,
  type AccountLinkState,
} from '@washdesk/contract';
import type { Db } from '../db/database.ts';

// The sign-in links, the signed-in devices and the link requests of the last hour (migration
// 0055). Every key is 32 random bytes; only its SHA-256 is stored or compared, and a key of the
// wrong shape is not even looked up.

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newKey = () => randomBytes(32).toString('base64url');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();

export type SpendOutcome = { spent: true; sessionToken: string; customerId: number } | { spent: false };

export function accountRepository(db: Db) {
  const insertLink = db.prepare(`INSERT INTO account_links
    (token_hash, customer_id, requested_by, channel, created_at, expires_at)
    VALUES (@hash, @customerId, @requestedBy, @channel, @at, @expiresAt)`);
  const linkByHash = db.prepare<
    [string],
    { customer_id: number; expires_at: string; used_at: string | null }
  >('SELECT customer_id, expires_at, used_at FROM account_links WHERE token_hash = ?');
  // Spent only if still unspent and unexpired: two presses of Continue make one session.
  const spendLink = db.prepare(`UPDATE account_links SET used_at = @at
    WHERE token_hash = @hash AND used_at IS NULL AND expires_at > @at`);
  const insertSession =
    db.prepare(`INSERT INTO account_sessions (token_hash, customer_id, created_at, expires_at)
    VALUES (?, ?, ?, ?)`);
  // The live record a session opens: a record merged since then gives the record it went into.
  const sessionByHash = db.prepare<[string, string], { customer_id: number }>(`SELECT
      COALESCE(c.merged_into, c.id) AS customer_id
    FROM account_sessions s JOIN customers c ON c.id = s.customer_id
    WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ?`);
  const revokeOne = db.prepare(
    'UPDATE account_sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL',
  );
  // Staff end every device of the person: of this record and of every record merged into it.
  const revokeAll = db.prepare(`UPDATE account_sessions SET revoked_at = @at WHERE revoked_at IS NULL
    AND customer_id IN (SELECT id FROM customers WHERE id = @customerId OR merged_into = @customerId)`);
  const liveSessions = db.prepare<{ customerId: number; at: string }, { n: number }>(`SELECT count(*) AS n
    FROM account_sessions WHERE revoked_at IS NULL AND expires_at > @at
    AND customer_id IN (SELECT id FROM customers WHERE id = @customerId OR merged_into = @customerId)`);
  const forgetRequests = db.prepare('DELETE FROM account_link_requests WHERE at <= ?');
  const countContact = db.prepare<[string, string], { n: number }>(
    'SELECT count(*) AS n FROM account_link_requests WHERE contact_hash = ? AND at > ?',
  );
  const countAddress = db.prepare<[string, string], { n: number }>(
    'SELECT count(*) AS n FROM account_link_requests WHERE address_hash = ? AND at > ?',
  );
  const insertRequest = db.prepare(
    'INSERT INTO account_link_requests (contact_hash, address_hash, at) VALUES (?, ?, ?)',
  );

  return {
    /** A new sign-in link's key for this customer; the key itself goes only into the message. */
    mintLink(link: {
      customerId: number;
      requestedBy: 'customer' | 'staff';
      channel: 'text' | 'email';
      now: number;
    }): string {
      const token = newKey();
      insertLink.run({
        hash: sha256(token),
        customerId: link.customerId,
        requestedBy: link.requestedBy,
        channel: link.channel,
        at: iso(link.now),
        expiresAt: iso(link.now + ACCOUNT_LINK_MINUTES * MINUTE),
      });
      return token;
    },

    /** Whether a link could still be spent; reading it changes nothing (scanners read links). */
    linkState(token: string, now: number): AccountLinkState {
      if (!ACCOUNT_TOKEN_PATTERN.test(token)) return 'unusable';
      const link = linkByHash.get(sha256(token));
      return link && link.used_at === null && link.expires_at > iso(now) ? 'usable' : 'unusable';
    },

    /** Spends the link and starts a session, in one transaction; a spent or late link starts none. */
    spend: db.transaction((token: string, now: number): SpendOutcome => {
      if (!ACCOUNT_TOKEN_PATTERN.test(token)) return { spent: false };
      const hash = sha256(token);
      if (spendLink.run({ hash, at: iso(now) }).changes !== 1) return { spent: false };
      const { customer_id: customerId } = linkByHash.get(hash)!;
      const sessionToken = newKey();
      insertSession.run(
        sha256(sessionToken),
        customerId,
        iso(now),
        iso(now + ACCOUNT_SESSION_DAYS * 24 * HOUR),
      );
      return { spent: true, sessionToken, customerId };
    }),

    /** The live customer record a session cookie opens, or null (unknown, ended, expired). */
    customerOfSession(token: string | undefined, now: number): number | null {
      if (!token || !ACCOUNT_TOKEN_PATTERN.test(token)) return null;
      return sessionByHash.get(sha256(token), iso(now))?.customer_id ?? null;
    },

    signOut(token: string | undefined, now: number) {
      if (token && ACCOUNT_TOKEN_PATTERN.test(token)) revokeOne.run(iso(now), sha256(token));
    },

    /** Ends every device of this customer (and of records merged into it); how many were live. */
    revokeAll(customerId: number, now: number): number {
      return revokeAll.run({ customerId, at: iso(now) }).changes;
    },

    liveSessions: (customerId: number, now: number) => liveSessions.get({ customerId, at: iso(now) })!.n,

    /**
     * Counts a link request against its contact and its address; false when either already had
     * its 5 in the last hour (then nothing is sent, and the answer stays the same).
     */
    allowRequest: db.transaction((contactKey: string, address: string, now: number): boolean => {
      const since = iso(now - HOUR);
      forgetRequests.run(since);
      const contact = sha256(`contact:${contactKey}`);
      const from = sha256(`address:${address}`);
      if (
        countContact.get(contact, since)!.n >= ACCOUNT_LINK_REQUESTS_PER_HOUR ||
        countAddress.get(from, since)!.n >= ACCOUNT_LINK_REQUESTS_PER_HOUR
      )
        return false;
      insertRequest.run(contact, from, iso(now));
      return true;
    }),
  };
}
export type AccountRepository = ReturnType<typeof accountRepository>;
