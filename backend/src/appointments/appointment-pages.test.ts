import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFERRED_TIMES, type AppointmentStatus } from '@washdesk/contract';
import { openDatabase, type Db } from '../db/database.ts';
import { appointmentRepository, TIME_OF_DAY } from './appointment.repository.ts';

// Issue 38: the visits list reads each page's ids off two indexes (from today on, then the past)
// and its totals from the days' kept counts. Here every page of a few thousand visits, with many
// on one day and one hour (ties on the whole sort key but the id), is the same rows in the same
// order as the plain ORDER BY the list used before, for every filter the screen sends.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-visit-pages-'));
let db: Db;
let visits: ReturnType<typeof appointmentRepository>;
const TODAY = '2026-11-28';
const STATUSES: AppointmentStatus[] = ['scheduled', 'completed', 'cancelled'];

beforeAll(() => {
  db = openDatabase(path.join(dir, 'visits.sqlite'), path.resolve(import.meta.dirname, '../../migrations'));
  visits = appointmentRepository(db);
  const insert = db.prepare(`INSERT INTO appointments (customer_name, customer_phone, address, service_type,
    scheduled_date, preferred_time, status, source, created_at, updated_at)
    VALUES (?, '(707) 555-0100', '1 Main St, Garberville', 'house-wash', ?, ?, ?, 'staff', ?, ?)`);
  let state = 38;
  const random = (n: number) => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return Math.floor((state / 2 ** 32) * n);
  };
  db.transaction(() => {
    for (let i = 0; i < 2_500; i++) {
      // Forty days either side of today: about thirty visits a day, many in the same hour; one in
      // ten anywhere in three years either side, so totals span many months (migration 0066).
      const spread = random(10) === 0 ? random(2_191) - 1_095 : random(81) - 40;
      const day = new Date(Date.parse(`${TODAY}T12:00:00Z`) + spread * 86_400_000).toISOString().slice(0, 10);
      const time = random(12) < 11 ? PREFERRED_TIMES[random(3)]! : null;
      insert.run(`Visit ${i}`, day, time, STATUSES[random(3)], `${day}T08:00:00Z`, `${day}T08:00:00Z`);
    }
  })();
  // A few moved and cancelled, and one gone, so the kept counts have followed writes of each kind.
  db.prepare(`UPDATE appointments SET scheduled_date = ? WHERE id % 97 = 0`).run(TODAY);
  db.prepare(`UPDATE appointments SET status = 'cancelled' WHERE id % 89 = 0`).run();
  db.prepare('DELETE FROM appointments WHERE id % 211 = 0').run();
});
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The list's order as one plain query (the statement the list used before keyed pages). */
function plain(f: { status?: AppointmentStatus; from?: string; to?: string; soonestFirst?: boolean }) {
  const where = `WHERE (@status IS NULL OR status = @status)
    AND (@from IS NULL OR scheduled_date >= @from) AND (@to IS NULL OR scheduled_date <= @to)`;
  const order = f.soonestFirst
    ? `scheduled_date ASC, ${TIME_OF_DAY}, id ASC`
    : `CASE WHEN scheduled_date = @today THEN 0 WHEN scheduled_date > @today THEN 1 ELSE 2 END,
      CASE WHEN scheduled_date >= @today THEN scheduled_date END ASC, scheduled_date DESC, ${TIME_OF_DAY}, id ASC`;
  return db
    .prepare(`SELECT id FROM appointments ${where} ORDER BY ${order}`)
    .pluck()
    .all({ status: f.status ?? null, from: f.from ?? null, to: f.to ?? null, today: TODAY }) as number[];
}

const FILTERS: [
  string,
  { status?: AppointmentStatus; from?: string; to?: string; soonestFirst?: boolean },
][] = [
  ['every visit', {}],
  ['scheduled', { status: 'scheduled' }],
  ['cancelled', { status: 'cancelled' }],
  ['today', { from: TODAY, to: TODAY }],
  ['upcoming', { from: '2026-11-29', soonestFirst: true }],
  ['upcoming, completed', { from: '2026-11-29', soonestFirst: true, status: 'completed' }],
  ['a span across today', { from: '2026-11-10', to: '2026-12-05' }],
  ['a span in the past', { from: '2026-10-25', to: '2026-11-20', status: 'scheduled' }],
  ['a span ahead', { from: '2026-12-01', to: '2026-12-20' }],
  ['months either side of today', { from: '2025-03-17', to: '2027-08-02' }],
  ['months ahead, from a month’s last day', { from: '2026-12-31', to: '2028-02-29', status: 'scheduled' }],
  ['months in the past, to a month’s first day', { from: '2024-01-31', to: '2026-06-01' }],
  ['years ahead, soonest first', { from: '2027-01-01', soonestFirst: true }],
  ['everything up to a day', { to: '2026-10-01', status: 'completed' }],
  ['everything from a day', { from: '2025-11-30' }],
];

describe('the visits list, paged off its indexes', () => {
  it.each(FILTERS)(
    '%s: every page is the plain query’s rows in its order, and the total its length',
    (_name, f) => {
      const expected = plain(f);
      expect(expected.length).toBeGreaterThan(20);
      for (const limit of [1, 7, 50]) {
        const offsets = [
          0,
          limit,
          Math.floor(expected.length / 2) - 3,
          expected.length - limit,
          expected.length - 1,
          expected.length + 5,
        ];
        for (const offset of offsets.filter((o) => o >= 0)) {
          const { rows, total } = visits.list({ ...f, today: TODAY, limit, offset });
          expect(total, `${limit} at ${offset}`).toBe(expected.length);
          expect(
            rows.map((r) => r.id),
            `${limit} at ${offset}`,
          ).toEqual(expected.slice(offset, offset + limit));
        }
      }
      // And walking every page of 13 gives the whole list once.
      const walked: number[] = [];
      for (let offset = 0; offset < expected.length; offset += 13)
        walked.push(...visits.list({ ...f, today: TODAY, limit: 13, offset }).rows.map((r) => r.id));
      expect(walked).toEqual(expected);
    },
  );

  it('reads each run off an index, sorting nothing', () => {
    const plan = (sql: string) =>
      (
        db
          .prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .all({ status: 'scheduled', aheadFrom: TODAY, pastBefore: TODAY, limit: 1, offset: 0 }) as {
          detail: string;
        }[]
      )
        .map((r) => r.detail)
        .join('; ');
    const ids = (where: string, order: string) =>
      `SELECT id FROM appointments WHERE ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`;
    const ahead = `scheduled_date ASC, ${TIME_OF_DAY} ASC, id ASC`;
    const past = `scheduled_date DESC, ${TIME_OF_DAY} ASC, id ASC`;
    for (const sql of [
      ids('scheduled_date >= @aheadFrom', ahead),
      ids('scheduled_date < @pastBefore', past),
      ids('status = @status AND scheduled_date >= @aheadFrom', ahead),
      ids('status = @status AND scheduled_date < @pastBefore', past),
    ]) {
      expect(plan(sql)).toMatch(/USING (COVERING )?INDEX appointments_(ahead|past|status|status_past)\b/);
      expect(plan(sql)).not.toMatch(/TEMP B-TREE/);
    }
  });
});
