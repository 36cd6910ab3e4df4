import { z } from 'zod';
import { VISIT_ANSWER_CHANNELS, VISIT_ANSWERS } from './visit-page-texts.ts';
import {
  calendarDate,
  dollarAmount,
  optionalEmail,
  optionalText,
  phoneNumber,
  requiredText,
  typedText,
} from './common.ts';
import { ADDRESS_MIN_LENGTH } from './contact-rules.ts';
import { VISIT_KINDS } from './jobs.ts';
import {
  APPOINTMENT_SERVICE_TYPES,
  APPOINTMENT_SOURCES,
  APPOINTMENT_STATUSES,
  PREFERRED_TIMES,
  type AppointmentStatus,
} from './enums.ts';

const completeAddress = typedText('Complete address is required').pipe(
  z
    .string()
    .min(ADDRESS_MIN_LENGTH, 'Complete address is required')
    .max(300, 'Must be at most 300 characters'),
);

const allowOverlap = z.boolean({ error: 'allowOverlap must be true or false' });

export const appointmentSchema = z.object({
  id: z.number().int(),
  customerName: z.string(),
  customerPhone: z.string(),
  customerEmail: z.string().nullable(),
  address: z.string(),
  serviceType: z.string(),
  /** Calendar date `YYYY-MM-DD` in the business's time zone. */
  scheduledDate: z.string(),
  /** Null shows as "Time TBD". */
  preferredTime: z.string().nullable(),
  status: z.enum(APPOINTMENT_STATUSES),
  estimateAmount: z.number().nullable(),
  notes: z.string().nullable(),
  source: z.enum(APPOINTMENT_SOURCES),
  callId: z.number().int().nullable(),
  /** Why staff cancelled it; null unless cancelled. */
  cancelReason: z.string().nullable(),
  /** The customer's latest answer to a reminder ("C"/"R" texted back, or the visit page), if any. */
  customerAnswer: z
    .object({
      answer: z.enum(VISIT_ANSWERS),
      channel: z.enum(VISIT_ANSWER_CHANNELS),
      /** A move: from and to which time; a cancellation: the reason the customer gave. */
      detail: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
  /** An estimate (free) or a job (the work, `jobId`); see jobs.ts. */
  kind: z.enum(VISIT_KINDS),
  jobId: z.number().int().nullable(),
  /** The crew whose day it is on. */
  crewId: z.number().int().nullable(),
  durationMinutes: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** The appointment dialog's payload, with the spec's messages. */
export const appointmentCreateSchema = z.object({
  customerName: requiredText('Customer name is required', 120),
  customerPhone: phoneNumber('Valid phone number required'),
  customerEmail: optionalEmail,
  address: completeAddress,
  serviceType: z.enum(APPOINTMENT_SERVICE_TYPES, { error: 'Service type is required' }),
  preferredDate: calendarDate('Preferred date is required'),
  preferredTime: z.enum(PREFERRED_TIMES, { error: 'Preferred time is required' }),
  notes: optionalText(2000),
  /** Staff saw the "slot already booked" warning and book anyway. */
  allowOverlap: allowOverlap.optional(),
});
export type AppointmentCreate = z.input<typeof appointmentCreateSchema>;

/**
 * The same dialog editing a stored appointment: the phone assistant may have booked it without a
 * time ("Time TBD"), and staff fixing something else must not be forced to invent one.
 */
export const appointmentEditFormSchema = appointmentCreateSchema.extend({
  preferredTime: z
    .union([z.enum(PREFERRED_TIMES), z.literal('')], { error: 'Preferred time is required' })
    .transform((v) => v || null),
});

/** Staff edit an appointment or mark it completed / cancelled; every field is optional. */
export const appointmentUpdateSchema = z
  .object({
    customerName: requiredText('Customer name is required', 120),
    customerPhone: phoneNumber('Valid phone number required'),
    customerEmail: optionalEmail,
    address: completeAddress,
    serviceType: z.enum(APPOINTMENT_SERVICE_TYPES, { error: 'Service type is required' }),
    scheduledDate: calendarDate('Preferred date is required'),
    preferredTime: z.enum(PREFERRED_TIMES, { error: 'Preferred time is required' }).nullable(),
    status: z.enum(APPOINTMENT_STATUSES, { error: 'Choose a valid status' }),
    estimateAmount: dollarAmount().nullable(),
    notes: optionalText(2000),
    /** Why the visit is called off; kept with a move to cancelled. */
    cancelReason: optionalText(500),
    allowOverlap,
  })
  .partial()
  .refine((v) => Object.keys(v).some((k) => k !== 'allowOverlap'), { message: 'Nothing to change' });
export type AppointmentUpdate = z.input<typeof appointmentUpdateSchema>;

/** Which appointments a list shows, by the business's calendar day (the server knows its time zone). */
export const APPOINTMENT_WHEN = ['today', 'upcoming'] as const;

export const appointmentListQuerySchema = z.object({
  status: z.enum(APPOINTMENT_STATUSES, { error: 'Unknown status' }).optional(),
  from: calendarDate('from must be a date').optional(),
  to: calendarDate('to must be a date').optional(),
  /** today = on today's date; upcoming = after today, soonest first. */
  when: z.enum(APPOINTMENT_WHEN, { error: 'when must be today or upcoming' }).optional(),
  /** Part of the customer's name, phone or address. */
  q: z.string().trim().max(120, 'Search at most 120 characters').optional(),
});

/** The Scheduling page's tiles, counted by the server over every appointment. */
export const appointmentSummarySchema = z.object({
  total: z.number().int(),
  today: z.number().int(),
  scheduled: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
  /** The business's calendar date the counts were taken on, `YYYY-MM-DD`. */
  date: z.string(),
});
export type AppointmentSummary = z.infer<typeof appointmentSummarySchema>;

/**
 * Staff finish or call off a scheduled visit; a cancelled one can be put back on the calendar.
 * A completed visit stays completed (the work was done).
 */
export const APPOINTMENT_STATUS_MOVES: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  scheduled: ['completed', 'cancelled'],
  cancelled: ['scheduled'],
  completed: [],
};

/** The one message staff see for a date before the business's today, from the API and the dialog. */
export const PAST_DATE_MESSAGE = 'Choose today or a later date';

/** The one message for a time of the business's today that has already begun, from the API and the dialog. */
export const PAST_TIME_MESSAGE = 'That time has already passed today: choose a later time or another day';

/** The hour of day (0–23) a preferred time starts at: "1:00 PM" → 13; null for anything else. */
export function startHourOf(time: string): number | null {
  const match = /^(\d{1,2}):00 (AM|PM)$/.exec(time);
  if (!match) return null;
  const hour = Number(match[1]) % 12;
  return match[2] === 'PM' ? hour + 12 : hour;
}

/** A 409's `error.code` when the slot is taken: the dialog offers "Book anyway" (allowOverlap). */
export const SLOT_TAKEN_CODE = 'slot_taken';

/** Staff give a reason when they cancel; the dialog asks for it before sending. */
export const CANCEL_REASON_REQUIRED = 'Give a reason for cancelling';
