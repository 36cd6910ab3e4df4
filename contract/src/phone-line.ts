import { z } from 'zod';
import { isPhoneNumber, CONTACT_MESSAGES } from './contact-rules.ts';
import { phoneKeyOf } from './phone-number.ts';

// The phone line's own settings and lists (issue 24): the office's hours and holidays, and the
// numbers staff blocked. Calls carry their voicemail and screening in call.ts.

/** A number staff blocked: the line says a short message and hangs up, with no assistant turn. */
export const blockedNumberSchema = z.object({
  /** The digits of the number's key (phoneKeyOf: ten for North America), the one key for "who is this number". */
  digits: z.string(),
  /** The number as it was blocked (from the call, or as staff typed it). */
  phoneNumber: z.string(),
  blockedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type BlockedNumber = z.infer<typeof blockedNumberSchema>;

export const blockNumberSchema = z.object({
  phoneNumber: z
    .string({ error: CONTACT_MESSAGES.phone })
    .trim()
    .refine((p) => isPhoneNumber(p) && phoneKeyOf(p) !== null, CONTACT_MESSAGES.phone),
});
export type BlockNumber = z.input<typeof blockNumberSchema>;

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const clockTime = (field: string) =>
  z
    .string({ error: `${field} must be a time` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${field} must be a time such as 08:00`);

/** One day's office hours, on the business's wall clock; null = closed all day. */
export const dayHoursSchema = z
  .object({ opens: clockTime('Opening time'), closes: clockTime('Closing time') })
  .refine((d) => d.opens < d.closes, { message: 'Closing time must be after opening time', path: ['closes'] })
  .nullable();
export type DayHours = z.infer<typeof dayHoursSchema>;

const isCalendarDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
export const MAX_HOLIDAYS = 100;

/** When a person answers: weekly hours and the dates the office is closed (Settings → Telephony). */
export const businessHoursSchema = z.object({
  days: z.object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursSchema])) as Record<
      Weekday,
      typeof dayHoursSchema
    >,
    { error: 'Every day of the week needs its hours or closed' },
  ),
  holidays: z
    .array(
      z
        .string({ error: 'A holiday must be a date' })
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'A holiday must be a date such as 2026-12-25')
        .refine(isCalendarDate, 'A holiday must be a real date'),
      { error: 'holidays must be a list of dates' },
    )
    .max(MAX_HOLIDAYS, `At most ${MAX_HOLIDAYS} holidays`)
    .refine((dates) => new Set(dates).size === dates.length, 'Each holiday once'),
});
export type BusinessHours = z.infer<typeof businessHoursSchema>;

/** The settings key business hours are kept under (one value, JSON). */
export const BUSINESS_HOURS_SETTING = 'business-hours';
/** The stored value when it is valid, else the default week: a damaged row never closes the business. */
export const businessHoursOrDefault = (value: unknown): BusinessHours => {
  const stored = value === undefined ? undefined : businessHoursSchema.safeParse(value);
  return stored?.success ? stored.data : DEFAULT_BUSINESS_HOURS;
};

const officeDay = { opens: '08:00', closes: '17:00' };
export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  days: {
    monday: officeDay,
    tuesday: officeDay,
    wednesday: officeDay,
    thursday: officeDay,
    friday: officeDay,
    saturday: null,
    sunday: null,
  },
  holidays: [],
};
