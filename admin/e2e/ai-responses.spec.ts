import { expect, test, type Page } from '@playwright/test';
import type { AiResponse, AiResponseSummary, IntentShare } from '@washdesk/contract';
import { AdminPage } from './admin-page.ts';
import { expectScreenAgrees, ONE_LOOK } from './screen-agrees.ts';
import { screenshotBothThemes, WITH_PICTURES } from './screenshots.ts';

const INTENT_LABELS: Record<string, string> = {
  service_inquiry: 'Service inquiry',
  quote_request: 'Quote request',
  scheduling: 'Scheduling',
  pricing: 'Pricing',
  service_area: 'Service area',
  handoff: 'Asked for a person',
  other: 'Other',
};

async function apiJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

const responseItems = (page: Page) => page.getByRole('list', { name: 'AI responses' }).getByRole('listitem');

test.beforeEach(async ({ page }) => {
  await new AdminPage(page).signInWithApi();
});

test('AI Responses shows figures computed from the log, with how each is computed', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.open('/admin/ai-responses');
  await expect(admin.pageTitle('AI Responses')).toBeVisible();
  await expect(page.getByText("The AI assistant's conversations with customers")).toBeVisible();

  const figure = (label: string) => admin.statCard(label).getByRole('heading');
  await expectScreenAgrees(
    () => apiJson<AiResponseSummary>(page, '/api/ai-responses/summary'),
    async (summary) => {
      expect(summary.totalResponses).toBeGreaterThan(0);
      await expect(figure('Total Responses')).toHaveText(
        summary.totalResponses.toLocaleString('en-US'),
        ONE_LOOK,
      );
      await expect(figure('Avg Response Time')).toHaveText(
        `${(summary.averageResponseTimeMs! / 1000).toFixed(1)}s`,
        ONE_LOOK,
      );
      await expect(figure('Success Rate')).toHaveText(`${summary.successRate}%`, ONE_LOOK);
      await figure('Success Rate').hover();
      await expect(page.getByText(/^Share of logged answers the assistant/)).toContainText(
        `recorded as successful (it answered instead of failing or handing over): ${summary.successfulResponses} of ${summary.totalResponses}.`,
        ONE_LOOK,
      );
    },
  );
});

test(
  'the list is the real log, newest first, with intents and the photo request badge',
  WITH_PICTURES,
  async ({ page }) => {
    const admin = new AdminPage(page);
    await admin.open('/admin/ai-responses');
    // Calls and messages in other tests add answers meanwhile, and the list follows them.
    await expectScreenAgrees(
      () => apiJson<AiResponse[]>(page, '/api/ai-responses?limit=50'),
      async (log) => {
        await expect(responseItems(page)).toHaveCount(log.length, ONE_LOOK);
        const newest = responseItems(page).first();
        await expect(newest).toContainText(log[0]!.customerMessage, ONE_LOOK);
        await expect(newest).toContainText(log[0]!.aiResponse, ONE_LOOK);
        await expect(newest).toContainText(INTENT_LABELS[log[0]!.intent]!, ONE_LOOK);
        await expect(newest).toContainText(
          log[0]!.answeredBy === 'model' ? 'Written by the AI model' : 'Said without the AI model',
          ONE_LOOK,
        );

        const withPhoto = log.findIndex((r) => r.photoRequestSent);
        const withoutPhoto = log.findIndex((r) => !r.photoRequestSent);
        expect(withPhoto, 'the demo log has an answer that asked for photos').toBeGreaterThanOrEqual(0);
        await expect(responseItems(page).nth(withPhoto)).toContainText('Photo request sent', ONE_LOOK);
        await expect(responseItems(page).nth(withoutPhoto)).not.toContainText('Photo request sent', ONE_LOOK);
      },
    );

    await screenshotBothThemes(page, 'ai-responses');
  },
);

test('Analyze Patterns shows how the log splits by intent', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.open('/admin/ai-responses');
  await page.getByRole('button', { name: 'Analyze Patterns' }).click();
  const dialog = page.getByRole('dialog', { name: 'Response patterns' });
  const rows = dialog.getByRole('table', { name: 'Intents' }).locator('tbody tr');
  await expectScreenAgrees(
    () => apiJson<IntentShare[]>(page, '/api/ai-responses/intents'),
    async (intents) => {
      const total = intents.reduce((sum, row) => sum + row.count, 0);
      await expect(dialog).toContainText(`over all ${total} logged answers`, ONE_LOOK);
      await expect(rows).toHaveCount(intents.length, ONE_LOOK);
      for (const [i, row] of intents.entries()) {
        const cell = (n: number) => rows.nth(i).getByRole('cell').nth(n);
        await expect(cell(0)).toHaveText(INTENT_LABELS[row.intent] ?? row.intent, ONE_LOOK);
        await expect(cell(1)).toHaveText(String(row.count), ONE_LOOK);
        await expect(cell(2)).toHaveText(`${row.share}%`, ONE_LOOK);
      }
    },
  );
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
});

test("Settings' Performance Metrics are the same figures, computed from the log", async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.open('/admin/settings');
  const metrics = page.getByRole('region', { name: 'Performance Metrics' });
  const metric = (name: string) => metrics.getByRole('group', { name }).locator('dd');
  await expectScreenAgrees(
    () => apiJson<AiResponseSummary>(page, '/api/ai-responses/summary'),
    async (summary) => {
      await expect(metric('Response Accuracy')).toHaveText(`${summary.successRate}%`, ONE_LOOK);
      await expect(metric('Avg Response Time')).toHaveText(
        `${(summary.averageResponseTimeMs! / 1000).toFixed(1)}s`,
        ONE_LOOK,
      );
      await expect(metric('Total Interactions')).toHaveText(
        summary.totalResponses.toLocaleString('en-US'),
        ONE_LOOK,
      );
      await metric('Response Accuracy').getByText(`${summary.successRate}%`).hover(ONE_LOOK);
      await expect(page.getByText(/^No one grades the answers/)).toContainText(
        `${summary.successfulResponses} of ${summary.totalResponses} logged answers`,
        ONE_LOOK,
      );
    },
  );
});

test('while the log loads, the list shows 10 placeholder rows', async ({ page }) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/ai-responses\?limit/, async (route) => {
    await released;
    await route.fallback();
  });
  await new AdminPage(page).open('/admin/ai-responses');
  const list = page.getByRole('list', { name: 'AI responses' });
  await expect(list.locator('li[aria-hidden]')).toHaveCount(10);
  release();
  await expect(responseItems(page).first()).toBeVisible();
  await expect(list.locator('li[aria-hidden]')).toHaveCount(0);
});
