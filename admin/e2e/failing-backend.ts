import type { Page } from '@playwright/test';

/**
 * The backend answers 500 to the next matching call (method and URL pattern), as a crashed
 * server would; every other call still reaches the real backend. For the failure-toast tests.
 */
export async function failNextCall(page: Page, method: string, url: string | RegExp) {
  let failed = false;
  await page.route(url, async (route) => {
    if (failed || route.request().method() !== method) return route.fallback();
    failed = true;
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong on our side.' } }),
    });
  });
}

/**
 * No event stream for this page: other tests' writes reach an open admin over it and reload its
 * lists, which would replace a failure state before the test has looked at it or retried it.
 */
export async function shutEventStream(page: Page) {
  await page.route(/\/api\/events/, (route) => route.abort());
}
