import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';
import type { User, UserRole } from '@washdesk/contract';

export interface Credentials {
  email: string;
  password: string;
}

/** The owner account playwright.config.ts gives the test server. */
export const testOwner: Credentials = {
  email: process.env.WASHDESK_E2E_OWNER_EMAIL ?? '',
  password: process.env.WASHDESK_E2E_OWNER_PASSWORD ?? '',
};

/** The spec's five entries first, then every other screen. */
export const SIDEBAR_ENTRIES = [
  'Dashboard',
  'Photo Submissions',
  'Appointments',
  'Quote Tool',
  'Settings',
  'Scheduling',
  'Board',
  'Call Logs',
  'Messenger',
  'Texts',
  'AI Responses',
  'FAQ',
  'Requests',
  'Customers',
  'Invoices',
];
export const SETTINGS_TABS = [
  'AI Settings',
  'Common Responses',
  'Telephony',
  'Automatic messages',
  'Staff',
  'Crews',
  'Notifications',
  'Calendar',
  'Backups',
];

/** Tests run in parallel on one database, so every account they make needs its own address. */
export const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@washdesk.example`;

/** A request the server must have answered: its method and path (a RegExp for paths with ids). */
export type Answer = [method: string, path: string | RegExp];

/** The admin app as staff use it. */
export class AdminPage {
  constructor(readonly page: Page) {}

  /** Opens a page; with `answers`, also waits until the server has answered those requests. */
  async open(path: string, ...answers: Answer[]) {
    return this.afterAnswers(() => this.page.goto(path), ...answers);
  }

  /**
   * Does `action`, then waits until the server has answered each request named (any order), among
   * those the page sent after `action` began. Password hashing and refetches take what they take
   * on a busy machine: the test waits for the answer however long it takes (the test's own
   * timeout still bounds it), and then checks the screen, which follows at once.
   */
  async afterAnswers<T>(action: () => Promise<T>, ...answers: Answer[]): Promise<T> {
    const sent = new Set<Request>();
    const waiting = [...answers];
    const onRequest = (request: Request) => void sent.add(request);
    let onFinished: (request: Request) => void = () => {};
    const answered = new Promise<void>((resolve) => {
      onFinished = (request) => {
        if (!sent.has(request)) return;
        const pathname = new URL(request.url()).pathname;
        const index = waiting.findIndex(
          ([method, path]) =>
            request.method() === method &&
            (typeof path === 'string' ? pathname === path : path.test(pathname)),
        );
        if (index >= 0) waiting.splice(index, 1);
        if (waiting.length === 0) resolve();
      };
      if (waiting.length === 0) resolve();
    });
    this.page.on('request', onRequest);
    this.page.on('requestfinished', onFinished);
    try {
      const result = await action();
      await answered;
      return result;
    } finally {
      this.page.off('request', onRequest);
      this.page.off('requestfinished', onFinished);
    }
  }

  /** Through the sign-in screen, as a person would; returns once the server has judged it. */
  async signInWithForm(email = testOwner.email, password = testOwner.password) {
    await this.page.getByLabel('E-mail').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.afterAnswers(
      () => this.page.getByRole('button', { name: 'Sign in' }).click(),
      ['POST', '/api/auth/login'],
    );
  }

  /** Straight through the API, for tests about something else; the page shares its cookies. */
  async signInWithApi(account: Credentials = testOwner) {
    const response = await this.page.request.post('/api/auth/login', {
      data: { email: account.email, password: account.password },
    });
    expect(response.ok()).toBe(true);
  }

  get signInButton() {
    return this.page.getByRole('button', { name: 'Sign in' });
  }

  signOut() {
    return this.page.getByRole('button', { name: 'Sign out' }).click();
  }

  get sidebar() {
    return this.page.getByRole('navigation', { name: 'Admin' });
  }

  /** The sidebar's links in order, by name (a count of what is new may follow a name). */
  async expectSidebarEntries(entries: readonly string[] = SIDEBAR_ENTRIES) {
    const links = this.sidebar.getByRole('link');
    await expect(links).toHaveCount(entries.length);
    for (const [i, name] of entries.entries()) await expect(links.nth(i)).toHaveAccessibleName(name);
  }

  sidebarEntry(label: string) {
    return this.sidebar.getByRole('link', { name: label, exact: true });
  }

  pageTitle(title: string) {
    return this.page.getByRole('heading', { level: 1, name: title, exact: true });
  }

  statCard(label: string) {
    return this.page.getByRole('group', { name: label, exact: true });
  }

  /** A toast of the one shared toaster. */
  toast(message: string | RegExp) {
    return this.page.getByRole('alert').filter({ hasText: message });
  }

  settingsTab(name: string) {
    return this.page.getByRole('tab', { name, exact: true });
  }

  get staffTable() {
    return this.page.getByRole('table');
  }

  /** A row of Settings → Staff, found by the e-mail address, which is unique. */
  staffRow(email: string) {
    return this.staffTable.getByRole('row').filter({ hasText: email });
  }

  get addStaffMemberDialog() {
    return this.page.getByRole('dialog', { name: 'Add staff member' });
  }
}

export interface StaffAccount extends Credentials {
  id: number;
  name: string;
}

/**
 * The owner's side of the API in its own request context (Playwright's `request` fixture), so
 * the page under test can be signed in as somebody else.
 */
export class OwnerApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly csrfToken: string,
  ) {}

  static async signIn(request: APIRequestContext): Promise<OwnerApi> {
    const response = await request.post('/api/auth/login', { data: testOwner });
    expect(response.ok()).toBe(true);
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    return new OwnerApi(request, csrfToken);
  }

  async addStaffMember(label: string, role: UserRole = 'staff'): Promise<StaffAccount> {
    const account = { email: uniqueEmail(label), name: `Test ${label}`, password: 'a-long-test-password' };
    const response = await this.request.post('/api/users', {
      data: { ...account, role },
      headers: { 'X-CSRF-Token': this.csrfToken },
    });
    expect(response.status()).toBe(201);
    const user = (await response.json()) as User;
    return { ...account, id: user.id };
  }
}
