import { APPOINTMENT_STATUS_MOVES, type AppointmentStatus } from '@washdesk/contract';

/** Why staff cannot move an appointment from one status to another, or null when they can. */
export function statusMoveProblem(from: AppointmentStatus, to: AppointmentStatus): string | null {
  if (from === to || APPOINTMENT_STATUS_MOVES[from].includes(to)) return null;
  return `A ${from} appointment cannot be marked ${to}`;
}
