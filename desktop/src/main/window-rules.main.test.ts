import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  app,
  FakeBrowserWindow,
  FakeEmitter,
  opened,
  permissions,
  resetFakeElectron,
} from '../test/fake-electron.ts';
import { appMenuTemplate } from './app-menu.main.ts';
import { isFromAppPage } from './bridge-handlers.main.ts';
import { bringToFront, createMainWindow } from './main-window.main.ts';
import { enforceWebSecurity, isInAppUrl } from './web-security.main.ts';

vi.mock('electron', async () => (await import('../test/fake-electron.ts')).electronModule);

const APP = 'washdesk://app';
const server = new URL('http://192.168.1.20:3000');
afterEach(resetFakeElectron);

/** A page's web contents as Electron hands them to main, recording what the rules decided. */
function pageContents() {
  const contents = Object.assign(new FakeEmitter(), {
    openHandler: null as null | ((details: { url: string }) => { action: string }),
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      contents.openHandler = handler;
    },
  });
  app.emit('web-contents-created', {}, contents);
  const navigate = (event: 'will-navigate' | 'will-redirect', url: string) => {
    let prevented = false;
    contents.emit(event, { preventDefault: () => (prevented = true) }, url);
    return prevented ? 'refused' : 'allowed';
  };
  return { contents, navigate };
}

describe('the window and link rules', () => {
  it('keeps the window on the app and its server; other pages go to the browser only when allowed', () => {
    enforceWebSecurity(APP, () => server);
    const page = pageContents();
    expect(page.navigate('will-navigate', 'http://192.168.1.20:3000/admin/call-logs')).toBe('allowed');
    expect(page.navigate('will-navigate', 'washdesk://app/')).toBe('allowed');
    expect(page.navigate('will-redirect', 'http://192.168.1.20:3000/admin')).toBe('allowed');
    expect(page.navigate('will-navigate', 'https://www.facebook.com/')).toBe('refused');
    expect(page.navigate('will-navigate', 'http://evil.example/phish')).toBe('refused');
    expect(page.navigate('will-redirect', 'file:///etc/passwd')).toBe('refused');
    // Refused pages that are safe links open in the system's browser; the rest go nowhere.
    expect(opened).toEqual(['https://www.facebook.com/']);

    expect(page.contents.openHandler!({ url: 'tel:+17075550142' })).toEqual({ action: 'deny' });
    expect(page.contents.openHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://www.facebook.com/', 'tel:+17075550142']);

    let attached = true;
    page.contents.emit('will-attach-webview', { preventDefault: () => (attached = false) });
    expect(attached).toBe(false);
  });

  it('denies every permission a page asks for (notifications come from main)', () => {
    enforceWebSecurity(APP, () => server);
    const answers: boolean[] = [];
    for (const permission of ['notifications', 'media', 'geolocation'])
      permissions.request!({}, permission, (granted: boolean) => answers.push(granted));
    expect(answers).toEqual([false, false, false]);
    expect(permissions.check!()).toBe(false);
  });

  it('before a server is chosen, only the app itself may be shown', () => {
    expect(isInAppUrl('washdesk://app/', APP, null)).toBe(true);
    expect(isInAppUrl('http://192.168.1.20:3000/admin', APP, null)).toBe(false);
    expect(isInAppUrl('not a url', APP, server)).toBe(false);
  });

  it('opens a sandboxed, isolated window without Node that hides to the tray until Quit', () => {
    let quitting = false;
    const window = createMainWindow({
      preloadPath: '/app/preload/index.cjs',
      appOrigin: APP,
      isQuitting: () => quitting,
    });
    const created = FakeBrowserWindow.created[0]!;
    expect(created.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      additionalArguments: ['--washdesk-app-origin=washdesk://app'],
    });
    created.emit('ready-to-show');
    expect(created.visible).toBe(true);
    expect(created.close()).toBe(false);
    expect(created.visible).toBe(false);

    created.minimized = true;
    bringToFront(window);
    expect([created.visible, created.minimized, created.focused]).toEqual([true, false, true]);

    quitting = true;
    expect(created.close()).toBe(true);
  });

  it("answers the bridge only for the app's own top-level page", () => {
    const frame = (url: string, parent: object | null = null) => ({ senderFrame: { url, parent } }) as never;
    expect(isFromAppPage(frame('washdesk://app/'), APP)).toBe(true);
    expect(isFromAppPage(frame('http://192.168.1.20:3000/admin'), APP)).toBe(false);
    expect(isFromAppPage(frame('washdesk://app/', {}), APP)).toBe(false);
    expect(isFromAppPage({ senderFrame: null } as never, APP)).toBe(false);
  });

  it('lets each kind of notification be turned off from the app menu, and says when the server is pinned', () => {
    const muted: [string, boolean][] = [];
    const actions = {
      changeServer: () => undefined,
      setMuted: (kind: string, value: boolean) => muted.push([kind, value]),
      pauseForAnHour: () => undefined,
      resume: () => undefined,
      quit: () => undefined,
    };
    const menu = appMenuTemplate(
      { isMuted: (kind) => kind === 'message', serverSetByEnvironment: true, pausedUntil: null },
      actions,
    );
    const submenu = (label: string) =>
      menu.find((m) => m.label === label)!.submenu as Electron.MenuItemConstructorOptions[];
    expect(submenu('Washdesk')[0]).toMatchObject({
      label: 'Server set by WASHDESK_SERVER_URL',
      enabled: false,
    });
    const kinds = submenu('Notifications').filter((item) => item.type === 'checkbox');
    expect(kinds.map((k) => [k.label, k.checked])).toEqual([
      ['New calls', true],
      ['Missed calls and call-back requests', true],
      ['New Messenger messages', false],
      ['New texts', true],
      ['New web leads (requests and photo submissions)', true],
      ['Quotes accepted and questions on quotes', true],
      ['Visits a customer moved or cancelled', true],
      ['Failed backups and restore tests', true],
      ['Payments received and disputes', true],
    ]);
    // Electron flips a checkbox before calling click: the new state is on the item.
    (kinds[0]!.click as (item: { checked: boolean }) => void)({ checked: false });
    (kinds[2]!.click as (item: { checked: boolean }) => void)({ checked: true });
    expect(muted).toEqual([
      ['call', true],
      ['message', false],
    ]);
  });
});

describe("the app's own page origin", () => {
  it('is washdesk://app for its pages, as Chromium says, though Node calls it "null"', async () => {
    const { originOf } = await import('./web-security.main.ts');
    expect(new URL('washdesk://app/index.html').origin).toBe('null');
    expect(originOf('washdesk://app/index.html')).toBe(APP);
    expect(originOf('washdesk://other/')).not.toBe(APP);
    expect(originOf('javascript:alert(1)')).toBeNull();
  });
});
