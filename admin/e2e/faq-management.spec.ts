import { expect, test, type Page } from '@playwright/test';
import type { FaqEntry } from '@washdesk/contract';
import { AdminPage } from './admin-page.ts';
import { expectScreenAgrees, ONE_LOOK } from './screen-agrees.ts';
import { failNextCall } from './failing-backend.ts';
import { screenshotBothThemes, WITH_PICTURES } from './screenshots.ts';

/** Tests share one database: each makes questions no other test uses. */
const uniqueQuestion = (label: string) =>
  `Do you ${label} (${Date.now()}-${Math.random().toString(36).slice(2, 7)})?`;

const entryCard = (page: Page, question: string) => page.getByRole('article', { name: question });
const entryDialog = (page: Page) => page.getByRole('dialog');

/** Adds an entry through the API, as set-up for tests about editing and deleting. */
async function addEntryWithApi(page: Page, question: string): Promise<FaqEntry> {
  const login = await page.request.post('/api/auth/login', {
    data: { email: process.env.WASHDESK_E2E_OWNER_EMAIL, password: process.env.WASHDESK_E2E_OWNER_PASSWORD },
  });
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const response = await page.request.post('/api/faq', {
    data: { question, answer: 'Set up by the test.', category: 'pricing', isActive: true },
    headers: { 'X-CSRF-Token': csrfToken },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as FaqEntry;
}

test.beforeEach(async ({ page }) => {
  await new AdminPage(page).signInWithApi();
});

test(
  'FAQ Management lists the knowledge base with its figures and usage',
  WITH_PICTURES,
  async ({ page }) => {
    const admin = new AdminPage(page);
    await admin.open('/admin/faq-management');
    await expect(admin.pageTitle('FAQ Management')).toBeVisible();
    await expect(page.getByText('The knowledge base the AI assistant answers from')).toBeVisible();

    // Other tests add and remove entries, and phone calls use them, meanwhile.
    const cards = page.getByRole('feed', { name: 'FAQ entries' }).getByRole('article');
    const figure = (label: string) => admin.statCard(label).getByRole('heading');
    await expectScreenAgrees(
      async () => (await (await page.request.get('/api/faq')).json()) as FaqEntry[],
      async (entries) => {
        const used = entries.find((e) => e.usageCount > 1)!;
        const unused = entries.find((e) => e.usageCount === 0);
        await expect(entryCard(page, used.question)).toContainText(`Used ${used.usageCount} times`, ONE_LOOK);
        if (unused) await expect(entryCard(page, unused.question)).not.toContainText('Used', ONE_LOOK);
        await expect(cards).toHaveCount(entries.length, ONE_LOOK);
        await expect(figure('Total FAQs')).toHaveText(String(entries.length), ONE_LOOK);
        const active = entries.filter((e) => e.isActive).length;
        await expect(figure('Active FAQs')).toHaveText(String(active), ONE_LOOK);
        const categories = new Set(entries.map((e) => e.category)).size;
        await expect(figure('Categories')).toHaveText(String(categories), ONE_LOOK);
      },
    );

    await screenshotBothThemes(page, 'faq-management');
  },
);

test('staff add, edit and delete an FAQ entry', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.open('/admin/faq-management');
  const question = uniqueQuestion('wash boats');

  await page.getByRole('button', { name: 'Add FAQ Entry' }).click();
  const dialog = entryDialog(page);
  await expect(dialog.getByLabel('Active')).toBeChecked();
  await expect(dialog.getByLabel('Answer')).toHaveAttribute('rows', '4');
  await dialog.getByLabel('Question').fill(question);
  await dialog.getByLabel('Answer').fill('We wash boats on trailers.');
  await dialog.getByLabel('Category').selectOption('Services');
  await dialog.getByRole('button', { name: 'Add Entry' }).click();

  await expect(admin.toast('FAQ entry created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = entryCard(page, question);
  await expect(card).toContainText('We wash boats on trailers.');
  await expect(card).toContainText('Services');
  await expect(card).toContainText('Active');

  const edited = `${question} Edited`;
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(dialog.getByLabel('Question')).toHaveValue(question);
  await dialog.getByLabel('Question').fill(edited);
  await dialog.getByLabel('Active').uncheck({ force: true });
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(admin.toast('FAQ entry updated successfully')).toBeVisible();
  const editedCard = entryCard(page, edited);
  await expect(editedCard).toContainText('Inactive');

  await editedCard.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this FAQ entry?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(admin.toast('FAQ entry deleted successfully')).toBeVisible();
  await expect(editedCard).toBeHidden();
  const left = (await (await page.request.get('/api/faq')).json()) as FaqEntry[];
  expect(left.some((e) => e.question === edited)).toBe(false);
});

test('the form requires a question and an answer', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.open('/admin/faq-management');
  await page.getByRole('button', { name: 'Add FAQ Entry' }).click();
  const dialog = entryDialog(page);
  await dialog.getByRole('button', { name: 'Add Entry' }).click();
  // The browser's own required check (spec 5) keeps the dialog open and says why.
  await expect(dialog.getByLabel('Question')).toHaveJSProperty('validity.valueMissing', true);
  await expect(dialog).toBeVisible();

  // Spaces pass the browser's check but not the contract's.
  await dialog.getByLabel('Question').fill('   ');
  await dialog.getByLabel('Answer').fill('An answer');
  await dialog.getByRole('button', { name: 'Add Entry' }).click();
  await expect(dialog).toContainText('Question is required');
});

test('each failed change shows its own failure toast and keeps the data', async ({ page }) => {
  const admin = new AdminPage(page);
  const question = uniqueQuestion('fail');
  await addEntryWithApi(page, question);
  await admin.open('/admin/faq-management');
  const dialog = entryDialog(page);

  await failNextCall(page, 'POST', '**/api/faq');
  await page.getByRole('button', { name: 'Add FAQ Entry' }).click();
  await dialog.getByLabel('Question').fill(uniqueQuestion('never saved'));
  await dialog.getByLabel('Answer').fill('Never saved.');
  await dialog.getByRole('button', { name: 'Add Entry' }).click();
  await expect(admin.toast('Failed to create FAQ entry')).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const card = entryCard(page, question);
  await failNextCall(page, 'PUT', '**/api/faq/*');
  await card.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Answer').fill('Changed answer');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(admin.toast('Failed to update FAQ entry')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toContainText('Set up by the test.');

  await failNextCall(page, 'DELETE', '**/api/faq/*');
  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(admin.toast('Failed to delete FAQ entry')).toBeVisible();
  await expect(card).toBeVisible();
});

test('while the entries load, the screen shows 5 placeholder cards', async ({ page }) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/faq', async (route) => {
    await released;
    await route.fallback();
  });
  await new AdminPage(page).open('/admin/faq-management');
  const feed = page.getByRole('feed', { name: 'FAQ entries' });
  await expect(feed).toHaveAttribute('aria-busy', 'true');
  await expect(feed.locator('[aria-hidden]')).toHaveCount(5);
  release();
  await expect(feed.getByRole('article').first()).toBeVisible();
  await expect(feed).toHaveAttribute('aria-busy', 'false');
});
