import { expect, test } from '@playwright/test';
import { AdminPage, testOwner } from './admin-page.ts';

// Settings → Payments (issue 35): the owner sets the deposit with a live preview, and the tab says
// honestly that online payment is off on a server without Stripe (the shared demo server).

test('the owner sets a 25 % deposit with a minimum, previewed live, and the tab says customers pay at the visit', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  const login = await page.request.post('/api/auth/login', { data: testOwner });
  expect(login.ok()).toBe(true);
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  await admin.open('/admin/settings?tab=payments', ['GET', '/api/settings/payments']);
  const tab = page.getByRole('region', { name: 'Payments' });
  await expect(tab).toContainText('Online payments are off (Stripe is not configured on this server).');
  await expect(tab).toContainText('Pay at the visit: we take cash or check.');
  await expect(tab).not.toContainText(/card fee|surcharge/i);
  try {
    await tab.getByLabel('Deposit asked at acceptance').selectOption('percent');
    await tab.getByLabel('Percentage').fill('25');
    const preview = tab.getByRole('status').filter({ hasText: 'up front' });
    await expect(preview).toHaveText('A $320 job asks $80 up front');
    await tab.getByLabel('Minimum deposit').fill('100');
    await expect(preview).toHaveText('A $320 job asks $100 up front');
    await tab.getByLabel('Preview for a job of').fill('90');
    await expect(preview).toHaveText('A $90 job asks $90 up front');
    await tab.getByLabel('Percentage').fill('0');
    await tab.getByRole('button', { name: 'Save payment settings' }).click();
    await expect(tab.getByText('Enter a percentage between 1 and 100')).toBeVisible();
    await tab.getByLabel('Percentage').fill('25');
    await admin.afterAnswers(
      () => tab.getByRole('button', { name: 'Save payment settings' }).click(),
      ['PUT', '/api/settings/payments'],
    );
    await expect(page.getByText('Payment settings updated successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Payments' }).getByLabel('Percentage')).toHaveValue('25');
  } finally {
    // The shared demo database asks no deposit for the other tests.
    const reset = await page.request.put('/api/settings/payments', {
      headers: { 'X-CSRF-Token': csrfToken },
      data: { deposit: { kind: 'none', percent: null, fixedCents: null, minimumCents: 0 } },
    });
    expect(reset.ok()).toBe(true);
  }
});
