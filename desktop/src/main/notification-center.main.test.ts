import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MenuItemConstructorOptions as MenuItem } from 'electron';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_KINDS, routeOfEvent, type LiveEvent, type User } from '@washdesk/contract';
import { badge, FakeNotification, FakeTray, resetFakeElectron } from '../test/fake-electron.ts';
import {
  logEvents,
  photoSubmission,
  PHONE_ENV,
  phoneCaller,
  signIn,
  startTestServer,
  wizardRequest,
  type TestServer,
} from '../test/live-backend.ts';
import { stateWatcher } from '../test/wait-for.ts';
import { appMenuTemplate } from './app-menu.main.ts';
import { desktopSettings } from './desktop-settings.main.ts';
import { followEventStream, type StreamState } from './event-stream.main.ts';
import { createNotificationCenter } from './notification-center.main.ts';
import type { NotificationKind } from '@washdesk/contract';
import type { StaffNotification } from './staff-notifications.main.ts';
import { createStaffTray } from './tray.main.ts';

// Electron's notifications and tray are recorders; the backend, its event stream, the session
// cookie and every HTTP call are real.
vi.mock('electron', async () => (await import('../test/fake-electron.ts')).electronModule);

const HOUR = 3_600_000;

/** The desktop app's main process, minus Electron: stream → notification center → tray. */
async function startDesktop(server: TestServer, cookie: string) {
  const watch = stateWatcher();
  const decided: { event: LiveEvent; notification: StaffNotification | null }[] = [];
  const states: StreamState[] = [];
  const opened: string[] = [];
  const muted = new Set<NotificationKind>();
  const clock = { now: Date.parse('2026-11-23T20:00:00Z') };
  let session = { cookie: cookie as string | null };
  let signedIn = () => {};
  const refreshTray = () => {
    const until = center.pausedUntil();
    tray.show({
      unread: center.unread,
      pausedUntil: until === null ? null : new Date(until).toISOString().slice(11, 16),
    });
  };
  const tray = createStaffTray('tray-icon.png', {
    openWindow: () => undefined,
    pauseForAnHour: () => (center.pauseFor(HOUR), refreshTray()),
    resume: () => (center.resume(), refreshTray()),
    quit: () => undefined,
  });
  const center = createNotificationCenter({
    isMuted: (kind) => muted.has(kind),
    openRoute: (route) => opened.push(route),
    onUnread: () => refreshTray(),
    clock: () => clock.now,
  });
  refreshTray();
  const stream = followEventStream({
    serverUrl: new URL(server.url),
    sessionCookie: async () => session.cookie,
    sessionChanged: (signal) =>
      new Promise((resolve) => {
        signedIn = resolve;
        signal.addEventListener('abort', () => resolve());
      }),
    // Reconnects at once: the test waits for states, never for a backoff.
    waitToRetry: async () => undefined,
    onState: (state) => {
      states.push(state);
      watch.changed();
    },
    onEvent: async (event: LiveEvent, me: User) => {
      decided.push({ event, notification: center.handle(event, me) });
      watch.changed();
    },
  });
  desktops.push(stream);
  await watch.until(() => states.at(-1) === 'live');
  return {
    center,
    decided,
    states,
    opened,
    muted,
    clock,
    /** Resolves once this many events have been decided about. */
    decidedCount: (n: number) => watch.until(() => decided.length >= n),
    untilState: (state: StreamState) => watch.until(() => states.at(-1) === state),
    /** Live again after a drop. */
    reconnected: () =>
      watch.until(
        () =>
          states.includes('reconnecting') && states.lastIndexOf('live') > states.lastIndexOf('reconnecting'),
      ),
    signInAgain(cookie: string) {
      session = { cookie };
      signedIn();
    },
  };
}

let server: TestServer;
const desktops: ReturnType<typeof followEventStream>[] = [];
afterEach(async () => {
  for (const d of desktops.splice(0)) {
    d.stop();
    await d.done;
  }
  resetFakeElectron();
  expect(server.errors).toEqual([]);
  await server.stop();
});

const shown = () => FakeNotification.shown.map((n) => [n.options.title, n.options.body]);

describe('native notifications from the live event stream', () => {
  it('announces web leads as they arrive, counts them on the tray and badge, and opens the lead on click', async () => {
    server = await startTestServer();
    const desktop = await startDesktop(server, server.owner.cookie);

    await wizardRequest(server, 'Dana');
    await desktop.decidedCount(1);
    const submission = await photoSubmission(server, 'Rosa');
    await desktop.decidedCount(2);

    expect(shown()).toEqual([
      ['New service request', 'New request from Dana Whitfield: House Washing'],
      ['New photo submission', 'New photo submission from Rosa Ortega (photo form)'],
    ]);
    expect(FakeTray.last?.toolTip).toBe('Washdesk: 2 new');
    expect(badge.count).toBe(2);

    FakeNotification.shown[1]!.click();
    FakeNotification.shown[0]!.click();
    // Each opens where the contract says that lead is seen.
    expect(desktop.opened).toEqual([
      routeOfEvent({ type: 'submission.created', entityId: submission.id }),
      routeOfEvent({ type: 'service-request.created', entityId: null }),
    ]);

    // Staff look at the window: nothing is unread any more.
    desktop.center.markRead();
    expect(FakeTray.last?.toolTip).toBe('Washdesk: nothing new');
    expect(badge.count).toBe(0);
  });

  it("announces a customer's question and acceptance of a quote (not its opening); the menu's quote switch silences them", async () => {
    server = await startTestServer();
    const desktop = await startDesktop(server, server.owner.cookie);
    const submission = await photoSubmission(server, 'Rosa');
    const sent = await server.send('POST', `/api/photo-submissions/${submission.id}/quotes`, {
      estimateAmount: '1,250',
    });
    expect(sent.status).toBe(201);
    const token = new URL(((await sent.json()) as { quote: { link: string } }).quote.link).pathname
      .split('/')
      .at(-1)!;
    const customer = server.anonymous;
    expect((await customer.get(`/api/public/quotes/${token}`)).status).toBe(200);
    const asked = await customer.send('POST', `/api/public/quotes/${token}/questions`, {
      question: 'Does the price include the fence?',
    });
    expect(asked.status).toBe(201);
    expect(
      (
        await customer.send('POST', `/api/public/quotes/${token}/accept`, {
          fullName: 'A Customer',
          agreed: true,
        })
      ).status,
    ).toBe(200);
    await desktop.decidedCount(4);

    expect(desktop.decided.map((d) => [d.event.type, d.notification?.title ?? null])).toEqual([
      ['submission.created', 'New photo submission'],
      ['quote.opened', null],
      ['quote.question-asked', 'Question about a quote'],
      ['quote.accepted', 'Quote accepted'],
    ]);
    expect(shown().slice(1)).toEqual([
      ['Question about a quote', 'Rosa Ortega asked a question about their quote ($1,250)'],
      ['Quote accepted', 'Rosa Ortega accepted their quote ($1,250): book the job'],
    ]);
    FakeNotification.shown[2]!.click();
    expect(desktop.opened).toEqual([`/admin/photo-submissions?submission=${submission.id}`]);

    // "Quotes accepted and questions on quotes" unticked in the app menu, as staff would.
    const settings = desktopSettings(fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-desktop-')));
    const menu = appMenuTemplate(
      { isMuted: settings.isMuted, serverSetByEnvironment: false, pausedUntil: null },
      {
        changeServer: () => undefined,
        setMuted: settings.setMuted,
        pauseForAnHour: () => undefined,
        resume: () => undefined,
        quit: () => undefined,
      },
    );
    const notificationsMenu = menu.find((item) => item.label === 'Notifications')!.submenu as MenuItem[];
    const quoteSwitch = notificationsMenu.find((i) => i.label === 'Quotes accepted and questions on quotes')!;
    quoteSwitch.click!({ ...quoteSwitch, checked: false } as never, undefined as never, undefined as never);
    for (const kind of NOTIFICATION_KINDS.map((k) => k.kind)) {
      if (settings.isMuted(kind)) desktop.muted.add(kind);
    }
    expect([...desktop.muted]).toEqual(['quote']);
    await customer.send('POST', `/api/public/quotes/${token}/questions`, { question: 'And the deck?' });
    await desktop.decidedCount(5);
    expect(desktop.decided[4]!.event.type).toBe('quote.question-asked');
    expect(desktop.decided[4]!.notification).toBeNull();
    expect(FakeNotification.shown).toHaveLength(3);
  });

  it('stays silent for a kind turned off, and while paused counts without showing', async () => {
    server = await startTestServer();
    const desktop = await startDesktop(server, server.owner.cookie);

    desktop.muted.add('lead');
    await wizardRequest(server, 'Muted');
    await desktop.decidedCount(1);
    expect(desktop.decided[0]!.notification).toBeNull();
    expect(shown()).toEqual([]);
    expect(desktop.center.unread).toBe(0);

    desktop.muted.delete('lead');
    FakeTray.last!.choose('Pause notifications for 1 hour');
    await wizardRequest(server, 'Paused');
    await desktop.decidedCount(2);
    expect(shown()).toEqual([]);
    expect(desktop.center.unread).toBe(1);
    expect(FakeTray.last?.toolTip).toBe('Washdesk: 1 new');
    expect(FakeTray.last?.menu.map((item) => item.label)).toContain(
      'Resume notifications (paused until 21:00)',
    );

    // An hour later they show again.
    desktop.clock.now += HOUR;
    await wizardRequest(server, 'Back');
    await desktop.decidedCount(3);
    expect(shown()).toEqual([['New service request', 'New request from Back Whitfield: House Washing']]);
    expect(desktop.center.unread).toBe(2);
  });

  it('announces a signed Twilio call, a missed call and a call-back request; other call changes and appointments stay quiet', async () => {
    server = await startTestServer({ env: PHONE_ENV, clock: () => Date.parse('2026-11-23T17:30:00Z') });
    const desktop = await startDesktop(server, server.owner.cookie);

    const dana = phoneCaller(server.url, '+17075550123');
    expect((await dana.dial()).status).toBe(200);
    await dana.say(
      "This is Dana Whitfield, I'd like a free estimate for a house wash at 512 Redwood Drive, Garberville next Tuesday at 10 AM",
    );
    await dana.say('Yes');
    await dana.status('completed', { duration: 95, sequence: 3 });
    await desktop.decidedCount(3); // the call, its booking, its end
    const sam = phoneCaller(server.url, '+17075550177');
    await sam.dial();
    await sam.say('Can I talk to a real person please');
    await phoneCaller(server.url, '+17075550199').status('no-answer', { sequence: 1 });
    await desktop.decidedCount(6);

    expect(desktop.decided.map((d) => [d.event.type, d.notification?.title ?? null])).toEqual([
      ['call.created', 'New call'],
      ['appointment.created', null],
      ['call.updated', null],
      ['call.created', 'New call'],
      ['call.callback-requested', 'Call back requested'],
      ['call.missed', 'Missed call'],
    ]);
    expect(shown().slice(2)).toEqual([
      [
        'Call back requested',
        'Call +17075550177 back. Asked for a person: "Can I talk to a real person please"',
      ],
      ['Missed call', 'Missed call from +17075550199'],
    ]);
    const calls = (await (await server.get('/api/calls')).json()) as { id: number; phoneNumber: string }[];
    const missed = calls.find((c) => c.phoneNumber === '+17075550199')!;
    FakeNotification.shown[3]!.click();
    expect(desktop.opened).toEqual([`/admin/call-logs?call=${missed.id}`]);
    expect(desktop.center.unread).toBe(4);
  });

  it('resumes a dropped stream with Last-Event-ID: what happened meanwhile is told, except own actions', async () => {
    server = await startTestServer();
    const desktop = await startDesktop(server, server.owner.cookie);
    const me = (await (await server.get('/api/auth/me')).json()) as { user: User };
    await wizardRequest(server, 'Before');
    await desktop.decidedCount(1);

    // The connection drops; meanwhile a Messenger message arrives and this staff member acts.
    server.server.closeAllConnections();
    logEvents(server, [
      { type: 'message.received', entityId: 7, summary: 'Message from Jane Doe: Do you clean gutters?' },
      {
        type: 'submission.created',
        entityId: 99,
        summary: 'Photo submission entered by you',
        actorUserId: me.user.id,
      },
    ]);
    await desktop.reconnected();
    await wizardRequest(server, 'After');
    await desktop.decidedCount(4);

    expect(desktop.states).toContain('reconnecting');
    expect(shown()).toEqual([
      ['New service request', 'New request from Before Whitfield: House Washing'],
      ['New Messenger message', 'Message from Jane Doe: Do you clean gutters?'],
      ['New service request', 'New request from After Whitfield: House Washing'],
    ]);
    FakeNotification.shown[1]!.click();
    // The contract says where each event is seen; the click opens exactly that.
    expect(desktop.opened).toEqual([routeOfEvent({ type: 'message.received', entityId: 7 })]);
    expect(desktop.opened[0]).toMatch(/^\/admin\/messenger.*\?conversation=7$/);
    expect(desktop.center.unread).toBe(3);
  });

  it('after a sign-out waits for the next sign-in, and does not replay what happened in between', async () => {
    server = await startTestServer();
    const desktop = await startDesktop(server, server.owner.cookie);
    const signOut = await fetch(`${server.url}/api/auth/logout`, {
      method: 'POST',
      headers: { Cookie: server.owner.cookie, 'X-CSRF-Token': server.owner.csrfToken, Origin: server.url },
    });
    expect(signOut.status).toBe(204);
    await desktop.untilState('signed-out');

    await wizardRequest(server, 'Nobody');
    const colleague = await signIn(server.url, await server.addUser({ email: 'ana@example.com' }));
    desktop.signInAgain(colleague.cookie);
    await desktop.untilState('live');
    await wizardRequest(server, 'Somebody');
    await desktop.decidedCount(1);
    expect(shown()).toEqual([['New service request', 'New request from Somebody Whitfield: House Washing']]);
  });
});
