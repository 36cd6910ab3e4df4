import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { phoneKeyOf } from '@washdesk/contract';

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

/**
 * A customer's text on a new thread, stored as the texts webhook stores it (for screens that only
 * need a thread to exist; tests of the webhook itself post it signed).
 */
export function addTextThread(phone: string, body: string, at = new Date().toISOString()): number {
  return inTestDatabase((db) => {
    const id = Number(
      db
        .prepare(
          'INSERT INTO text_threads (phone, contacted_at, last_message_at, created_at) VALUES (?, ?, ?, ?)',
        )
        .run(phone, at, at, at).lastInsertRowid,
    );
    db.prepare(
      `INSERT INTO text_messages (thread_id, direction, sender, body, message_sid, created_at)
       VALUES (?, 'in', 'customer', ?, ?, ?)`,
    ).run(id, body, `SM${crypto.randomBytes(16).toString('hex')}`, at);
    return id;
  });
}

/** The test server's own database file, opened the way the server opens it. */
export function inTestDatabase<T>(work: (db: Database.Database) => T): T {
  const dataDir = process.env.WASHDESK_E2E_DATA_DIR;
  if (!dataDir) throw new Error('WASHDESK_E2E_DATA_DIR is not set; run through playwright.config.ts');
  const db = new Database(path.join(dataDir, 'washdesk.sqlite'));
  try {
    // The server writes to the same file; wait for its lock rather than fail.
    db.pragma('busy_timeout = 5000');
    // The customers' and leads' triggers key a number with the one phone rule, as the server's
    // own connections do (backend/src/db/migrate.ts).
    db.function('phone_key', { deterministic: true }, (typed: unknown) =>
      phoneKeyOf(typeof typed === 'string' ? typed : null),
    );
    return work(db);
  } finally {
    db.close();
  }
}
