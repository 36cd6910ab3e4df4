import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AdminPage, OwnerApi, testOwner, type StaffAccount } from './admin-page.ts';

// The role matrix (contract/src/roles.ts) on screen: a staff member is not offered what only the
// owner may change, each place says why in the server's own words, and the owner gets every
// control. The server refuses the same changes (backend/src/auth/roles.security.test.ts).
test.describe.configure({ timeout: 90_000 });

const NOTICES = {
  ai: 'Only the owner can change how the AI assistant behaves.',
  messages: 'Only the owner can change the automatic messages.',
  hours: 'Only the owner can change the business hours.',
  faq: 'Only the owner can add, edit or delete FAQ entries.',
  users: 'Only the owner can manage staff accounts.',
};

/** An FAQ entry made by the owner, so the FAQ list has a card to look at. */
async function ownerAddsFaqEntry(request: APIRequestContext, question: string) {
  const login = await request.post('/api/auth/login', { data: testOwner });
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const created = await request.post('/api/faq', {
    data: { question, answer: 'Yes, gutters are cleared with every roof wash.', category: 'Services' },
    headers: { 'X-CSRF-Token': csrfToken },
  });
  expect(created.status()).toBe(201);
}

const notice = (page: Page, text: string) => page.getByRole('note').filter({ hasText: text });

async function openSettingsTab(admin: AdminPage, tab: string) {
  await admin.open(`/admin/settings?tab=${tab}`);
}

test('staff are not offered the owner-only settings and FAQ changes, and are told why', async ({
  page,
  request,
}) => {
  const question = `Do you clean gutters too? (${Date.now()})`;
  await ownerAddsFaqEntry(request, question);
  const staff: StaffAccount = await (await OwnerApi.signIn(request)).addStaffMember('roles-crew');
  const admin = new AdminPage(page);
  await admin.signInWithApi(staff);

  await openSettingsTab(admin, 'ai-settings');
  await expect(notice(page, NOTICES.ai)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Friendly Tone/ })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: /Messenger auto-reply/ })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: /Text auto-reply/ })).toBeDisabled();

  await admin.settingsTab('Common Responses').click();
  await expect(notice(page, NOTICES.ai)).toBeVisible();
  await expect(page.getByRole('region').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);

  await admin.settingsTab('Telephony').click();
  const hours = page.getByRole('region', { name: 'Business hours' });
  await expect(hours.getByRole('note')).toHaveText(NOTICES.hours);
  await expect(hours.getByRole('checkbox', { name: 'Monday open' })).toBeDisabled();
  await expect(hours.getByRole('button', { name: 'Save business hours' })).toHaveCount(0);

  await admin.settingsTab('Automatic messages').click();
  await expect(notice(page, NOTICES.messages)).toBeVisible();
  await expect(page.getByLabel('Missed-call text', { exact: true })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Missed-call text-back on' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save automatic messages' })).toHaveCount(0);

  await admin.settingsTab('Staff').click();
  await expect(notice(page, NOTICES.users)).toBeVisible();

  await admin.open('/admin/faq-management');
  await expect(notice(page, NOTICES.faq)).toBeVisible();
  const card = page.getByRole('article', { name: question });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add FAQ Entry' })).toHaveCount(0);
});

test('the owner is offered every one of those controls, with no notice', async ({ page, request }) => {
  const question = `Do you wash decks? (${Date.now()})`;
  await ownerAddsFaqEntry(request, question);
  const admin = new AdminPage(page);
  await admin.signInWithApi();

  await openSettingsTab(admin, 'ai-settings');
  await expect(page.getByRole('checkbox', { name: /Friendly Tone/ })).toBeEnabled();
  await expect(notice(page, NOTICES.ai)).toHaveCount(0);

  await admin.settingsTab('Common Responses').click();
  await expect(page.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
  await expect(notice(page, NOTICES.ai)).toHaveCount(0);

  await admin.settingsTab('Telephony').click();
  const hours = page.getByRole('region', { name: 'Business hours' });
  await expect(hours.getByRole('button', { name: 'Save business hours' })).toBeVisible();
  await expect(hours.getByRole('checkbox', { name: 'Monday open' })).toBeEnabled();
  await expect(notice(page, NOTICES.hours)).toHaveCount(0);

  await admin.settingsTab('Automatic messages').click();
  await expect(page.getByRole('button', { name: 'Save automatic messages' })).toBeVisible();
  await expect(page.getByLabel('Missed-call text', { exact: true })).toBeEnabled();
  await expect(notice(page, NOTICES.messages)).toHaveCount(0);

  await admin.settingsTab('Staff').click();
  await expect(page.getByRole('button', { name: 'Add staff member' })).toBeVisible();

  await admin.open('/admin/faq-management');
  await expect(page.getByRole('button', { name: 'Add FAQ Entry' })).toBeVisible();
  const card = page.getByRole('article', { name: question });
  await expect(card.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Delete' })).toBeVisible();
  await expect(notice(page, NOTICES.faq)).toHaveCount(0);
});
