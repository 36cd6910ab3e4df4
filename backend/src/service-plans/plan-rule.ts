import { RRuleTemporal } from 'rrule-temporal';
import { Temporal } from 'temporal-polyfill';

// A plan's recurrence, one place: the RFC 5545 rule staff's choices make, and the occurrences any
// stored rule has in a window. rrule-temporal resolves wall-clock times through Temporal, so a
// 9:00 AM due time stays 9:00 AM on either side of a daylight-saving change, a time that does
// not exist (2:30 AM on spring-forward day) is skipped and one that happens twice is the first,
// as RFC 5545 says (rrule 2.x gets these wrong: its open DST issues).
// recurrence-fixtures.test.ts holds it to a reference list computed another way.

/** A plan is due at this local hour on the first of its month: when the customer is asked to pick a slot. */
export const PLAN_DUE_HOUR = 9;

export interface PlanSchedule {
  everyYears: number;
  month: number;
  startYear: number;
  timeZone: string;
}

const two = (n: number) => String(n).padStart(2, '0');

/** "DTSTART;TZID=America/Los_Angeles:20270401T090000\nRRULE:FREQ=YEARLY;INTERVAL=2;BYMONTH=4;BYMONTHDAY=1". */
export function planRule(p: PlanSchedule): string {
  return (
    `DTSTART;TZID=${p.timeZone}:${p.startYear}${two(p.month)}01T${two(PLAN_DUE_HOUR)}0000\n` +
    `RRULE:FREQ=YEARLY;INTERVAL=${p.everyYears};BYMONTH=${p.month};BYMONTHDAY=1`
  );
}

export interface Occurrence {
  /** The wall-clock time in the rule's zone, `YYYY-MM-DDTHH:MM`. */
  local: string;
  /** The instant, ms since the epoch. */
  instant: number;
}

const ruleOf = (rule: string) => new RRuleTemporal({ rruleString: rule, temporal: Temporal });

/** Throws when the text is not a rule this engine reads (a stored rule is always one of ours). */
export function checkRule(rule: string): void {
  ruleOf(rule).next(new Date(0), true);
}

/** Every occurrence of `rule` at or after `from` and at or before `to` (ms), soonest first. */
export function occurrencesBetween(rule: string, from: number, to: number): Occurrence[] {
  return ruleOf(rule)
    .between(new Date(from), new Date(to), true)
    .map((z) => ({
      local: z.toPlainDateTime().toString({ smallestUnit: 'minute' }),
      instant: z.epochMilliseconds,
    }));
}

/** The next `count` occurrences at or after `from`. */
export function nextOccurrences(rule: string, from: number, count: number): Occurrence[] {
  const out: Occurrence[] = [];
  const r = ruleOf(rule);
  let after: Date = new Date(from);
  let inclusive = true;
  while (out.length < count) {
    const z = r.next(after, inclusive);
    if (!z) break;
    out.push({
      local: z.toPlainDateTime().toString({ smallestUnit: 'minute' }),
      instant: z.epochMilliseconds,
    });
    after = new Date(z.epochMilliseconds);
    inclusive = false;
  }
  return out;
}
