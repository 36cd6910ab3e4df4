import { PAST_DATE_MESSAGE, PAST_TIME_MESSAGE, SLOT_TAKEN_CODE, startHourOf } from '@washdesk/contract';
import { HttpError, validationError } from '../http/errors.ts';
import { localDate, wallClockParts, type Clock } from '../time.ts';
import type { AppointmentRepository } from './appointment.repository.ts';
import { findSlotClash, type Slot } from './appointment-slot.ts';

/**
 * The booking rules every staff booking path applies (the appointment dialog, "Book estimate" from
 * the requests inbox). `timeZone` is the business's: "today" is its calendar day, not the server's.
 */
export function appointmentRules(appointments: AppointmentRepository, timeZone: string, clock: Clock) {
  const today = () => localDate(new Date(clock()), timeZone);
  return {
    today,
    /**
     * A visit cannot be booked into the past: not on an earlier day, and today not at an hour that
     * has already begun on the business's wall clock (a same-day job later today is fine).
     */
    refusePast(date: string, field: string, time?: string | null) {
      const day = today();
      if (date < day) throw validationError({ [field]: PAST_DATE_MESSAGE }, PAST_DATE_MESSAGE);
      const hour = time ? startHourOf(time) : null;
      if (date !== day || hour === null) return;
      const now = wallClockParts(clock(), timeZone);
      if (hour * 60 <= now.hour * 60 + now.minute)
        throw validationError({ preferredTime: PAST_TIME_MESSAGE }, PAST_TIME_MESSAGE);
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
