import {
  PAST_DATE_MESSAGE,
  PAST_TIME_MESSAGE,
  PREFERRED_TIMES,
  SLOT_TAKEN_CODE,
  startHourOf,
  type PreferredTime,
} from '@washdesk/contract';
import { HttpError, validationError } from '../http/errors.ts';
import { localDate, wallClockParts, type Clock } from '../time.ts';
import type { AppointmentRepository } from './appointment.repository.ts';
import { findSlotClash, type Slot } from './appointment-slot.ts';

/**
 * The booking rules every booking path applies: the appointment dialog, "Book estimate" from the
 * requests inbox, and the phone and Messenger assistant (which asks the same questions without
 * throwing, to say the answer in its own words). `timeZone` is the business's: "today" is its
 * calendar day, not the server's.
 */
export function appointmentRules(appointments: AppointmentRepository, timeZone: string, clock: Clock) {
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
    /** The hours of a day still bookable: not taken by a scheduled visit, not already begun. */
    openTimes: (date: string): PreferredTime[] =>
      PREFERRED_TIMES.filter(
        (time) => !timeHasPassed(date, time) && !findSlotClash(appointments, { date, time }),
      ),
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
