import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Ages every session of one account past its end, in the test server's own database. Only a
 * session that truly expired earns the "session expired" answer; one that was signed out or
 * never existed gets "sign in required", so the clock has to be moved, not the cookie.
 */
export function expireSessionsOf(userId: number): number {
  return inTestDatabase(
    (db) =>
      db
        .prepare('UPDATE sessions SET expires_at = ? WHERE user_id = ?')
        .run('2000-01-01T00:00:00.000Z', userId).changes,
  );
}

/** Puts an appointment on another date, past the API's rules (a visit booked before its hour came). */
export function moveAppointmentTo(id: number, date: string): void {
  inTestDatabase((db) => db.prepare('UPDATE appointments SET scheduled_date = ? WHERE id = ?').run(date, id));
}

function inTestDatabase<T>(work: (db: Database.Database) => T): T {
  const dataDir = process.env.WASHDESK_E2E_DATA_DIR;
  if (!dataDir) throw new Error('WASHDESK_E2E_DATA_DIR is not set; run through playwright.config.ts');
  const db = new Database(path.join(dataDir, 'washdesk.sqlite'));
  try {
    // The server writes to the same file; wait for its lock rather than fail.
    db.pragma('busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}
