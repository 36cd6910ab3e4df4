import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nextOccurrences, occurrencesBetween, planRule } from './plan-rule.ts';

// The proof: 200 recurrence fixtures across daylight-saving changes give the same local
// times as a reference list. The list (fixtures/recurrence-fixtures.json) was computed by
// fixtures/make-recurrence-fixtures.ts with calendar arithmetic and Intl's offsets, not by the
// engine under test; it covers spring-forward and fall-back weeks (times skipped and repeated),
// Feb 29, month ends and every-2-to-4-years rules.

interface Fixture {
  name: string;
  rule: string;
  from: string;
  to: string;
  expected: { local: string; utc: string }[];
}
const fixtures = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'recurrence-fixtures.json'), 'utf8'),
) as Fixture[];

describe('recurrence across daylight-saving changes', () => {
  it('has at least 200 fixtures, covering each hard case', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(200);
    const all = fixtures.flatMap((f) => f.expected.map((e) => ({ ...e, rule: f.rule })));
    // A fall-back day's 1:30 AM (the first of the two), a spring-forward week, Feb 29, a month end.
    expect(all.some((e) => e.local === '2026-11-01T01:30' && e.utc === '2026-11-01T08:30:00.000Z')).toBe(
      true,
    );
    expect(fixtures.some((f) => f.name.includes('2026-03-05') && f.expected.length === 6)).toBe(true);
    expect(all.some((e) => e.local.startsWith('2028-02-29'))).toBe(true);
    expect(all.some((e) => e.local.startsWith('2027-04-30') && e.rule.includes('BYMONTHDAY=-1'))).toBe(true);
    expect(fixtures.some((f) => f.rule.includes('INTERVAL=2'))).toBe(true);
  });

  it.each(fixtures.map((f) => [f.name, f] as const))('%s', (_name, f) => {
    const got = occurrencesBetween(f.rule, Date.parse(f.from), Date.parse(f.to)).map((o) => ({
      local: o.local,
      utc: new Date(o.instant).toISOString(),
    }));
    expect(got).toEqual(f.expected);
  });
});

describe('a plan’s rule', () => {
  it('is due at 9:00 AM on the first of its month, every N years, whatever the offset', () => {
    const rule = planRule({ everyYears: 2, month: 11, startYear: 2026, timeZone: 'America/Los_Angeles' });
    expect(rule).toBe(
      'DTSTART;TZID=America/Los_Angeles:20261101T090000\nRRULE:FREQ=YEARLY;INTERVAL=2;BYMONTH=11;BYMONTHDAY=1',
    );
    // 1 November 2026 is fall-back day itself: 9:00 AM is PST (-08:00), two years on PDT has ended too.
    expect(nextOccurrences(rule, Date.parse('2026-01-01T00:00:00Z'), 3)).toEqual([
      { local: '2026-11-01T09:00', instant: Date.parse('2026-11-01T17:00:00Z') },
      { local: '2028-11-01T09:00', instant: Date.parse('2028-11-01T16:00:00Z') },
      { local: '2030-11-01T09:00', instant: Date.parse('2030-11-01T16:00:00Z') },
    ]);
  });
});
