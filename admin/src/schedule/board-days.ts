import { PREFERRED_TIMES, WEEKDAYS, startHourOf, type BusinessHours } from '@washdesk/contract';

// The board's calendar arithmetic on `YYYY-MM-DD` strings (the business's dates, never instants).

export type BoardView = 'day' | 'week';

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Monday of the week `date` is in (the business's weeks start on Monday, like its hours). */
export const mondayOf = (date: string) =>
  addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));

export const weekdayOf = (date: string) => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;

/** The days the view shows, first to last. */
export const daysOf = (view: BoardView, date: string) =>
  view === 'day' ? [date] : Array.from({ length: 7 }, (_, i) => addDays(mondayOf(date), i));

/** The computer's calendar date: where the board opens. */
export function todayHere(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

/** The hours a visit may start at on `date`: the bookable times inside its business hours. */
export function openTimesOf(hours: BusinessHours | undefined, date: string): string[] {
  if (!hours) return [...PREFERRED_TIMES];
  const day = hours.days[weekdayOf(date)];
  if (!day || hours.holidays.includes(date)) return [];
  return PREFERRED_TIMES.filter((t) => {
    const start = startHourOf(t)! * 60;
    return start >= minutesOf(day.opens) && start < minutesOf(day.closes);
  });
}

/** The rows of the view: every hour any of its days is open, in order (so the days line up). */
export function rowTimesOf(hours: BusinessHours | undefined, days: string[]): string[] {
  const open = new Set(days.flatMap((d) => openTimesOf(hours, d)));
  return PREFERRED_TIMES.filter((t) => open.has(t));
}

const longDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const shortDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
export const longDayOf = (date: string) => longDay.format(new Date(`${date}T00:00:00Z`));
export const shortDayOf = (date: string) => shortDay.format(new Date(`${date}T00:00:00Z`));

/** A slot's drop id and back: `slot|2026-12-01|9:00 AM|2`. */
export const slotId = (date: string, time: string, crewId: number) => `slot|${date}|${time}|${crewId}`;
export function slotOf(id: string): { date: string; time: string; crewId: number } | null {
  const [kind, date, time, crew] = id.split('|');
  return kind === 'slot' && date && time && crew ? { date, time, crewId: Number(crew) } : null;
}

/** "1 h 30 min", "3 h", "30 min". */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ');
}
