import { describe, expect, it, vi } from 'vitest';
import {
  eventTypesOfKind,
  LIVE_EVENT_RULES,
  LIVE_EVENT_TYPES,
  NOTIFICATION_KINDS,
  type LiveEvent,
} from '@washdesk/contract';
import { appMenuTemplate } from './app-menu.main.ts';
import { notificationFor } from './staff-notifications.main.ts';

// The menu module imports Electron; only its template is read here.
vi.mock('electron', async () => (await import('../test/fake-electron.ts')).electronModule);

const eventOf = (type: LiveEvent['type']): LiveEvent => ({
  id: 1,
  type,
  entityId: 42,
  summary: `Something about ${type}`,
  actorUserId: null,
  at: '2026-11-23T20:00:00.000Z',
});

const menuSwitches = () => {
  const template = appMenuTemplate(
    { isMuted: () => false, serverSetByEnvironment: false, pausedUntil: null },
    {
      changeServer: () => undefined,
      setMuted: () => undefined,
      pauseForAnHour: () => undefined,
      resume: () => undefined,
      quit: () => undefined,
    },
  );
  const submenu = template.find((item) => item.label === 'Notifications')?.submenu;
  return (Array.isArray(submenu) ? submenu : [])
    .filter((item) => item.type === 'checkbox')
    .map((item) => item.label);
};

describe('every event kind has a decision in the desktop app', () => {
  it.each(LIVE_EVENT_TYPES.map((type) => [type]))(
    '%s: notified with its title, switch and route, or quiet for a stated reason',
    (type) => {
      const rule = LIVE_EVENT_RULES[type];
      expect(rule, `${type} has no row in LIVE_EVENT_RULES`).toBeDefined();
      const notification = notificationFor(eventOf(type));
      if (rule.alert) {
        expect(notification).toEqual({
          kind: rule.alert.kind,
          title: rule.alert.title,
          body: `Something about ${type}`,
          route: rule.route(42),
        });
        expect(notification!.title.trim()).not.toBe('');
        // The switch that silences it is in the menu.
        const label = NOTIFICATION_KINDS.find((k) => k.kind === rule.alert!.kind)?.label;
        expect(menuSwitches()).toContain(label);
      } else {
        expect(notification).toBeNull();
        expect(rule.quietBecause.length).toBeGreaterThan(10);
      }
      expect(rule.route(42)).toMatch(/^\/admin(\/|$)/);
    },
  );

  it('has no menu switch that controls nothing', () => {
    for (const { kind, label } of NOTIFICATION_KINDS) expect(eventTypesOfKind(kind), label).not.toEqual([]);
    expect(eventTypesOfKind('quote')).toEqual(['quote.accepted', 'quote.question-asked']);
  });
});
