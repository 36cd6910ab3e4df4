import { expect, test, type Page } from '@playwright/test';
import { CSRF_HEADER, type PhotoSubmission } from '@washdesk/contract';
import { startOwnTestServer, type OwnTestServer } from '../../scripts/own-test-server.ts';
import { AdminPage } from './admin-page.ts';
import { FIXTURE_PHOTO } from './photo-form-post.ts';

// Settings → Automatic messages and a quote's follow-ups, on a server of their own (the
// 'phone-line' scenario: texting through a fake Twilio, no e-mail, the clock held on Monday
// 23 November 2026), so saved texts and stopped follow-ups touch no other test's data.

test.describe.configure({ mode: 'serial', timeout: 90_000 });
let server: OwnTestServer;
test.beforeAll(async () => {
  server = await startOwnTestServer('phone-line');
});
test.afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

async function signIn(page: Page) {
  const response = await page.request.post(`${server.url}/api/auth/login`, {
    data: { email: server.email, password: server.password },
  });
  expect(response.ok()).toBe(true);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { admin: new AdminPage(page), csrf: { [CSRF_HEADER]: csrfToken } };
}

test('a message text is edited with its fields and preview, refused with a bad field, saved, and kept', async ({
  page,
}) => {
  const { admin } = await signIn(page);
  await admin.open(`${server.url}/admin/settings?tab=automatic-messages`, ['GET', '/api/texts/settings']);
  // Texts go (Twilio is set); e-mail is not set up, and the tab says so.
  await expect(page.getByText('E-mails are off: SMTP_URL is not set.')).toBeVisible();
  await expect(page.getByText('Texts are off')).toHaveCount(0);
  await expect(page.getByText(/^Quiet hours: 8 PM – 8 AM, business time\./)).toBeVisible();

  const review = page.getByRole('region', { name: 'Review request' });
  // Its three fields, listed beside the English text and again beside the Spanish one (issue 37).
  await expect(review.getByRole('definition')).toHaveCount(6);
  await expect(review.getByText('{link}', { exact: true }).first()).toBeVisible();
  const text = review.getByRole('textbox', { name: 'Review request text', exact: true });
  const preview = review.getByRole('blockquote', {
    name: 'Preview of the Review request text',
    exact: true,
  });
  await text.fill('Thanks{name}! A review would mean a lot: {link} — {nmae}');
  await expect(
    review.getByText('The review request text cannot use {nmae}: it may use {name}, {link}, {phone}'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save automatic messages' })).toBeDisabled();

  await text.fill('Thanks{name}! A review would mean a lot: {link}');
  await review.getByRole('textbox', { name: 'Review link' }).fill('https://g.page/r/lost-coast/review');
  await expect(preview).toHaveText(
    /^.+: Thanks, Dana! A review would mean a lot: https:\/\/g\.page\/r\/lost-coast\/review$/,
  );
  const reminders = page.getByRole('region', { name: 'Visit reminders' });
  await expect(reminders.getByRole('textbox', { name: 'Hours before the visit' })).toHaveValue('48, 2');
  await reminders.getByRole('textbox', { name: 'Hours before the visit' }).fill('24');
  // Quiet hours: the same hour twice is refused as staff choose it; 9 PM – 7 AM is kept.
  const quiet = page.getByRole('region', { name: 'Quiet hours' });
  await quiet.getByRole('combobox', { name: 'From' }).selectOption({ label: '8 AM' });
  await expect(quiet.getByText('Quiet hours must start and end at different hours')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save automatic messages' })).toBeDisabled();
  await quiet.getByRole('combobox', { name: 'From' }).selectOption({ label: '9 PM' });
  await quiet.getByRole('combobox', { name: 'Until' }).selectOption({ label: '7 AM' });
  await admin.afterAnswers(
    () => page.getByRole('button', { name: 'Save automatic messages' }).click(),
    ['PUT', '/api/texts/settings'],
  );
  await expect(page.getByText('Automatic messages updated successfully')).toBeVisible();
  await expect(page.getByText(/^Quiet hours: 9 PM – 7 AM, business time\./)).toBeVisible();

  await page.reload();
  const reloaded = page.getByRole('region', { name: 'Review request' });
  await expect(reloaded.getByRole('textbox', { name: 'Review request text', exact: true })).toHaveValue(
    'Thanks{name}! A review would mean a lot: {link}',
  );
  await expect(reloaded.getByRole('textbox', { name: 'Review link' })).toHaveValue(
    'https://g.page/r/lost-coast/review',
  );
  await expect(
    page
      .getByRole('region', { name: 'Visit reminders' })
      .getByRole('textbox', { name: 'Hours before the visit' }),
  ).toHaveValue('24');
  const stored = await (await page.request.get(`${server.url}/api/texts/settings`)).json();
  expect(stored).toMatchObject({
    reviewText: 'Thanks{name}! A review would mean a lot: {link}',
    reviewLink: 'https://g.page/r/lost-coast/review',
    reminderHours: [24],
    quietHours: { startHour: 21, endHour: 7 },
  });
});

test("staff stop a sent quote's follow-ups from its dialog, and resume them", async ({ page }) => {
  const { admin, csrf } = await signIn(page);
  const form = new FormData();
  const fields = {
    firstName: 'Nora',
    lastName: 'Followup',
    phone: '(707) 555-0177',
    address: '8 Briceland Rd, Redway, CA',
    serviceType: 'Roof Cleaning',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('photos', new Blob([FIXTURE_PHOTO], { type: 'image/jpeg' }), 'photo.jpg');
  const posted = await page.request.post(`${server.url}/api/photo-submissions`, { multipart: form });
  expect(posted.ok()).toBe(true);
  const submission = (await posted.json()) as PhotoSubmission;
  const sent = await page.request.post(`${server.url}/api/photo-submissions/${submission.id}/quotes`, {
    data: { estimateAmount: '950' },
    headers: csrf,
  });
  expect(sent.status()).toBe(201);

  await admin.open(`${server.url}/admin/photo-submissions?q=Followup`, ['GET', '/api/photo-submissions']);
  const name = submission.customerName!;
  await page.getByRole('article', { name, exact: true }).getByRole('button', { name: 'View Quote' }).click();
  const dialog = page.getByRole('dialog', { name: `Submission from ${name}` });
  const followUps = dialog.getByRole('group', { name: 'Follow-ups' });
  // Sent Monday 23 November: the first follow-up (a text: this server has no e-mail) is on day 2.
  await expect(followUps).toContainText('Follow-ups planned');
  await expect(followUps).toContainText('Next one due Nov 25, 2026');
  await admin.afterAnswers(
    () => followUps.getByRole('button', { name: 'Stop follow-ups' }).click(),
    ['POST', /^\/api\/quotes\/\d+\/follow-ups\/stop$/],
  );
  await expect(page.getByText('Follow-ups stopped successfully')).toBeVisible();
  await expect(followUps).toContainText('Follow-ups paused');
  await expect(followUps).toContainText('Paused by staff: none goes until resumed.');
  const quoteId = ((await sent.json()) as { quote: { id: number } }).quote.id;
  const stored = await page.request.get(`${server.url}/api/quotes/${quoteId}/follow-ups`);
  expect(await stored.json()).toMatchObject({ state: 'paused', nextDueAt: null });

  await followUps.getByRole('button', { name: 'Resume follow-ups' }).click();
  await expect(page.getByText('Follow-ups resumed successfully')).toBeVisible();
  await expect(followUps).toContainText('Next one due Nov 25, 2026');
});
