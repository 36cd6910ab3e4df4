import { describe, expect, it } from 'vitest';
import { LIVE_EVENT_RULES, LIVE_EVENT_TYPES, notificationKindOf } from '@washdesk/contract';
import { staleAfter } from './live-invalidation.ts';
import { announcementOf, readNotificationPreferences, shouldNotify } from './notification-preferences.ts';

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

describe("what the admin announces of each event kind (the contract's one list)", () => {
  const on = { enabled: true, muted: [] };
  it.each(LIVE_EVENT_TYPES.map((type) => [type]))(
    '%s: refreshes its lists and is announced as decided',
    (type) => {
      const rule = LIVE_EVENT_RULES[type];
      expect(staleAfter(type).length, `${type} refreshes nothing`).toBeGreaterThan(0);
      const away = announcementOf({ type, actorUserId: null }, 1, on, 'granted', false);
      const looking = announcementOf({ type, actorUserId: null }, 1, on, 'granted', true);
      if (rule.alert) {
        expect(away).toEqual({ as: 'notification', title: rule.alert.title });
        expect(looking).toEqual(
          rule.alert.toastWhileLooking ? { as: 'toast', title: rule.alert.title } : null,
        );
      } else {
        expect([away, looking]).toEqual([null, null]);
      }
      // One's own action is never announced to oneself.
      expect(announcementOf({ type, actorUserId: 1 }, 1, on, 'granted', true)).toBeNull();
    },
  );

  it("toasts a customer's acceptance or question while staff look at the admin, even with notifications off", () => {
    const off = { enabled: false, muted: [] };
    expect(announcementOf({ type: 'quote.accepted', actorUserId: null }, 1, off, 'default', true)).toEqual({
      as: 'toast',
      title: 'Quote accepted',
    });
    expect(
      announcementOf({ type: 'quote.question-asked', actorUserId: null }, 1, off, 'default', true),
    ).toEqual({ as: 'toast', title: 'Question about a quote' });
    expect(
      announcementOf({ type: 'quote.accepted', actorUserId: null }, 1, off, 'default', false),
    ).toBeNull();
    expect(announcementOf({ type: 'call.created', actorUserId: null }, 1, on, 'granted', true)).toBeNull();
  });
});
