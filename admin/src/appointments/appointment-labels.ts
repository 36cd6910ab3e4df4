import { Intent } from '@blueprintjs/core';
import { appointmentServiceLabel, type Appointment, type AppointmentStatus } from '@washdesk/contract';

/** Older or phone-booked rows may hold a value outside the list; the contract's lookup shows it as stored. */
export const serviceLabel = appointmentServiceLabel;

/** Spec 4: scheduled blue, completed green, cancelled red, anything else grey. */
export const STATUS_INTENTS: Record<AppointmentStatus, Intent> = {
  scheduled: Intent.PRIMARY,
  completed: Intent.SUCCESS,
  cancelled: Intent.DANGER,
};
export const statusIntent = (status: string) => STATUS_INTENTS[status as AppointmentStatus] ?? Intent.NONE;

export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

export const timeLabel = (a: Pick<Appointment, 'preferredTime'>) => a.preferredTime ?? 'Time TBD';

// The date is a calendar day already in the business's zone; formatting it as UTC keeps the day.
const dateFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
export const dateLabel = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : dateFormat.format(d);
};
