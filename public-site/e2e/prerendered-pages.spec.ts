import { expect, test, type Page } from '@playwright/test';
import type { PublicProfile } from '@washdesk/contract';
import { PhotoFormPage } from './photo-form-page.ts';
import { PublicPage } from './public-page.ts';
import { fixturePhoto, QuoteToolPage } from './quote-tool-page.ts';
import { RequestWizardPage } from './request-wizard-page.ts';

const PAGES = [
  { path: '/', heading: 'Request a Free Estimate', title: 'Request a Free Estimate' },
  { path: '/photo-form', heading: 'Photo Submission for Estimate', title: 'Photo Submission for Estimate' },
  { path: '/photo-quote-tool', heading: 'Get Your Instant Quote', title: 'Get Your Instant Quote' },
  { path: '/embed/photo-quote', heading: 'Get Your Instant Quote', title: 'Get Your Instant Quote' },
] as const;

const profileOf = async (request: import('@playwright/test').APIRequestContext) =>
  (await (await request.get('/api/public/profile')).json()) as PublicProfile;

test.describe('with JavaScript turned off, the pages are already there (prerendered)', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading, title } of PAGES) {
    test(`${path} shows its heading, form and the business's details`, async ({ page, request }) => {
      const profile = await profileOf(request);
      const site = new PublicPage(page);

      const response = await site.open(path);

      expect(response?.status()).toBe(200);
      await expect(site.heading(heading)).toBeVisible();
      await expect(page).toHaveTitle(title);
      await expect(page.locator('form input').first()).toBeVisible();
      if (path === '/embed/photo-quote') {
        // This server has no model: the prerendered page for that way of quoting.
        await expect(page.locator('.powered-by')).toHaveText(
          `Powered by ${profile.businessName} Quote System`,
        );
      } else {
        await expect(site.siteHeader).toContainText(profile.businessName);
        await expect(site.siteHeader.getByRole('link', { name: profile.phone })).toBeVisible();
        await expect(site.siteFooter).toContainText(`Serving ${profile.serviceArea}`);
      }
    });
  }

  test('an unknown path shows the 404 page with status 404', async ({ page }) => {
    const site = new PublicPage(page);

    const response = await site.open('/no-such-page');

    expect(response?.status()).toBe(404);
    await expect(site.heading('404 Page Not Found')).toBeVisible();
    await expect(page).toHaveTitle('404 Page Not Found');
  });
});

/** Everything the page reports as an error: hydration mismatches arrive as either. */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('the prerendered pages come alive without an error', () => {
  test('/ : the wizard reacts to the visitor', async ({ page }) => {
    const errors = collectErrors(page);
    const wizard = new RequestWizardPage(page);
    await wizard.openWizard();

    // Next is enabled only by the script, once every field is filled.
    await expect(wizard.next).toBeDisabled();
    await wizard.fillContact({
      firstName: 'Hydra',
      lastName: 'Tion',
      email: 'hydra@example.com',
      phone: '(707) 555-0100',
      address: '1 Main St, Garberville',
    });
    await expect(wizard.next).toBeEnabled();
    expect(errors).toEqual([]);
  });

  test('/photo-form : a picked photo is listed', async ({ page }) => {
    const errors = collectErrors(page);
    const form = new PhotoFormPage(page);
    await form.openForm();

    await form.photoInput.setInputFiles([fixturePhoto('pixel-gps-orientation1.jpg')]);

    await expect(form.selectedPhotos).toHaveCount(1);
    await expect(form.manualButton).toBeEnabled();
    expect(errors).toEqual([]);
  });

  for (const open of ['openFullPage', 'openEmbed'] as const) {
    test(`${open === 'openEmbed' ? '/embed/photo-quote' : '/photo-quote-tool'} : a picked photo is listed`, async ({
      page,
    }) => {
      const errors = collectErrors(page);
      const quote = new QuoteToolPage(page);
      await quote[open]();

      await quote.addPhotos([fixturePhoto('pixel-gps-orientation1.jpg')]);

      await expect(quote.selectedPhotos).toHaveCount(1);
      expect(errors).toEqual([]);
    });
  }
});

// Issue 37: each page is prerendered in Spanish too, and the Spanish HTML hydrates as cleanly.
const SPANISH_PAGES = [
  { path: '/photo-form', heading: 'Fotos para un estimado' },
  { path: '/photo-quote-tool', heading: 'Obtenga su presupuesto al instante' },
  { path: '/embed/photo-quote', heading: 'Obtenga su presupuesto al instante' },
] as const;

test.describe('in Spanish, the pages are prerendered too', () => {
  test.describe('with JavaScript turned off', () => {
    test.use({ javaScriptEnabled: false });
    for (const { path, heading } of SPANISH_PAGES) {
      test(`${path}?lang=es shows its Spanish heading, title and form`, async ({ page }) => {
        const site = new PublicPage(page);
        const response = await site.open(`${path}?lang=es`);
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', 'es');
        await expect(site.heading(heading)).toBeVisible();
        await expect(page).toHaveTitle(heading);
        await expect(page.locator('form input').first()).toBeVisible();
      });
    }
  });

  for (const { path, heading } of SPANISH_PAGES) {
    test(`${path}?lang=es comes alive without an error: a picked photo is listed`, async ({ page }) => {
      const errors = collectErrors(page);
      const site = new PublicPage(page);
      await site.openReady(`${path}?lang=es`);
      await expect(site.heading(heading)).toBeVisible();
      const input = page.locator(path === '/photo-form' ? '#photo-form-photos' : '#quote-photos');
      await input.setInputFiles([fixturePhoto('pixel-gps-orientation1.jpg')]);
      await expect(page.getByRole('list', { name: 'Fotos elegidas' }).getByRole('listitem')).toHaveCount(1);
      expect(errors).toEqual([]);
    });
  }
});
