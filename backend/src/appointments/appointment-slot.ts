import { startHourOf, type Appointment, type BusinessHours } from '@washdesk/contract';
import type { AppointmentRepository, BookedVisit } from './appointment.repository.ts';

// When a visit can start (issue 33): on a crew's day a visit holds its crew from its start for its
// duration, so two visits clash only on the same crew and only where their times overlap; a day
// with two crews takes two 9 AM visits. A visit whose time is not set yet ("Time TBD") holds nothing.

export interface Slot {
  /** `YYYY-MM-DD`, the business's calendar date. */
  date: string;
  /** One of PREFERRED_TIMES; a visit with no time yet ("Time TBD") takes no slot. */
  time: string | null;
  /** The appointment being moved, which does not clash with itself. */
  exceptId?: number;
  /** The crew whose day it goes on; absent: any active crew that is free. */
  crewId?: number | null;
  /** How long it holds the crew (an estimate's 30 minutes when absent). */
  durationMinutes?: number;
}

export interface SlotClash {
  other: Appointment;
  /** Names the other booking's customer and time, for staff (and the phone assistant) to act on. */
  message: string;
}

const ESTIMATE_DEFAULT_MINUTES = 30;

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Minutes after midnight a time label starts ("9:00 AM" → 540), or null ("Time TBD"). */
export const startMinutesOf = (time: string | null | undefined) => {
  const hour = time ? startHourOf(time) : null;
  return hour === null ? null : hour * 60;
};

/** The visit on this crew whose hours overlap [start, end), if any. */
function overlapping(visits: BookedVisit[], crewId: number, start: number, end: number, exceptId?: number) {
  return visits.find((v) => {
    if (v.id === exceptId || v.crewId !== crewId) return false;
    const from = startMinutesOf(v.time);
    return from !== null && from < end && start < from + v.durationMinutes;
  });
}

/**
 * The crew that can take this slot: the one asked for when it is free, else the first active crew
 * (in the board's order) that is free for the whole duration; null when none is.
 */
export function freeCrewFor(appointments: AppointmentRepository, slot: Slot): number | null {
  const start = startMinutesOf(slot.time);
  const day = appointments.bookedDay(slot.date);
  const crews = slot.crewId ? [slot.crewId] : day.crewIds;
  if (start === null) return crews[0] ?? null;
  const end = start + (slot.durationMinutes ?? ESTIMATE_DEFAULT_MINUTES);
  return crews.find((crew) => !overlapping(day.visits, crew, start, end, slot.exceptId)) ?? null;
}

/**
 * Whether the slot is taken: on the crew asked for, by an overlapping visit; with no crew asked for,
 * when every active crew is busy then. Staff may still book it on purpose; every booking path (the
 * dialog, the board, the phone assistant, the visit page) asks here first.
 */
export function findSlotClash(appointments: AppointmentRepository, slot: Slot): SlotClash | null {
  const start = startMinutesOf(slot.time);
  if (start === null) return null;
  if (freeCrewFor(appointments, slot) !== null) return null;
  const end = start + (slot.durationMinutes ?? ESTIMATE_DEFAULT_MINUTES);
  const day = appointments.bookedDay(slot.date);
  const crews = slot.crewId ? [slot.crewId] : day.crewIds;
  const holder = crews.map((crew) => overlapping(day.visits, crew, start, end, slot.exceptId)).find(Boolean);
  const other = holder && appointments.get(holder.id);
  if (!other) return null;
  const when = dayFormat.format(new Date(`${slot.date}T00:00:00Z`));
  return { other, message: `${other.customerName} is already booked on ${when} at ${other.preferredTime}.` };
}

const WEEKDAY_KEYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const clockMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether a visit starting at `time` on `date` and lasting `durationMinutes` fits inside the
 * business's open hours: not on a closed weekday or a holiday, not starting before opening, not
 * running past closing.
 */
export function withinOpenHours(hours: BusinessHours, date: string, time: string, durationMinutes: number) {
  const start = startMinutesOf(time);
  if (start === null || hours.holidays.includes(date)) return false;
  const day = hours.days[WEEKDAY_KEYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!];
  if (!day) return false;
  return start >= clockMinutes(day.opens) && start + durationMinutes <= clockMinutes(day.closes);
}
