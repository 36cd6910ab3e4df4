import { Intent } from '@blueprintjs/core';
import { describe, expect, it } from 'vitest';
import { dateLabel, serviceLabel, statusIntent, statusLabel, timeLabel } from './appointment-labels.ts';

describe('an appointment in words', () => {
  it('names the service from the list, and shows a value outside it as stored', () => {
    expect(serviceLabel('roof-cleaning')).toBe('Roof Cleaning');
    expect(serviceLabel('Boat wash')).toBe('Boat wash');
  });

  it('colours the status as the spec says: scheduled blue, completed green, cancelled red, else grey', () => {
    expect(statusIntent('scheduled')).toBe(Intent.PRIMARY);
    expect(statusIntent('completed')).toBe(Intent.SUCCESS);
    expect(statusIntent('cancelled')).toBe(Intent.DANGER);
    expect(statusIntent('no-show')).toBe(Intent.NONE);
    expect(statusLabel('cancelled')).toBe('Cancelled');
  });

  it('says "Time TBD" without a time', () => {
    expect(timeLabel({ preferredTime: '9:00 AM' })).toBe('9:00 AM');
    expect(timeLabel({ preferredTime: null })).toBe('Time TBD');
  });

  it('keeps the calendar day whatever the time zone, and shows a bad date as stored', () => {
    expect(dateLabel('2026-03-02')).toBe('Mon, Mar 2, 2026');
    expect(dateLabel('2026-12-31')).toBe('Thu, Dec 31, 2026');
    expect(dateLabel('soon')).toBe('soon');
  });
});
