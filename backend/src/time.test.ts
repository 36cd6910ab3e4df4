import { describe, expect, it } from 'vitest';
import { addDays, localDate, startOfLocalDay, startOfWeek } from './time.ts';

const LA = 'America/Los_Angeles';

describe('business calendar days', () => {
  it('knows the local date of an instant: late evening in California is already tomorrow in UTC', () => {
    expect(localDate(new Date('2026-11-22T07:31:00Z'), LA)).toBe('2026-11-21');
    expect(localDate(new Date('2026-11-22T08:00:00Z'), LA)).toBe('2026-11-22');
  });

  it('finds local midnight across both daylight-saving changes', () => {
    expect(startOfLocalDay('2026-03-08', LA)).toBe('2026-03-08T08:00:00.000Z'); // PST, spring forward at 2 AM
    expect(startOfLocalDay('2026-03-09', LA)).toBe('2026-03-09T07:00:00.000Z'); // PDT
    expect(startOfLocalDay('2026-11-01', LA)).toBe('2026-11-01T07:00:00.000Z'); // PDT, fall back at 2 AM
    expect(startOfLocalDay('2026-11-02', LA)).toBe('2026-11-02T08:00:00.000Z'); // PST
    expect(startOfLocalDay('2026-06-15', 'UTC')).toBe('2026-06-15T00:00:00.000Z');
  });

  it('does calendar arithmetic across months and years, weeks starting Monday', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(startOfWeek('2026-11-22')).toBe('2026-11-16'); // a Sunday belongs to the week before
    expect(startOfWeek('2026-11-23')).toBe('2026-11-23');
  });
});
