import { UNITS } from './spoken-numbers.ts';

// The days and hours callers say that a date parser leaves out: "the 8th" (a day of this month or
// the next), and a bare hour answering "what time suits you?" ("11 works", "10 then", "one
// o'clock"). Read only where chrono found nothing, so they never override what it understood.

const pad = (n: number) => String(n).padStart(2, '0');

const DAY_OF_MONTH = /\b(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b/i;

/**
 * "the 8th", "the 30th at 8": the next such day from `today` (YYYY-MM-DD), this month or the next;
 * undefined when none is said or the month has no such day.
 */
export function dayOfMonth(text: string, today: string): string | undefined {
  const day = Number(DAY_OF_MONTH.exec(text)?.[1]);
  if (!day || day > 31) return undefined;
  const [year, month, todayDay] = today.split('-').map(Number) as [number, number, number];
  const candidates = [0, 1].map((ahead) => {
    const m = month - 1 + ahead;
    return { year: year + Math.floor(m / 12), month: (m % 12) + 1 };
  });
  for (const c of candidates) {
    const daysInMonth = new Date(Date.UTC(c.year, c.month, 0)).getUTCDate();
    if (day > daysInMonth) continue;
    if (c.month === month && c.year === year && day < todayDay) continue;
    return `${c.year}-${pad(c.month)}-${pad(day)}`;
  }
  return undefined;
}

/** The hours of a clock face said as words ("eleven works"): the number words' one to twelve. */
const HOUR_WORDS: Record<string, number> = Object.fromEntries(
  Object.entries(UNITS).filter(([, n]) => n >= 1 && n <= 12),
);
const HOUR = new RegExp(
  `(?:^|\\b(?:at|around|about|by|say|maybe|how about|make (?:it|that))\\s+)(\\d{1,2}|${Object.keys(HOUR_WORDS).join('|')})(?::(\\d{2}))?(?:\\s*(o'?clock))?(?:\\s*(a\\.?m\\.?|p\\.?m\\.?))?(?:\\s+(thirty|fifteen|forty[- ]five|and a half))?(?![\\w:/-])`,
  'i',
);

export type SpokenHour = { hour: number; onTheHour: boolean };

/**
 * A bare hour: at the start of a short answer ("11 works", "10 then") or after "at"/"around"
 * ("the 30th at 8 then"). Hours 1–7 without AM/PM are the afternoon (estimates run 8 AM–4 PM).
 */
export function bareHour(text: string): SpokenHour | undefined {
  const said = text.trim().replace(/^(um|uh|ok(ay)?|yeah|well|so|then|actually),?\s+/i, '');
  const m = HOUR.exec(said);
  if (!m) return undefined;
  const raw = m[1]!.toLowerCase();
  let hour = HOUR_WORDS[raw] ?? Number(raw);
  if (hour < 1 || hour > 12) return undefined;
  const meridiem = m[4]?.toLowerCase().replace(/\./g, '');
  if (meridiem === 'pm' && hour < 12) hour += 12;
  else if (meridiem === 'am' && hour === 12) hour = 0;
  else if (!meridiem && hour >= 1 && hour <= 7) hour += 12;
  const minutes = m[2] ? Number(m[2]) : 0;
  return { hour, onTheHour: minutes === 0 && !m[5] };
}
