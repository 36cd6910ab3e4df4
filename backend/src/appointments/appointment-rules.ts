import {
  ESTIMATE_MINUTES,
  PAST_DATE_MESSAGE,
  PAST_TIME_MESSAGE,
  PREFERRED_TIMES,
  SLOT_TAKEN_CODE,
  startHourOf,
  type BusinessHours,
  type PreferredTime,
} from '@washdesk/contract';
import { HttpError, validationError } from '../http/errors.ts';
import { localDate, wallClockParts, type Clock } from '../time.ts';
import type { AppointmentRepository } from './appointment.repository.ts';
import { findSlotClash, freeCrewFor, withinOpenHours, type Slot } from './appointment-slot.ts';

/** What a visit asks of a day: its length, its crew (else any free one), and itself when moving. */
export interface VisitNeeds {
  durationMinutes?: number;
  crewId?: number | null;
  exceptId?: number;
}

/** Said when a start falls outside the business's hours (a closed day, a holiday, past closing). */
export const CLOSED_HOURS_MESSAGE = 'That time is outside business hours';

/**
 * The booking rules every booking path applies: the appointment dialog, "Book estimate" from the
 * requests inbox, and the phone and Messenger assistant (which asks the same questions without
 * throwing, to say the answer in its own words). `timeZone` is the business's: "today" is its
 * calendar day, not the server's. `hours` are the business's open hours (Settings → business
 * hours): what a customer or the assistant may pick, and where the board's slots are.
 */
export function appointmentRules(
  appointments: AppointmentRepository,
  timeZone: string,
  clock: Clock,
  hours: () => BusinessHours = () => appointments.businessHours(),
) {
  const today = () => localDate(new Date(clock()), timeZone);
  /**
   * A visit cannot be booked into the past: not on an earlier day, and today not at an hour that
   * has already begun on the business's wall clock (a same-day job later today is fine).
   */
  const timeHasPassed = (date: string, time: string | null | undefined) => {
    const hour = time ? startHourOf(time) : null;
    if (date !== today() || hour === null) return false;
    const now = wallClockParts(clock(), timeZone);
    return hour * 60 <= now.hour * 60 + now.minute;
  };
  return {
    today,
    timeHasPassed,
    refusePast(date: string, field: string, time?: string | null) {
      if (date < today()) throw validationError({ [field]: PAST_DATE_MESSAGE }, PAST_DATE_MESSAGE);
      if (timeHasPassed(date, time))
        throw validationError({ preferredTime: PAST_TIME_MESSAGE }, PAST_TIME_MESSAGE);
    },
    slotClash: (slot: Slot) => findSlotClash(appointments, slot),
    /** The crew that can take the slot (the one asked for, else the first free one), or null. */
    freeCrew: (slot: Slot) => freeCrewFor(appointments, slot),
    /** Whether the visit fits inside open hours on that day. */
    isOpen: (date: string, time: string, durationMinutes = ESTIMATE_MINUTES) =>
      withinOpenHours(hours(), date, time, durationMinutes),
    refuseClosed(date: string, time: string, durationMinutes = ESTIMATE_MINUTES) {
      if (!withinOpenHours(hours(), date, time, durationMinutes))
        throw validationError({ time: CLOSED_HOURS_MESSAGE }, CLOSED_HOURS_MESSAGE);
    },
    /**
     * The starts of a day a customer (or the assistant) may pick: inside open hours for the whole
     * visit, not already begun, and with its crew — or any active crew — free for that long.
     */
    openTimes: (date: string, visit: VisitNeeds = {}): PreferredTime[] => {
      const durationMinutes = visit.durationMinutes ?? ESTIMATE_MINUTES;
      const open = hours();
      return PREFERRED_TIMES.filter(
        (time) =>
          withinOpenHours(open, date, time, durationMinutes) &&
          !timeHasPassed(date, time) &&
          !findSlotClash(appointments, { date, time, durationMinutes, ...visit }),
      );
    },
    // A taken slot is a warning the client can override by sending allowOverlap: true.
    refuseClash(slot: Slot, allowOverlap: boolean | undefined) {
      const clash = !allowOverlap && findSlotClash(appointments, slot);
      if (clash)
        throw new HttpError(409, SLOT_TAKEN_CODE, clash.message, undefined, {
          clash: {
            id: clash.other.id,
            customerName: clash.other.customerName,
            scheduledDate: clash.other.scheduledDate,
            preferredTime: clash.other.preferredTime,
          },
        });
    },
  };
}
export type AppointmentRules = ReturnType<typeof appointmentRules>;
