import type { Page } from '@playwright/test';

/** One of the public pages, as a visitor sees it. */
export class PublicPage {
  constructor(readonly page: Page) {}

  open(path: string) {
    return this.page.goto(path);
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
