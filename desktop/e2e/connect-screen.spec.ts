import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { openDesktopWindow } from './desktop-window.ts';

// The desktop app's first run and retry screens in Chromium, against the real backend Playwright
// starts (playwright.config.ts), then signing in to that server's admin in the same window.

const owner = {
  email: process.env.WASHDESK_E2E_OWNER_EMAIL ?? '',
  password: process.env.WASHDESK_E2E_OWNER_PASSWORD ?? '',
};

/** An address where nothing answers: a port that was just given up. */
async function deadAddress() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise((resolve) => server.close(resolve));
  return url;
}

test('first run: the address is checked, the business is named, then saved, and staff sign in on that server', async ({
  page,
  baseURL,
  request,
}) => {
  const { businessName } = (await (await request.get('/api/public/profile')).json()) as {
    businessName: string;
  };
  const desktop = await openDesktopWindow(page, { serverUrl: null, reason: 'first-run', problem: null });
  await expect(page.getByRole('heading', { name: 'Connect to your Washdesk server' })).toBeVisible();
  const address = page.getByLabel('Server address');
  const check = page.getByRole('button', { name: 'Check server' });

  const dead = await deadAddress();
  await address.fill(dead);
  await check.click();
  await expect(page.getByRole('alert')).toHaveText(
    `${dead} cannot be reached: nothing is listening at that address.`,
  );
  expect(desktop.settings.get().serverUrl).toBeNull();

  // A path typed along with the address is fine: the server is its origin.
  await address.fill(`${baseURL}/admin/settings`);
  await expect(page.getByRole('alert')).toBeHidden();
  await check.click();
  await expect(page.getByRole('status')).toContainText(`Found ${businessName} at ${baseURL}`);
  // Nothing is saved before the person says so.
  expect(desktop.settings.get().serverUrl).toBeNull();
  // Editing the address takes back what was found: it was found for the other address.
  await address.fill(`${baseURL}/x`);
  await expect(page.getByRole('status')).toBeHidden();
  await check.click();

  await page.getByRole('button', { name: `Connect to ${businessName}` }).click();
  expect(await desktop.adminOpened).toBe(baseURL);
  expect(desktop.settings.get().serverUrl).toBe(baseURL);

  await desktop.showAdmin(baseURL!);
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Signed in on the server's own origin: its session cookie and CSRF check work as in a browser.
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const cookies = await page.context().cookies(baseURL);
  expect(cookies.find((c) => c.name === 'washdesk_session')).toMatchObject({
    httpOnly: true,
    sameSite: 'Lax',
  });
});

test('when the saved server does not answer, the window says so, Retry tries again, and another server can be chosen', async ({
  page,
  baseURL,
}) => {
  const dead = await deadAddress();
  const desktop = await openDesktopWindow(page, {
    serverUrl: dead,
    reason: 'unreachable',
    problem: `${dead} cannot be reached: nothing is listening at that address.`,
  });
  await expect(page.getByRole('heading', { name: 'Cannot reach your Washdesk server' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    `${dead} cannot be reached: nothing is listening at that address.`,
  );

  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveText(
    `${dead} cannot be reached: nothing is listening at that address.`,
  );

  await page.getByRole('button', { name: 'Use a different server' }).click();
  await page.getByLabel('Server address').fill(baseURL!);
  await page.getByRole('button', { name: 'Check server' }).click();
  await page.getByRole('button', { name: /^Connect to / }).click();
  expect(await desktop.adminOpened).toBe(baseURL);
});

test('a server set by WASHDESK_SERVER_URL is only retried, never changed from the screen', async ({
  page,
  baseURL,
}) => {
  await openDesktopWindow(page, {
    serverUrl: baseURL!,
    reason: 'unreachable',
    problem: 'It did not answer in time.',
    setByEnvironment: true,
  });
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use a different server' })).toBeHidden();
});
