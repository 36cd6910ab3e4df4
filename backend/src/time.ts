// "Today" means the business's calendar day (California), not the server's or UTC's.

const dateFormatters = new Map<string, Intl.DateTimeFormat>();
const dateFormatter = (timeZone: string) => {
  let f = dateFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormatters.set(timeZone, f);
  }
  return f;
};

/** `YYYY-MM-DD` of an instant in a time zone. */
export const localDate = (instant: Date, timeZone: string) => dateFormatter(timeZone).format(instant);

/** Calendar arithmetic on `YYYY-MM-DD` strings. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of a time zone at an instant: its calendar date and time of day, as numbers. */
export function wallClockParts(instant: number, timeZone: string) {
  let f = wallClocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'short',
    });
    wallClocks.set(timeZone, f);
  }
  const parts = f.formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
    /** The zone's short name at that instant: "PST", or "PDT" in summer. */
    zone: parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone,
  };
}

function offsetMs(instant: number, timeZone: string): number {
  const w = wallClockParts(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant (ISO text) at which a local calendar day starts, DST included. */
export function startOfLocalDay(date: string, timeZone: string): string {
  const midnightAsUtc = Date.parse(`${date}T00:00:00Z`);
  let instant = midnightAsUtc - offsetMs(midnightAsUtc, timeZone);
  instant = midnightAsUtc - offsetMs(instant, timeZone);
  return new Date(instant).toISOString();
}

/** Monday of the week holding `date`. */
export function startOfWeek(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** Milliseconds since the epoch, like Date.now; time budgets take one so tests can stop time. */
export type Clock = () => number;

/** The UTC instant of a wall-clock time on a local calendar day (e.g. 10:00 in California), DST included. */
export function instantOfLocalTime(date: string, hour: number, minute: number, timeZone: string): Date {
  const wallAsUtc = Date.parse(`${date}T00:00:00Z`) + (hour * 60 + minute) * 60_000;
  let instant = wallAsUtc - offsetMs(wallAsUtc, timeZone);
  instant = wallAsUtc - offsetMs(instant, timeZone);
  return new Date(instant);
}
