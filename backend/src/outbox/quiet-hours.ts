import { instantOfLocalTime, localDate, addDays, wallClockParts } from '../time.ts';
import type { OutboxGate } from './outbox-scheduler.ts';

// Nothing automatic reaches a customer's phone at night: a message due in quiet hours (by
// default 8 PM to 8 AM on the business's wall clock) waits for the morning. A text a staff member
// typed goes when they send it.

export interface QuietHours {
  /** Hour of the business's day quiet hours begin (20 = 8 PM). */
  startHour: number;
  /** Hour they end (8 = 8 AM). */
  endHour: number;
}

export const DEFAULT_QUIET_HOURS: QuietHours = { startHour: 20, endHour: 8 };

/** The first instant at or after `now` outside quiet hours (now itself when it is outside them). */
export function nextAllowedInstant(now: number, timeZone: string, quiet: QuietHours): number {
  const { hour } = wallClockParts(now, timeZone);
  const wraps = quiet.startHour > quiet.endHour;
  const inQuiet = wraps
    ? hour >= quiet.startHour || hour < quiet.endHour
    : hour >= quiet.startHour && hour < quiet.endHour;
  if (!inQuiet) return now;
  const today = localDate(new Date(now), timeZone);
  // Past the start in the evening: the end is tomorrow morning; before it (small hours): today.
  const day = wraps && hour >= quiet.startHour ? addDays(today, 1) : today;
  return instantOfLocalTime(day, quiet.endHour, 0, timeZone).getTime();
}

export function quietHoursGate(timeZone: string, quiet: () => QuietHours): OutboxGate {
  return (message, now) => {
    if (!message.automatic) return { action: 'send' };
    const allowed = nextAllowedInstant(now, timeZone, quiet());
    return allowed === now ? { action: 'send' } : { action: 'defer', until: allowed };
  };
}
