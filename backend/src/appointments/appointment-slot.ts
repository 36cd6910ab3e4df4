import type { Appointment } from '@washdesk/contract';
import type { AppointmentRepository } from './appointment.repository.ts';

export interface Slot {
  /** `YYYY-MM-DD`, the business's calendar date. */
  date: string;
  /** One of PREFERRED_TIMES; a visit with no time yet ("Time TBD") takes no slot. */
  time: string | null;
  /** The appointment being moved, which does not clash with itself. */
  exceptId?: number;
}

export interface SlotClash {
  other: Appointment;
  /** Names the other booking's customer and time, for staff (and the phone assistant) to act on. */
  message: string;
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * Whether another scheduled visit already holds this date and time. Staff may still book it on
 * purpose (two crews); every booking path (the dialog, the phone assistant) asks here first.
 */
export function findSlotClash(appointments: AppointmentRepository, slot: Slot): SlotClash | null {
  if (!slot.time) return null;
  const other = appointments.scheduledInSlot(slot.date, slot.time, slot.exceptId ?? null);
  if (!other) return null;
  const day = dayFormat.format(new Date(`${slot.date}T00:00:00Z`));
  return {
    other,
    message: `${other.customerName} is already booked on ${day} at ${slot.time}.`,
  };
}
