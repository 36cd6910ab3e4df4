import { expect, type Page } from '@playwright/test';
import type { OwnTestServer } from '../../scripts/own-test-server.ts';
import { AdminPage } from './admin-page.ts';

/**
 * THE one place the browser tests open the route and rain-day tools: signed in on their own
 * server, on the screen that shows them: the board's toolbar, on today.
 */
export async function openScheduleTools(page: Page, server: OwnTestServer) {
  const { email, password } = server;
  const signedIn = await page.request.post(`${server.url}/api/auth/login`, { data: { email, password } });
  expect(signedIn.ok()).toBe(true);
  await page.goto(`${server.url}/admin/board`);
  await expect(new AdminPage(page).pageTitle('Board')).toBeVisible();
  return {
    rainDayButton: page.getByRole('button', { name: 'Rain day', exact: true }),
    routeButton: page.getByRole('button', { name: 'Route', exact: true }),
  };
}
