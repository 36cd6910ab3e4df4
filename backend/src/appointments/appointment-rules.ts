import { PAST_DATE_MESSAGE, SLOT_TAKEN_CODE } from '@washdesk/contract';
import { HttpError, validationError } from '../http/errors.ts';
import { localDate, type Clock } from '../time.ts';
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
    // A visit cannot be booked into the past; today is fine (a same-day job).
    refusePast(date: string, field: string) {
      if (date < today()) throw validationError({ [field]: PAST_DATE_MESSAGE }, PAST_DATE_MESSAGE);
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
