import type { Page } from '@playwright/test';

/**
 * Resolves once the server has answered `method pathname` (from the page or any of its frames).
 * Start it before the click that sends the request. Analysing photos takes what it takes on a
 * busy machine, so the test waits for the answer itself, not for a time; the test's own timeout
 * still ends a wait for an answer that never comes.
 */
export const serverAnswer = (page: Page, method: string, pathname: string) =>
  page.waitForResponse(
    (response) => response.request().method() === method && new URL(response.url()).pathname === pathname,
    { timeout: 0 },
  );
