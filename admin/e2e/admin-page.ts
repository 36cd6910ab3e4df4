import { expect, type Page } from '@playwright/test';

/** The owner account playwright.config.ts gives the test server. */
export const testOwner = {
  email: process.env.WASHDESK_E2E_OWNER_EMAIL ?? '',
  password: process.env.WASHDESK_E2E_OWNER_PASSWORD ?? '',
};

export const SIDEBAR_ENTRIES = ['Dashboard', 'Photo Submissions', 'Appointments', 'Quote Tool', 'Settings'];

/** The admin app as staff use it. */
export class AdminPage {
  constructor(readonly page: Page) {}

  open(path: string) {
    return this.page.goto(path);
  }

  /** Through the sign-in screen, as a person would. */
  async signInWithForm(email = testOwner.email, password = testOwner.password) {
    await this.page.getByLabel('E-mail').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  /** Straight through the API, for tests about something else; the page shares its cookies. */
  async signInWithApi() {
    const response = await this.page.request.post('/api/auth/login', { data: testOwner });
    expect(response.ok()).toBe(true);
  }

  get sidebar() {
    return this.page.getByRole('navigation', { name: 'Admin' });
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
}
