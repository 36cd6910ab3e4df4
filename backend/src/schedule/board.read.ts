import { PREFERRED_TIMES, type BoardVisit } from '@washdesk/contract';
import type { Db } from '../db/database.ts';

// What the board shows, read in one statement per range: visits with their job's title, step and
// price. A read that joins the jobs only to draw cards stays with the screen (docs/ARCHITECTURE.md,
// "Who owns what"); every write goes through the appointments', jobs' and crews' owners.

interface BoardRow {
  id: number;
  kind: BoardVisit['kind'];
  crew_id: number | null;
  scheduled_date: string;
  preferred_time: string | null;
  duration_minutes: number;
  customer_name: string;
  customer_phone: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  status: BoardVisit['status'];
  service_type: string;
  job_id: number | null;
  job_status: BoardVisit['jobStatus'];
  job_title: string | null;
  price_cents: number | null;
}

const TIME_OF_DAY = `CASE a.preferred_time ${PREFERRED_TIMES.map((t, i) => `WHEN '${t}' THEN ${i}`).join(' ')} ELSE ${PREFERRED_TIMES.length} END`;

export function boardRead(db: Db, serviceLabel: (stored: string) => string) {
  // The day's route (wave/rain) stores each address's coordinates on the visit; until that column
  // exists, every visit says null rather than the board guessing a place.
  const columns = new Set(
    (db.prepare(`SELECT name FROM pragma_table_info('appointments')`).all() as { name: string }[]).map(
      (c) => c.name,
    ),
  );
  const place =
    columns.has('latitude') && columns.has('longitude')
      ? 'a.latitude AS latitude, a.longitude AS longitude'
      : 'NULL AS latitude, NULL AS longitude';
  const range = db.prepare<{ from: string; to: string }, BoardRow>(`SELECT a.id, a.kind, a.crew_id,
      a.scheduled_date, a.preferred_time, a.duration_minutes, a.customer_name, a.customer_phone, a.address,
      ${place}, a.status, a.service_type, a.job_id, j.status AS job_status, j.title AS job_title,
      j.price_cents
    FROM appointments a LEFT JOIN jobs j ON j.id = a.job_id
    WHERE a.scheduled_date BETWEEN @from AND @to AND a.status != 'cancelled'
    ORDER BY a.scheduled_date, ${TIME_OF_DAY}, a.id`);
  const jobVisit = db.prepare<[number], { id: number }>(
    `SELECT id FROM appointments WHERE job_id = ? AND status != 'cancelled' ORDER BY id DESC LIMIT 1`,
  );
  const unscheduledCount = db.prepare<[], { n: number }>(
    `SELECT COUNT(*) AS n FROM jobs WHERE status = 'unscheduled'`,
  );
  const crewVisitsFrom = db.prepare<[number, string], { n: number }>(
    `SELECT COUNT(*) AS n FROM appointments WHERE crew_id = ? AND status = 'scheduled' AND scheduled_date >= ?`,
  );
  const toVisit = (r: BoardRow): BoardVisit => ({
    id: r.id,
    kind: r.kind,
    crewId: r.crew_id,
    date: r.scheduled_date,
    time: r.preferred_time,
    durationMinutes: r.duration_minutes,
    customerName: r.customer_name,
    customerPhone: r.customer_phone,
    address: r.address,
    latitude: r.latitude,
    longitude: r.longitude,
    status: r.status,
    title: r.job_title ?? serviceLabel(r.service_type),
    jobId: r.job_id,
    jobStatus: r.job_status,
    priceCents: r.kind === 'job' ? r.price_cents : null,
  });
  return {
    /** Every visit on the board from `from` to `to` (both included), in the order of each day. */
    range: (from: string, to: string) => range.all({ from, to }).map(toVisit),
    /** The visit a job is done at (its latest that still stands). */
    visitOfJob: (jobId: number) => jobVisit.get(jobId)?.id,
    unscheduledCount: () => unscheduledCount.get()!.n,
    /** How many visits a crew still has on or after `date` (a crew with work ahead is not retired). */
    crewVisitsFrom: (crewId: number, date: string) => crewVisitsFrom.get(crewId, date)!.n,
  };
}
export type BoardRead = ReturnType<typeof boardRead>;
