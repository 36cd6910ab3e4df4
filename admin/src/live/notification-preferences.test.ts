import { describe, expect, it } from 'vitest';
import { notificationKindOf } from '@washdesk/contract';
import { readNotificationPreferences, shouldNotify } from './notification-preferences.ts';

const storage = (value: string | null) => ({ getItem: () => value });

describe('browser notification preferences', () => {
  it('are off until turned on, and survive odd stored values', () => {
    expect(readNotificationPreferences(storage(null))).toEqual({ enabled: false, muted: [] });
    expect(readNotificationPreferences(storage('{'))).toEqual({ enabled: false, muted: [] });
    expect(readNotificationPreferences(storage('{"enabled":true,"muted":["lead","bogus"]}'))).toEqual({
      enabled: true,
      muted: ['lead'],
    });
  });

  it("notify of others' new calls, misses, messages and leads, never of one's own actions or muted kinds", () => {
    const on = { enabled: true, muted: [] };
    const event = (type: string, actorUserId: number | null = null) => ({
      kind: notificationKindOf(type),
      actorUserId,
    });
    expect(shouldNotify(event('call.created'), 1, on, 'granted')).toBe(true);
    expect(shouldNotify(event('call.missed'), 1, on, 'granted')).toBe(true);
    expect(shouldNotify(event('call.updated'), 1, on, 'granted')).toBe(false);
    expect(shouldNotify(event('appointment.created', 2), 1, on, 'granted')).toBe(false);
    expect(shouldNotify(event('submission.created', 1), 1, on, 'granted')).toBe(false);
    expect(shouldNotify(event('submission.created'), 1, { enabled: true, muted: ['lead'] }, 'granted')).toBe(
      false,
    );
    expect(shouldNotify(event('message.received'), 1, on, 'denied')).toBe(false);
    expect(shouldNotify(event('message.received'), 1, { enabled: false, muted: [] }, 'granted')).toBe(false);
  });
});
