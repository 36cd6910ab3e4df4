import {
  BUSINESS_HOURS_SETTING,
  ESTIMATE_MINUTES,
  businessHoursOrDefault,
  type BusinessHours,
  centsOrNull,
  dollarsOrNull,
  PREFERRED_TIMES,
} from '@washdesk/contract';
import type {
  Appointment,
  AppointmentSource,
  AppointmentSummary,
  AppointmentStatus,
  appointmentCreateSchema,
  appointmentUpdateSchema,
} from '@washdesk/contract';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { likePattern } from '../search/search-terms.ts';
import { appointmentPages } from './appointment-pages.ts';

export type NewAppointment = z.output<typeof appointmentCreateSchema>;
export type AppointmentChange = z.output<typeof appointmentUpdateSchema>;

interface AppointmentRow {
  id: number;
  customer_name: string;
  customer_phone: string;
  customer_email: string | null;
  address: string;
  service_type: string;
  scheduled_date: string;
  preferred_time: string | null;
  status: AppointmentStatus;
  estimate_amount_cents: number | null;
  notes: string | null;
  source: AppointmentSource;
  call_id: number | null;
  cancel_reason: string | null;
  /** JSON of the latest visit answer (reminders/visit-answer-book.ts), or null. */
  customer_answer: string | null;
  kind: Appointment['kind'];
  job_id: number | null;
  crew_id: number | null;
  duration_minutes: number;
  created_at: string;
  updated_at: string;
}

const toAppointment = (r: AppointmentRow): Appointment => ({
  id: r.id,
  customerName: r.customer_name,
  customerPhone: r.customer_phone,
  customerEmail: r.customer_email,
  address: r.address,
  serviceType: r.service_type,
  scheduledDate: r.scheduled_date,
  preferredTime: r.preferred_time,
  status: r.status,
  estimateAmount: dollarsOrNull(r.estimate_amount_cents),
  notes: r.notes,
  source: r.source,
  callId: r.call_id,
  cancelReason: r.cancel_reason,
  customerAnswer: r.customer_answer ? (JSON.parse(r.customer_answer) as Appointment['customerAnswer']) : null,
  kind: r.kind,
  jobId: r.job_id,
  crewId: r.crew_id,
  durationMinutes: r.duration_minutes,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** A scheduled visit as a crew's day sees it (appointment-slot.ts). */
export interface BookedVisit {
  id: number;
  crewId: number;
  time: string | null;
  durationMinutes: number;
}

/** Where a new visit goes: its crew (else the first active crew), its kind, its job and length. */
export interface VisitPlacement {
  crewId?: number | null;
  kind?: Appointment['kind'];
  jobId?: number | null;
  durationMinutes?: number;
}

/** What the repository writes: the change without the request's allowOverlap flag. */
export type StoredChange = Omit<AppointmentChange, 'allowOverlap'>;

const COLUMNS: Record<keyof StoredChange, string> = {
  customerName: 'customer_name',
  customerPhone: 'customer_phone',
  customerEmail: 'customer_email',
  address: 'address',
  serviceType: 'service_type',
  scheduledDate: 'scheduled_date',
  preferredTime: 'preferred_time',
  status: 'status',
  estimateAmount: 'estimate_amount_cents',
  notes: 'notes',
  cancelReason: 'cancel_reason',
};

// Within a day, visits run in the order of the day's hours (the times are labels like "9:00 AM").
// Migration 0061's list indexes hold this expression word for word (appointment-pages.test.ts).
export const TIME_OF_DAY = `CASE preferred_time ${PREFERRED_TIMES.map((t, i) => `WHEN '${t}' THEN ${i}`).join(' ')} ELSE ${PREFERRED_TIMES.length} END`;

/** A list's filters once `when` has been turned into calendar dates by the business's time zone. */
export interface AppointmentFilter {
  status?: AppointmentStatus;
  from?: string;
  to?: string;
  q?: string;
  /** Soonest first (upcoming visits); otherwise today's, then upcoming soonest first, then past latest first. */
  soonestFirst?: boolean;
  /** The business's calendar date, which the default order puts first. */
  today: string;
  limit: number;
  offset: number;
}

// Every read carries the customer's latest answer to a reminder, so a card shows it with the visit.
const SELECT = `SELECT appointments.*, (SELECT json_object('answer', v.answer, 'channel', v.channel,
    'detail', v.detail, 'at', v.created_at) FROM visit_answers v WHERE v.appointment_id = appointments.id
    ORDER BY v.created_at DESC, v.id DESC LIMIT 1) AS customer_answer FROM appointments`;

export function appointmentRepository(db: Db) {
  const filter = `WHERE (@status IS NULL OR status = @status)
    AND (@from IS NULL OR scheduled_date >= @from) AND (@to IS NULL OR scheduled_date <= @to)
    AND (@q IS NULL OR customer_name LIKE @q ESCAPE '\\' OR customer_phone LIKE @q ESCAPE '\\'
      OR address LIKE @q ESCAPE '\\')`;
  // The office works from today outwards: today's jobs, then what is coming, then what is done.
  const todayFirst = db.prepare(`${SELECT} ${filter}
    ORDER BY CASE WHEN scheduled_date = @today THEN 0 WHEN scheduled_date > @today THEN 1 ELSE 2 END,
      CASE WHEN scheduled_date >= @today THEN scheduled_date END ASC, scheduled_date DESC,
      ${TIME_OF_DAY}, id ASC LIMIT @limit OFFSET @offset`);
  const soonestFirst = db.prepare(`${SELECT} ${filter}
    ORDER BY scheduled_date ASC, ${TIME_OF_DAY}, id ASC LIMIT @limit OFFSET @offset`);
  const inSlot = db.prepare(`${SELECT}
    WHERE status = 'scheduled' AND scheduled_date = ? AND preferred_time = ? AND id IS NOT ?
    ORDER BY id LIMIT 1`);
  const count = db.prepare(`SELECT COUNT(*) AS n FROM appointments ${filter}`);
  const pages = appointmentPages(db, TIME_OF_DAY);
  const pageRows = db.prepare(`${SELECT} WHERE id IN (SELECT value FROM json_each(?))`);
  // Business hours are kept in settings by their owner (phone/business-hours.ts); booking reads them.
  const hoursRow = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  // A day's scheduled visits on the board's index; a visit with no crew yet is on the first crew's day.
  const activeCrews = db.prepare<[], { id: number }>(
    'SELECT id FROM crews WHERE active = 1 ORDER BY position, id',
  );
  const dayVisits = db.prepare<
    [string],
    { id: number; crew_id: number | null; preferred_time: string | null; duration_minutes: number }
  >(
    `SELECT id, crew_id, preferred_time, duration_minutes FROM appointments
     WHERE scheduled_date = ? AND status = 'scheduled'`,
  );
  // One pass over the status index; "today" is a date equality on the date index.
  const byStatus = db.prepare('SELECT status, COUNT(*) AS n FROM appointments GROUP BY status');
  const onDate = db.prepare('SELECT COUNT(*) AS n FROM appointments WHERE scheduled_date = ?');
  const one = db.prepare(`${SELECT} WHERE id = ?`);
  const restoredCount = db.prepare('SELECT restored_count AS n FROM appointments WHERE id = ?');
  const onCalendar = db.prepare(`${SELECT} WHERE status != 'cancelled' ORDER BY scheduled_date, id`);
  const scheduledFrom = db.prepare<[string], { id: number }>(
    `SELECT id FROM appointments WHERE status = 'scheduled' AND scheduled_date >= ?`,
  );
  const soonestOf = db.prepare(`${SELECT} WHERE id IN (SELECT value FROM json_each(@ids))
    AND status = 'scheduled' AND scheduled_date >= @from ORDER BY scheduled_date, ${TIME_OF_DAY}, id LIMIT 1`);
  // The estimate a call booked (the newest, if staff booked another on the same call).
  const ofCall = db.prepare(`${SELECT} WHERE call_id = ? ORDER BY id DESC LIMIT 1`);
  const insert = db.prepare(`INSERT INTO appointments
    (customer_name, customer_phone, customer_email, address, service_type, scheduled_date, preferred_time,
     status, notes, source, call_id, crew_id, kind, job_id, duration_minutes, created_at, updated_at)
    VALUES (@customerName, @customerPhone, @customerEmail, @address, @serviceType, @preferredDate, @preferredTime,
     'scheduled', @notes, @source, @callId,
     COALESCE(@crewId, (SELECT id FROM crews WHERE active = 1 ORDER BY position, id LIMIT 1)),
     @kind, @jobId, @durationMinutes, @now, @now)`);
  const ofJob = db.prepare(`${SELECT} WHERE job_id = ? AND status != 'cancelled' ORDER BY id DESC LIMIT 1`);
  const insertJobVisit = db.prepare(`INSERT INTO appointments
    (customer_name, customer_phone, customer_email, address, service_type, scheduled_date, preferred_time,
     status, source, kind, job_id, crew_id, duration_minutes, created_at, updated_at)
    VALUES (@customerName, @customerPhone, @customerEmail, @address, @serviceType, @date, @time,
     'scheduled', 'staff', 'job', @jobId, @crewId, @durationMinutes, @now, @now)`);
  const onDay = db.prepare(`${SELECT} WHERE status = 'scheduled' AND scheduled_date = @date
    AND (@crewId IS NULL OR crew_id = @crewId) ORDER BY ${TIME_OF_DAY}, id`);
  const moveToSlot = db.prepare(`UPDATE appointments SET scheduled_date = @date, preferred_time = @time,
    crew_id = @crewId, updated_at = @now WHERE id = @id AND status = 'scheduled'`);
  /** One row as the screens and other features see it, or undefined. */
  const appointmentOf = (row: unknown) => (row ? toAppointment(row as AppointmentRow) : undefined);
  const get = (id: number) => appointmentOf(one.get(id));
  return {
    /** The ids of the visits still scheduled on or after `date` (reminders re-plan them). */
    scheduledFrom: (date: string) => scheduledFrom.all(date).map((r) => r.id),
    /** Of these visits, the soonest still scheduled on or after `from` (a reminder's "C" or "R"). */
    soonestScheduled: (ids: readonly number[], from: string) =>
      appointmentOf(soonestOf.get({ ids: JSON.stringify(ids), from })),
    /** What a call booked, for its summary. */
    bookedOnCall: (callId: number) => appointmentOf(ofCall.get(callId)),
    list(f: AppointmentFilter) {
      if (!f.q) {
        // The list as the office reads it: each page's ids off the indexes, then only those rows.
        const { ids, total } = pages.page(f);
        const byId = new Map(
          (pageRows.all(JSON.stringify(ids)) as AppointmentRow[]).map((r) => [r.id, toAppointment(r)]),
        );
        return { rows: ids.map((id) => byId.get(id)!), total };
      }
      const params = {
        status: f.status ?? null,
        from: f.from ?? null,
        to: f.to ?? null,
        q: f.q ? likePattern(f.q) : null,
        limit: f.limit,
        offset: f.offset,
        today: f.today,
      };
      return {
        rows: ((f.soonestFirst ? soonestFirst : todayFirst).all(params) as AppointmentRow[]).map(
          toAppointment,
        ),
        total: (count.get(params) as { n: number }).n,
      };
    },
    /** The Scheduling tiles on `date` (the business's today), read in one transaction. */
    summary(date: string): AppointmentSummary {
      return db.transaction(() => {
        const counts: Record<AppointmentStatus, number> = { scheduled: 0, completed: 0, cancelled: 0 };
        for (const row of byStatus.all() as { status: AppointmentStatus; n: number }[])
          counts[row.status] = row.n;
        return {
          total: counts.scheduled + counts.completed + counts.cancelled,
          today: (onDate.get(date) as { n: number }).n,
          ...counts,
          date,
        };
      })();
    },
    get,
    /** Every visit that is on (or was done from) the calendar: all but the cancelled ones. */
    onCalendar: () => (onCalendar.all() as AppointmentRow[]).map(toAppointment),
    /** Another scheduled visit on this date at this time, if any (`exceptId` is the one being edited). */
    scheduledInSlot(date: string, time: string, exceptId: number | null = null) {
      return appointmentOf(inSlot.get(date, time, exceptId));
    },
    /** The business's open hours as Settings keeps them (the default week when none are saved). */
    businessHours(): BusinessHours {
      const row = hoursRow.get(BUSINESS_HOURS_SETTING);
      return businessHoursOrDefault(row ? JSON.parse(row.value) : undefined);
    },
    /** A day's scheduled visits per crew, and the active crews in the board's order. */
    bookedDay(date: string): { visits: BookedVisit[]; crewIds: number[] } {
      return db.transaction(() => {
        const crewIds = activeCrews.all().map((c) => c.id);
        const visits = dayVisits.all(date).map((v) => ({
          id: v.id,
          crewId: v.crew_id ?? crewIds[0] ?? 0,
          time: v.preferred_time,
          durationMinutes: v.duration_minutes,
        }));
        return { visits, crewIds };
      })();
    },
    /** `callId`: the phone call that booked it (the phone assistant). */
    create(
      input: NewAppointment,
      source: AppointmentSource = 'staff',
      callId: number | null = null,
      placement: VisitPlacement = {},
    ) {
      const { allowOverlap: _confirmed, ...fields } = input;
      return get(
        Number(
          insert.run({
            ...fields,
            source,
            callId,
            crewId: placement.crewId ?? null,
            kind: placement.kind ?? 'estimate',
            jobId: placement.jobId ?? null,
            durationMinutes: placement.durationMinutes ?? ESTIMATE_MINUTES,
            now: nowIso(),
          }).lastInsertRowid,
        ),
      )!;
    },
    update(id: number, change: StoredChange) {
      const entries = Object.entries(change).filter(([, v]) => v !== undefined) as [
        keyof StoredChange,
        unknown,
      ][];
      const sets = entries.map(([key]) => `${COLUMNS[key]} = @${key}`);
      // Put back on the calendar after a cancel: a new booking (reminders/visit-reminders.ts keys by it).
      if (change.status !== undefined)
        sets.push("restored_count = restored_count + (status = 'cancelled' AND @status = 'scheduled')");
      const params: Record<string, unknown> = Object.fromEntries(entries);
      if ('estimateAmount' in params)
        params.estimateAmount = centsOrNull(params.estimateAmount as number | null);
      const { changes } = db
        .prepare(`UPDATE appointments SET ${[...sets, 'updated_at = @now'].join(', ')} WHERE id = @id`)
        .run({ ...params, now: nowIso(), id });
      return changes ? get(id) : undefined;
    },
    /** The visit that stands for a job, if any. */
    ofJob: (jobId: number) => appointmentOf(ofJob.get(jobId)),
    /** Which booking of this visit stands: 0 as first booked, one more each time it was restored after a cancel. */
    bookingOf: (id: number) => (restoredCount.get(id) as { n: number } | undefined)?.n ?? 0,
    /** A job's visit, booked from the board's tray (kind 'job', the job's own duration). */
    createJobVisit(visit: JobVisit) {
      return get(Number(insertJobVisit.run({ ...visit, now: nowIso() }).lastInsertRowid))!;
    },
    /** The visits still scheduled on a day, of one crew or all, in the day's order (route, rain day). */
    scheduledOnDay: (date: string, crewId: number | null) =>
      (onDay.all({ date, crewId }) as AppointmentRow[]).map(toAppointment),
    /**
     * Puts a scheduled visit on another day, time or crew (the board, a rain day, the route's order); the
     * caller asked the booking rules first. Undefined when it is no longer scheduled.
     */
    moveToSlot: (id: number, slot: { date: string; time: string | null; crewId: number | null }) =>
      moveToSlot.run({ id, ...slot, now: nowIso() }).changes ? get(id) : undefined,
  };
}

/** What a job's visit is booked with: the job's customer, the slot and the crew. */
export interface JobVisit {
  jobId: number;
  customerName: string;
  customerPhone: string;
  customerEmail: string | null;
  address: string;
  /** The job's title ("House wash"): the card and the reminders say it. */
  serviceType: string;
  date: string;
  time: string;
  crewId: number;
  durationMinutes: number;
}
export type AppointmentRepository = ReturnType<typeof appointmentRepository>;
