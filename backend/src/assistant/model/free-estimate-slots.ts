import type { AppointmentRepository } from '../../appointments/appointment.repository.ts';
import { appointmentRules } from '../../appointments/appointment-rules.ts';
import { addDays } from '../../time.ts';
import type { Clock } from '../../time.ts';
import { businessNow, extractSlots, spokenDate } from '../booking.ts';

// The model's free_estimate_slots tool: the open hours of a day (or of the next days) from the
// appointment rules, the same owner the booking conversation and the staff dialog ask.

/** Days looked at when the caller names none: enough for "what do you have this week". */
const DAYS_AHEAD = 5;

export interface FreeDay {
  date: string;
  /** "Tuesday, December 1": what the caller may hear. */
  day: string;
  times: string[];
}

export function freeEstimateSlots(appointments: AppointmentRepository, timeZone: string, now: Clock) {
  const rules = appointmentRules(appointments, timeZone, now);
  const freeOn = (date: string): FreeDay => ({ date, day: spokenDate(date), times: rules.openTimes(date) });
  /** `day` as the caller said it ("tomorrow", "the 8th", "2026-12-01"); none = the next days. */
  return (day?: string): { days: FreeDay[] } | { error: string } => {
    if (day?.trim()) {
      const iso = /^\d{4}-\d{2}-\d{2}$/.test(day.trim()) ? day.trim() : undefined;
      const date = iso ?? extractSlots(day, 'date', businessNow(now(), timeZone)).slots.date;
      if (!date) return { error: `"${day}" is not a day I can read; ask the caller which day.` };
      if (date < rules.today()) return { error: `${spokenDate(date)} has passed.` };
      return { days: [freeOn(date)] };
    }
    const days = Array.from({ length: DAYS_AHEAD }, (_, i) => freeOn(addDays(rules.today(), i)));
    return { days: days.filter((d) => d.times.length > 0) };
  };
}
