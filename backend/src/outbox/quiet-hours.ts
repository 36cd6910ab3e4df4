import { DEFAULT_FOLLOW_THROUGH, type QuietHours } from '@washdesk/contract';
import { instantOfLocalTime, localDate, addDays, wallClockParts } from '../time.ts';
import type { OutboxGate } from './outbox-gate.ts';

// Nothing automatic reaches a customer's phone at night: a message due in quiet hours (Settings →
// Automatic messages, by default 8 PM to 8 AM on the business's wall clock) waits for them to end.
// A text a staff member typed, or a direct answer to the customer's own text, goes at once.

export type { QuietHours };
export const DEFAULT_QUIET_HOURS: QuietHours = DEFAULT_FOLLOW_THROUGH.quietHours;

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

/** Read at every pass, so a change in Settings holds back (or lets go) what is still pending. */
export function quietHoursGate(timeZone: string, quiet: () => QuietHours): OutboxGate {
  return (message, now) => {
    if (!message.automatic) return { action: 'send' };
    const allowed = nextAllowedInstant(now, timeZone, quiet());
    return allowed === now ? { action: 'send' } : { action: 'defer', until: allowed };
  };
}
