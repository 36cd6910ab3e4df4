import { z } from 'zod';
import { APPOINTMENT_STATUSES, PREFERRED_TIMES } from './enums.ts';
import { appointmentSchema } from './appointment.ts';
import { calendarDate, queryInteger, typedText } from './common.ts';
import { JOB_STATUSES, JOB_STATUS_LABELS, MAX_CREWS, VISIT_KINDS, type JobStatus } from './jobs.ts';

// The crew's board (issue 33, items 1 and 3): what GET /api/schedule lists, a visit's move to
// another slot, day or crew, a job's visit booked from the unscheduled tray, a job's progress
// through the crew's day, and the crews Settings edits.

/** The week view reads six weeks at most: the board never pages through a year at once. */
export const MAX_SCHEDULE_DAYS = 42;
export const SCHEDULE_RANGE_MESSAGE = `Choose at most ${MAX_SCHEDULE_DAYS} days (from … to)`;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

export const scheduleQuerySchema = z
  .object({
    from: calendarDate('Give the first day (from=YYYY-MM-DD)'),
    to: calendarDate('Give the last day (to=YYYY-MM-DD)'),
  })
  .superRefine((q, ctx) => {
    const days = dayNumber(q.to) - dayNumber(q.from) + 1;
    if (days < 1)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day must not be before the first' });
    else if (days > MAX_SCHEDULE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: SCHEDULE_RANGE_MESSAGE });
  });
export type ScheduleQuery = z.infer<typeof scheduleQuerySchema>;

/** One visit on the board: where it sits, how long it takes and what its card says. */
export const boardVisitSchema = z.object({
  id: z.number().int(),
  kind: z.enum(VISIT_KINDS),
  crewId: z.number().int().nullable(),
  date: z.string(),
  /** One of PREFERRED_TIMES, or null ("Time TBD": the tray of the day, not a slot). */
  time: z.string().nullable(),
  durationMinutes: z.number().int(),
  customerName: z.string(),
  customerPhone: z.string(),
  address: z.string(),
  /** Null until the address is geocoded (the day's route). */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  status: z.enum(APPOINTMENT_STATUSES),
  /** The card's title: the job's ("House wash") or the estimate's service. */
  title: z.string(),
  jobId: z.number().int().nullable(),
  jobStatus: z.enum(JOB_STATUSES).nullable(),
  /** A job's price; an estimate is free (null). */
  priceCents: z.number().int().nullable(),
});
export type BoardVisit = z.infer<typeof boardVisitSchema>;

const slotTime = z.enum(PREFERRED_TIMES, { error: 'Choose a time on the board' });
const crewIdField = z.number({ error: 'Choose a crew' }).int('Choose a crew').positive('Choose a crew');

/** Where a visit goes: a day, an hour and a crew (the drag's drop and the "Move to…" dialog). */
export const visitMoveSchema = z.object({
  date: calendarDate('Choose a day'),
  time: slotTime,
  crewId: crewIdField,
});
export type VisitMove = z.infer<typeof visitMoveSchema>;
/** A moved visit, and whether a text telling the customer is queued (a screen claims no more). */
export const visitMovedSchema = appointmentSchema.extend({ textQueued: z.boolean() });
/** A job from the tray gets its visit with the same three answers. */
export const jobVisitSchema = visitMoveSchema;

/** The job's progress, one step at a time, as the crew lives it. */
export const JOB_NEXT_STATUS: Partial<Record<JobStatus, JobStatus>> = {
  scheduled: 'on_the_way',
  on_the_way: 'in_progress',
  in_progress: 'done',
};
export const jobStatusChangeSchema = z.object({
  status: z.enum(['on_the_way', 'in_progress', 'done'], {
    error: 'Choose on_the_way, in_progress or done',
  }),
});
/** The refusal of any other step, in staff's words. */
export const jobStepMessage = (from: JobStatus, to: JobStatus) => {
  const next = JOB_NEXT_STATUS[from];
  return next
    ? `This job is ${JOB_STATUS_LABELS[from]}: its next step is ${JOB_STATUS_LABELS[next]}, not ${JOB_STATUS_LABELS[to]}.`
    : `This job is ${JOB_STATUS_LABELS[from]}: it has no next step on the board.`;
};

/** The tray: `?status=unscheduled&after=<last id>&limit=`, a page at a time by key. */
export const jobListQuerySchema = z.object({
  status: z.literal('unscheduled', { error: 'Only status=unscheduled is listed' }),
  after: queryInteger('after').optional(),
  limit: queryInteger('limit')
    .pipe(z.number().min(1, 'limit must be at least 1').max(200, 'limit must be at most 200'))
    .optional(),
});

export const CREW_NAME_MAX = 40;
const crewName = typedText('Give the crew a name').pipe(
  z
    .string()
    .min(1, 'Give the crew a name')
    .max(CREW_NAME_MAX, `Keep the crew's name to ${CREW_NAME_MAX} characters`),
);
const crewColor = z
  .string({ error: 'Choose a colour like #2D72D2' })
  .regex(/^#[0-9A-Fa-f]{6}$/, 'Choose a colour like #2D72D2')
  .transform((c) => c.toUpperCase());

export const crewCreateSchema = z.object({ name: crewName, color: crewColor });
export const crewUpdateSchema = z
  .object({
    name: crewName,
    color: crewColor,
    /** false retires the crew (its past visits still name it); true brings it back. */
    active: z.boolean({ error: 'active must be true or false' }),
  })
  .partial();
export type CrewCreate = z.input<typeof crewCreateSchema>;
export type CrewUpdate = z.input<typeof crewUpdateSchema>;

export const TOO_MANY_CREWS = `A business has at most ${MAX_CREWS} active crews: retire one first`;
export const LAST_CREW = 'The board needs at least one active crew';
