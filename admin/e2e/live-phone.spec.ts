import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import { startOwnTestServer, type OwnTestServer } from '../../scripts/own-test-server.ts';
// Twilio's side of the call is the simulator's code (what `npm run call` runs); a test, never shipped.
// eslint-disable-next-line no-restricted-imports
import { SimulatedCall } from '../../backend/src/phone-simulator/simulated-call.ts';
import { AdminPage } from './admin-page.ts';

// Staff with the admin open hear about a signed Twilio call and a public form post at once: the
// lists change and the sidebar counts what is new, with no reload. The 'phone-line' scenario:
// Twilio's webhooks on, no demo data.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const PHOTO = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/photos/pixel-gps-orientation1.jpg'),
);

let server: OwnTestServer;
test.beforeAll(async () => {
  server = await startOwnTestServer('phone-line');
});
test.afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

test('a signed Twilio call and a public form post appear in the open admin, lists and badges, without a reload', async ({
  page,
  browser,
}) => {
  const login = await page.request.post(`${server.url}/api/auth/login`, {
    data: { email: server.email, password: server.password },
  });
  expect(login.ok()).toBe(true);
  const admin = new AdminPage(page);
  await page.goto(`${server.url}/admin/call-logs`);
  await expect(page.getByText('No calls recorded yet')).toBeVisible();
  await page.evaluate(() => ((window as { liveMark?: string }).liveMark = 'same page'));

  // A caller asks for a person: nobody to put them through to, so they wait for a call back.
  const { call } = await SimulatedCall.place({
    serverUrl: server.url,
    publicBaseUrl: server.twilio!.publicBaseUrl,
    authToken: server.twilio!.authToken,
    from: '+17075550177',
  });
  const asked = await call.say('Can I talk to a real person please');
  expect(asked.ended?.by).toBe('assistant');
  await call.hangUp();

  const row = page.getByRole('table').getByRole('row').filter({ hasText: '+17075550177' });
  await expect(row).toContainText('Callback requested');
  await expect(admin.sidebarEntry('Call Logs')).toHaveAttribute(
    'aria-description',
    '1 missed or waiting for a call back',
  );

  // A customer sends photos from their own browser.
  const customer = await browser.newContext();
  const form = new FormData();
  for (const [k, v] of Object.entries({
    firstName: 'Noa',
    lastName: 'Reyes',
    phone: '(707) 555-0166',
    serviceType: 'House Soft Wash',
  }))
    form.append(k, v);
  form.append('photos', new Blob([PHOTO], { type: 'image/jpeg' }), 'front.jpg');
  expect(
    (await customer.request.post(`${server.url}/api/photo-submissions`, { multipart: form })).status(),
  ).toBe(201);
  await customer.close();
  await expect(admin.sidebarEntry('Requests')).toHaveAttribute('aria-description', '1 new');

  expect(await page.evaluate(() => (window as { liveMark?: string }).liveMark)).toBe('same page');
});
