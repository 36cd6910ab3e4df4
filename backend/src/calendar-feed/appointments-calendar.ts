import ical, { ICalCalendarMethod } from 'ical-generator';
import { appointmentServiceLabel, type Appointment } from '@washdesk/contract';
import { addDays, instantOfLocalTime } from '../time.ts';

/** "10:00 AM" → [10, 0]; anything else (no time yet) → null. */
function clockTime(text: string | null): [number, number] | null {
  const match = text && /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(text);
  if (!match) return null;
  const hour = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
  return [hour, Number(match[2])];
}

/**
 * The schedule as an iCalendar document a phone's calendar app subscribes to. Times are written as
 * UTC instants worked out in the business's time zone, so every app shows them at the right hour
 * without needing a VTIMEZONE block; a visit with no time yet is an all-day event on its date.
 */
export function appointmentsCalendar(appointments: Appointment[], timeZone: string, businessName: string) {
  const calendar = ical({
    name: `${businessName} appointments`,
    prodId: { company: 'Washdesk', product: 'appointments', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    // Calendar apps poll subscriptions; this asks for hourly refreshes where they honour it.
    ttl: 60 * 60,
  });
  calendar.x([['X-WR-TIMEZONE', timeZone]]);
  for (const a of appointments) {
    const time = clockTime(a.preferredTime);
    const start = time
      ? instantOfLocalTime(a.scheduledDate, time[0], time[1], timeZone)
      : new Date(`${a.scheduledDate}T00:00:00Z`);
    const description = [
      `Phone: ${a.customerPhone}`,
      a.customerEmail && `E-mail: ${a.customerEmail}`,
      a.notes,
    ]
      .filter(Boolean)
      .join('\n');
    calendar.createEvent({
      // Stable per appointment, so an edited visit moves in the calendar instead of doubling.
      id: `appointment-${a.id}@washdesk`,
      start,
      end: time
        ? new Date(start.getTime() + 60 * 60 * 1000)
        : new Date(`${addDays(a.scheduledDate, 1)}T00:00:00Z`),
      allDay: !time,
      summary: `${appointmentServiceLabel(a.serviceType)} – ${a.customerName}`,
      location: a.address,
      description,
      stamp: new Date(a.updatedAt),
      lastModified: new Date(a.updatedAt),
    });
  }
  return calendar.toString();
}
