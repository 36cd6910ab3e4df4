import { createHash, randomBytes } from 'node:crypto';
import { VISIT_TOKEN_PATTERN } from '@washdesk/contract';
import type { Db } from '../db/database.ts';

// The key of a plan job's "pick your slot" page (/plan-visit/{token}), no sign-in: the same shape
// as a visit link (reminders/visit-links.ts). Only its SHA-256 is stored, so a copy of the
// database opens nobody's page; a forged or altered key matches no row.

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function planVisitLinks(db: Db) {
  const insert = db.prepare('INSERT INTO plan_visit_links (token_hash, job_id, created_at) VALUES (?, ?, ?)');
  const byHash = db.prepare<[string], { id: number }>(
    'SELECT job_id AS id FROM plan_visit_links WHERE token_hash = ?',
  );
  return {
    /** A new key for this job's page (32 random bytes, base64url). */
    mint(jobId: number, at: string): string {
      const token = randomBytes(32).toString('base64url');
      insert.run(sha256(token), jobId, at);
      return token;
    },
    /** The job a key opens; a malformed key is not even looked up. */
    jobOf(token: string): number | undefined {
      if (!VISIT_TOKEN_PATTERN.test(token)) return undefined;
      return byHash.get(sha256(token))?.id;
    },
  };
}
export type PlanVisitLinks = ReturnType<typeof planVisitLinks>;
