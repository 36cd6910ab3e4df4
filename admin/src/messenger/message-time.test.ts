import { describe, expect, it } from 'vitest';
import { messageTime } from './message-time.ts';

// Local times, so the test means the same in any time zone.
const now = new Date(2026, 2, 2, 17, 0);

describe('when a message was sent', () => {
  it('is the time alone today', () => {
    expect(messageTime(new Date(2026, 2, 2, 9, 30).toISOString(), now)).toBe('9:30 AM');
  });

  it('carries the date on any other day', () => {
    expect(messageTime(new Date(2026, 2, 1, 23, 59).toISOString(), now)).toBe('Mar 1, 11:59 PM');
  });

  it('is "—" when unknown', () => {
    expect(messageTime(null, now)).toBe('—');
  });
});
