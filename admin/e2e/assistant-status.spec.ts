import { expect, test, type Page } from '@playwright/test';
import type { FaqEntry } from '@washdesk/contract';
import { startOwnTestServer, type OwnTestServer } from '../../scripts/own-test-server.ts';
import { AdminPage } from './admin-page.ts';
import { expectScreenAgrees, ONE_LOOK } from './screen-agrees.ts';

/** Blueprint's tooltip has no ARIA role of its own; its class is the stable handle. */
const channelList = (page: Page) =>
  page.locator('.bp6-tooltip').getByRole('list', { name: 'Assistant channels' });

test('with no channel answered, the header says the assistant is offline, and each channel why', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open('/admin/call-logs');
  await expect(admin.pageTitle('Call Logs')).toBeVisible();
  // The demo data has active FAQ entries; the e2e server has no provider keys (Twilio, Meta).
  await expect(page.getByText('AI Assistant Online')).toHaveCount(0);
  const tag = page.getByText('AI Assistant Offline · no channel answered', { exact: true });
  // FAQ tests add and remove entries meanwhile; the header asks the server when a page opens, so
  // each look opens the page again after reading the entries.
  await expectScreenAgrees(
    async () => {
      const faq = (await (await page.request.get('/api/faq')).json()) as FaqEntry[];
      await page.reload();
      await tag.hover();
      return faq;
    },
    async (faq) => {
      const active = faq.filter((entry) => entry.isActive).length;
      expect(active).toBeGreaterThan(1);
      await expect(channelList(page).getByRole('listitem')).toHaveText(
        [
          'Phone: not answered (Twilio is not configured)',
          // Texts: never answered on a server without Twilio (auto-reply may be on or off meanwhile).
          /^Texts: not answered \(.*TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_PHONE_NUMBER are not all set\)$/,
          'Messenger: not answered (Meta is not configured)',
          'Photo quotes: local estimate (no AI key)',
          `Answers from ${active} active FAQ entries.`,
        ],
        ONE_LOOK,
      );
    },
  );
});

test.describe('with an AI key', () => {
  let server: OwnTestServer;
  test.beforeAll(async () => {
    server = await startOwnTestServer('ai-key');
  });
  test.afterAll(async () => {
    // A fault the server reported while the test ran ends it with exit code 1.
    expect(await server?.stop()).toBe(0);
  });

  test('the header says the assistant is online for photo quotes, and only for them', async ({ page }) => {
    const { email, password } = server;
    const response = await page.request.post(`${server.url}/api/auth/login`, { data: { email, password } });
    expect(response.ok()).toBe(true);
    await page.goto(`${server.url}/admin/settings`);

    const tag = page.getByText('AI Assistant Online · Photo quotes', { exact: true });
    await expect(tag).toBeVisible();
    await tag.hover();
    await expect(channelList(page).getByRole('listitem')).toHaveText([
      'Phone: not answered (Twilio is not configured)',
      // Texts: never answered on a server without Twilio (auto-reply may be on or off meanwhile).
      /^Texts: not answered \(.*TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_PHONE_NUMBER are not all set\)$/,
      'Messenger: not answered (Meta is not configured)',
      'Photo quotes: AI model',
      'Answers from the AI model.',
    ]);
  });
});
