import type { Page } from '@playwright/test';

/** One of the public pages, as a visitor sees it. */
export class PublicPage {
  constructor(readonly page: Page) {}

  open(path: string) {
    return this.page.goto(path);
  }

  /**
   * Opens a page with a form and waits until it answers input: before that, a file chosen or a
   * click lands on the prerendered HTML and no script sees it.
   */
  async openReady(path: string) {
    const response = await this.page.goto(path);
    await this.page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    return response;
  }

  heading(name: string) {
    return this.page.getByRole('heading', { level: 1, name, exact: true });
  }

  get siteHeader() {
    return this.page.getByRole('banner');
  }

  get siteFooter() {
    return this.page.getByRole('contentinfo');
  }
}
