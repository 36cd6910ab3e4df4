import { expect, test, type Page } from '@playwright/test';

// The customer's own pages come from their own light build (public-site/vite.account.config.ts,
// Preact's core under the same components), not the whole site's React scripts: this fails if the
// server falls back to the whole site's page, or if a React prop the build's shim maps (onChange
// is the browser's input event) stops reaching the page.

/** The scripts a page load fetches, by path. */
function scriptsOf(page: Page) {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  return scripts;
}

test('the signed-out account page runs on its own light build, and its sign-in form works', async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  await page.goto('/account');
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
  expect(scripts.length).toBeGreaterThan(0);
  expect(
    scripts.every((p) => p.startsWith('/account/assets/')),
    scripts.join(', '),
  ).toBe(true);

  // Typed words reach the form's state (React's onChange, the browser's input event here).
  const contact = page.getByLabel('Mobile number or e-mail');
  await contact.fill('not a contact');
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(page.getByRole('alert')).not.toHaveText('');
  await expect(contact).toHaveAttribute('aria-invalid', 'true');
  await contact.fill('707 555 0177');
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText('a sign-in link is on its way');
});

test('a sign-in link’s page runs on the same light build', async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto(`/account/continue/${'x'.repeat(43)}`);
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link has expired');
  expect(scripts.length).toBeGreaterThan(0);
  expect(
    scripts.every((p) => p.startsWith('/account/assets/')),
    scripts.join(', '),
  ).toBe(true);
});
