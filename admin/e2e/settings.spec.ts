import { expect, test, type Page } from '@playwright/test';
import type { AiSettings, CommonResponse } from '@washdesk/contract';
import { AdminPage } from './admin-page.ts';
import { failNextCall } from './failing-backend.ts';
import { PICTURES, screenshotBothThemes } from './screenshots.ts';

// These tests change the one set of AI settings and common responses of the shared database.
test.describe.configure({ mode: 'serial' });

async function openSettings(page: Page, tab?: string) {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open(`/admin/settings${tab ? `?tab=${tab}` : ''}`);
  await expect(admin.pageTitle('Settings')).toBeVisible();
  return admin;
}

const aiSettings = async (page: Page) =>
  (await (await page.request.get('/api/settings/ai')).json()) as AiSettings;
const toggle = (page: Page, label: string) => page.locator('label.bp6-switch').filter({ hasText: label });

test('AI Settings shows the saved switches, the response delay and the performance metrics', async ({
  page,
}) => {
  await openSettings(page);
  const saved = await aiSettings(page);
  for (const [label, key, help] of [
    ['Friendly Tone', 'friendlyTone', 'Use casual, conversational language'],
    ['Auto-Schedule Quotes', 'autoScheduleQuotes', 'Automatically offer quote scheduling'],
    ['Photo Request Prompts', 'photoRequestPrompts', 'Suggest customers send photos'],
    [
      'Messenger auto-reply',
      'messengerAutoReply',
      'The AI answers Facebook messages until a staff member replies',
    ],
    [
      'Text auto-reply',
      'textAutoReply',
      'The AI answers texts to the business number until a staff member takes the thread over',
    ],
  ] as const) {
    await expect(toggle(page, label)).toContainText(help);
    await expect(toggle(page, label).getByRole('checkbox')).toBeChecked({ checked: saved[key] });
  }
  await expect(page.getByText(`Response Delay: ${saved.responseDelay}s`)).toBeVisible();
  await expect(page.getByRole('slider', { name: 'Response Delay' })).toHaveAttribute(
    'aria-valuenow',
    String(saved.responseDelay),
  );
  const metrics = page.getByRole('region', { name: 'Performance Metrics' });
  for (const label of ['Response Accuracy', 'Avg Response Time', 'Total Interactions']) {
    await expect(metrics.getByRole('group', { name: label })).toBeVisible();
  }
});

test('a switch is saved at once, and the server keeps it', async ({ page }) => {
  await openSettings(page);
  const before = await aiSettings(page);
  await toggle(page, 'Photo Request Prompts').click();

  await expect(new AdminPage(page).toast('AI settings updated successfully')).toBeVisible();
  expect(await aiSettings(page)).toEqual({ ...before, photoRequestPrompts: !before.photoRequestPrompts });
  await page.reload();
  await expect(toggle(page, 'Photo Request Prompts').getByRole('checkbox')).toBeChecked({
    checked: !before.photoRequestPrompts,
  });
});

test('the response delay moves in half seconds and is saved', async ({ page }) => {
  await openSettings(page);
  const before = await aiSettings(page);
  const slider = page.getByRole('slider', { name: 'Response Delay' });
  const key = before.responseDelay < 5 ? 'ArrowRight' : 'ArrowLeft';
  const expected = before.responseDelay + (key === 'ArrowRight' ? 0.5 : -0.5);
  await slider.focus();
  await slider.press(key);

  await expect(page.getByText(`Response Delay: ${expected}s`)).toBeVisible();
  await expect(new AdminPage(page).toast('AI settings updated successfully')).toBeVisible();
  await expect.poll(async () => (await aiSettings(page)).responseDelay).toBe(expected);
});

test('a failed save says so, and the switch shows what the server still holds', async ({ page }) => {
  await openSettings(page);
  const before = await aiSettings(page);
  await failNextCall(page, 'PUT', '**/api/settings/ai');
  await toggle(page, 'Friendly Tone').click();

  await expect(new AdminPage(page).toast('Failed to update AI settings')).toBeVisible();
  await expect(toggle(page, 'Friendly Tone').getByRole('checkbox')).toBeChecked({
    checked: before.friendlyTone,
  });
  expect(await aiSettings(page)).toEqual(before);
});

test('Common Responses: the three answers with their categories, edited in a 4-row box', async ({ page }) => {
  const admin = await openSettings(page, 'common-responses');
  for (const [title, category] of [
    ['Service Areas', 'Location'],
    ['Pricing Information', 'Pricing'],
    ['Service Process', 'Process'],
  ] as const) {
    await expect(page.getByRole('region', { name: title })).toContainText(category);
  }
  const pricing = page.getByRole('region', { name: 'Pricing Information' });
  await pricing.getByRole('button', { name: 'Edit Pricing Information' }).click();
  const box = pricing.getByRole('textbox');
  await expect(box).toHaveAttribute('rows', '4');
  await box.fill('   ');
  await expect(pricing.getByRole('button', { name: 'Save' })).toBeDisabled();
  await pricing.getByRole('button', { name: 'Cancel' }).click();
  await expect(box).toHaveCount(0);

  const text = `Soft washing starts at $150. Updated ${Date.now()}.`;
  await pricing.getByRole('button', { name: 'Edit Pricing Information' }).click();
  await pricing.getByRole('textbox').fill(text);
  await pricing.getByRole('button', { name: 'Save' }).click();

  await expect(admin.toast('Response updated successfully')).toBeVisible();
  await expect(pricing.getByRole('textbox')).toHaveCount(0);
  await expect(pricing.getByText(text)).toBeVisible();
  const stored = (await (await page.request.get('/api/settings/responses')).json()) as CommonResponse[];
  expect(stored.find((r) => r.id === 'pricing')?.content).toBe(text);
});

test('a failed response save says so and keeps the editor open', async ({ page }) => {
  const admin = await openSettings(page, 'common-responses');
  const process = page.getByRole('region', { name: 'Service Process' });
  await process.getByRole('button', { name: 'Edit Service Process' }).click();
  await failNextCall(page, 'PUT', '**/api/settings/responses/process');
  await process.getByRole('textbox').fill('This text is not saved');
  await process.getByRole('button', { name: 'Save' }).click();

  await expect(admin.toast('Failed to update response')).toBeVisible();
  await expect(process.getByRole('textbox')).toHaveValue('This text is not saved');
});

test('Telephony says honestly that nothing is configured and lists the webhooks', async ({ page }) => {
  await openSettings(page, 'telephony');
  const phone = page.getByRole('region', { name: 'Phone line' });
  await expect(phone.getByLabel('Account SID')).toHaveValue('Not set');
  await expect(phone.getByLabel('Phone Number')).toHaveValue('Not set');
  await expect(phone).toContainText('Phone line not configured');
  await expect(phone).toContainText('Set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_PHONE_NUMBER');
  // The full addresses in use: this server has no PUBLIC_BASE_URL, so localhost on its port.
  const port = new URL(page.url()).port;
  for (const path of ['/api/twilio/incoming-call', '/api/twilio/process-speech', '/api/twilio/call-status']) {
    await expect(phone.getByText(`http://localhost:${port}${path}`, { exact: true })).toBeVisible();
  }
  const ai = page.getByRole('region', { name: 'AI provider' });
  await expect(ai.getByLabel('API Key')).toHaveValue('No key — local estimator in use');
  await expect(ai).toContainText('No AI provider configured');
});

test('screenshots of the settings', PICTURES, async ({ page }) => {
  await openSettings(page);
  await expect(page.getByRole('region', { name: 'Performance Metrics' })).toBeVisible();
  await screenshotBothThemes(page, 'settings');
});

for (const tab of ['common-responses', 'telephony']) {
  test(`screenshots of the settings' ${tab} tab`, PICTURES, async ({ page }) => {
    await openSettings(page, tab);
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
    await screenshotBothThemes(page, `settings-${tab}`);
  });
}
