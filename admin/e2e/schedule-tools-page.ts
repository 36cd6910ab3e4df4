import { expect, type Page } from '@playwright/test';
import type { OwnTestServer } from '../../scripts/own-test-server.ts';
import { AdminPage } from './admin-page.ts';

/**
 * THE one place the browser tests open the route and rain-day tools: signed in on their own
 * server, on the screen that shows them (today the Scheduling page's header; the board later —
 * change it here only).
 */
export async function openScheduleTools(page: Page, server: OwnTestServer) {
  const { email, password } = server;
  const signedIn = await page.request.post(`${server.url}/api/auth/login`, { data: { email, password } });
  expect(signedIn.ok()).toBe(true);
  await page.goto(`${server.url}/admin/scheduling`);
  await expect(new AdminPage(page).pageTitle('Scheduling')).toBeVisible();
  return {
    rainDayButton: page.getByRole('button', { name: 'Rain day', exact: true }),
    routeButton: page.getByRole('button', { name: 'Route', exact: true }),
  };
}
