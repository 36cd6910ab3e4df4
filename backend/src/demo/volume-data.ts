import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';

export interface Volume {
  submissions: number;
  calls: number;
  appointments?: number;
  /** Photo rows (no files) beside each submission, as the list query would meet them. */
  withPhotoRows?: boolean;
}

/**
 * A busy business's worth of rows, for benchmarks and the "thousands of rows" browser tests.
 * Every row is numbered ("No123") so a test can find the newest and the oldest; row 0 is the newest.
 */
export function seedVolume(db: Database, volume: Volume, now = Date.now()) {
  const insertSubmission =
    db.prepare(`INSERT INTO photo_submissions (first_name, last_name, phone, email, address,
    service_type, notes, status, estimate_amount_cents, source, created_at, updated_at)
    VALUES ('Volume', ?, '(707) 555-0100', 'volume@example.com', '1 Redwood Dr', 'House Soft Wash', NULL, ?, ?, 'photo-form', ?, ?)`);
  const insertPhoto =
    db.prepare(`INSERT INTO photos (id, submission_id, position, width, height, bytes, original_type, created_at)
    VALUES (?, ?, 0, 1200, 900, 150000, 'jpeg', ?)`);
  const insertCall =
    db.prepare(`INSERT INTO calls (customer_name, phone_number, status, summary, duration_seconds, created_at, updated_at)
    VALUES (?, '(707) 555-0100', ?, 'Asked about a house wash.', ?, ?, ?)`);
  const insertAppointment = db.prepare(`INSERT INTO appointments
    (customer_name, customer_phone, address, service_type, scheduled_date, preferred_time, status, created_at, updated_at)
    VALUES (?, '(707) 555-0100', '1 Redwood Dr', 'house-wash', ?, '9:00 AM', ?, ?, ?)`);
  const statuses = ['pending', 'reviewed', 'quoted', 'completed'] as const;
  db.transaction(() => {
    for (let i = 0; i < volume.submissions; i++) {
      const at = new Date(now - i * 37_000).toISOString();
      const status = statuses[i % 4]!;
      const id = insertSubmission.run(
        `No${i}`,
        status,
        status === 'quoted' ? 50_000 : null,
        at,
        at,
      ).lastInsertRowid;
      if (volume.withPhotoRows) insertPhoto.run(randomUUID(), id, at);
    }
    for (let i = 0; i < volume.calls; i++) {
      const at = new Date(now - i * 41_000).toISOString();
      const missed = i % 9 === 0;
      insertCall.run(`Caller No${i}`, missed ? 'missed' : 'completed', missed ? 0 : 60 + (i % 300), at, at);
    }
    for (let i = 0; i < (volume.appointments ?? 0); i++) {
      const day = new Date(now + (i - Math.floor((volume.appointments ?? 0) / 2)) * 3_600_000 * 6);
      const stamp = new Date(now).toISOString();
      insertAppointment.run(
        `Client No${i}`,
        day.toISOString().slice(0, 10),
        i % 7 === 0 ? 'completed' : 'scheduled',
        stamp,
        stamp,
      );
    }
  })();
}
