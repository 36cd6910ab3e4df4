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
    await this.untilReady();
    return response;
  }

  /**
   * Opens a page as a slow phone sees it: the prerendered HTML is there, its scripts are held back.
   * The function returned lets them load and resolves once the page answers input.
   */
  async openWithScriptsHeld(path: string): Promise<() => Promise<void>> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await this.page.route(/\/assets\/.+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await this.page.goto(path, { waitUntil: 'commit' });
    return async () => {
      release();
      await this.untilReady();
    };
  }

  /** The page marks itself ready (`<html data-ready>`) once its script has taken over the HTML. */
  private untilReady() {
    return this.page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
  }

  heading(name: string) {
    return this.page.getByRole('heading', { level: 1, name, exact: true });
  }

  get siteHeader() {
    return this.page.getByRole('banner');
  }

  /** The links between the public pages, in the site header. */
  get navigation() {
    return this.page.getByRole('navigation', { name: 'Site' });
  }

  get siteFooter() {
    return this.page.getByRole('contentinfo');
  }
}
