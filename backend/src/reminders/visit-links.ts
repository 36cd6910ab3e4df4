import { createHash, randomBytes } from 'node:crypto';
import { VISIT_TOKEN_PATTERN } from '@washdesk/contract';
import type { Db } from '../db/database.ts';

// A visit link's key opens one appointment's page, no sign-in. Only its SHA-256 is stored (a copy
// of the database opens nobody's visit); a visit may have several keys (one per batch of
// reminders: the key of reminders already queued cannot be read back), all good while it stands.

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function visitLinks(db: Db) {
  const insert = db.prepare(
    'INSERT INTO visit_links (token_hash, appointment_id, created_at) VALUES (?, ?, ?)',
  );
  const byHash = db.prepare('SELECT appointment_id AS id FROM visit_links WHERE token_hash = ?');
  return {
    /** A new key for this appointment's page (32 random bytes, base64url). */
    mint(appointmentId: number, at: string): string {
      const token = randomBytes(32).toString('base64url');
      insert.run(sha256(token), appointmentId, at);
      return token;
    },
    /** The appointment a key opens; a malformed key is not even looked up. */
    appointmentOf(token: string): number | undefined {
      if (!VISIT_TOKEN_PATTERN.test(token)) return undefined;
      return (byHash.get(sha256(token)) as { id: number } | undefined)?.id;
    },
  };
}
export type VisitLinks = ReturnType<typeof visitLinks>;
