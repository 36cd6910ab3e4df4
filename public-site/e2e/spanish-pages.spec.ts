import { expect, test, type Page } from '@playwright/test';
import { startOwnTestServer, type OwnTestServer } from '../../scripts/own-test-server.ts';

// The public pages in Spanish (issue 37), as a visitor sees them: opened with ?lang=es, each page
// says everything in Spanish (no English sentence left: only proper names, the business's details,
// numbers and the switch's own "English" may be), has <html lang="es">, and its English/Español
// switch names each language in its own. The choice is remembered, and a browser that asks for
// Spanish gets it without asking. The server is the 'visit-reminder' scenario, so the reminder
// link's visit page is walked too.
//
// Pages walked: the request wizard (all its steps), the visit page, the 404 page, the invoice page
// (the customer-account scenario's open invoice). Not yet in Spanish (left for the next step of
// issue 37, listed in docs/spanish.md): the photo form, the quote tool and its embed, the quote
// page and the plan-visit page.

let server: OwnTestServer;
test.beforeAll(async () => {
  server = await startOwnTestServer('visit-reminder');
});
test.afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

/** English words a Spanish sentence of ours never has. */
const ENGLISH_WORDS =
  /\b(the|your|you|and|our|we|is|are|please|with|this|that|request|send|get|call|visit|free|estimate|step|next|back|submit|name|phone|address|service|page|not|found|loading|time|date)\b/i;

/** The visible text of the page, less what may stay as it is (names, details, numbers). */
async function englishLeft(page: Page): Promise<string[]> {
  return page.evaluate((englishWords) => {
    const profile = JSON.parse(document.getElementById('business-profile')?.textContent ?? '{}') as Record<
      string,
      unknown
    >;
    const allowed = [
      ...Object.values(profile).filter((v): v is string => typeof v === 'string' && v.length > 0),
      'English',
    ];
    let text = document.body.innerText;
    for (const value of allowed) text = text.split(value).join(' ');
    // Attributes a visitor hears or sees too: labels, titles, placeholders.
    const attributes = [...document.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((el) =>
      ['aria-label', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? ''),
    );
    return [...text.split(/\n|(?<=[.!?])\s+/), ...attributes, document.title]
      .map((line) => line.trim())
      .filter((line) => line && new RegExp(englishWords, 'i').test(line));
  }, ENGLISH_WORDS.source);
}

async function expectSpanish(page: Page, where: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
  expect(await englishLeft(page), where).toEqual([]);
  const english = page.getByRole('link', { name: 'English' });
  await expect(english).toHaveAttribute('lang', 'en');
  await expect(english).toHaveAttribute('hreflang', 'en');
  const spanish = page.getByRole('link', { name: 'Español' });
  await expect(spanish).toHaveAttribute('lang', 'es');
  await expect(spanish).toHaveAttribute('aria-current', 'true');
}

test('every translated public page in Spanish leaves no English sentence', async ({ page }) => {
  await page.goto(`${server.url}/?lang=es`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pida un estimado gratis');
  await expectSpanish(page, 'wizard, step 1');
  await page.locator('#wizard-firstName').fill('Rosa');
  await page.locator('#wizard-lastName').fill('Méndez');
  await page.locator('#wizard-email').fill('rosa@example.com');
  await page.locator('#wizard-phone').fill('(707) 555-0171');
  await page.locator('#wizard-address').fill('8 Alder Point Rd, Garberville');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Detalles del servicio');
  await expectSpanish(page, 'wizard, step 2');
  await page.getByText('Lavado de casa').click();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Programe su estimado');
  await expectSpanish(page, 'wizard, step 3');

  await page.goto(`${server.url}${server.visitPath!}?lang=es`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Su cita con');
  await expect(page.getByTestId('visit-date')).toHaveText('miércoles, 25 de noviembre');
  await expectSpanish(page, 'visit page');
  await page.getByRole('button', { name: 'Cambiar la fecha' }).click();
  await expectSpanish(page, 'visit page, a new time');

  await page.goto(`${server.url}/esta-pagina-no-existe?lang=es`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Página no encontrada');
  await expectSpanish(page, '404 page');
});

test('the invoice page in Spanish leaves no English sentence', async ({ page }) => {
  // The customer-account scenario: the visit-reminder customer with an open invoice. Its own
  // server is started (and stopped) inside the test, so the test's budget covers that too.
  test.setTimeout(240_000);
  const account = await startOwnTestServer('customer-account');
  try {
    await page.goto(`${account.url}${account.invoicePath!}?lang=es`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Factura n.º');
    await expect(page.getByText('Saldo pendiente')).toBeVisible();
    await expectSpanish(page, 'invoice page');
  } finally {
    expect(await account.stop()).toBe(0);
  }
});

test('the choice is remembered, the switch goes back to English, and a Spanish browser gets Spanish', async ({
  browser,
}) => {
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`${server.url}/?lang=es`);
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
  // The next page, opened without asking, is Spanish: the choice was remembered.
  await page.goto(`${server.url}/no-such-page`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Página no encontrada');
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto(`${server.url}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request a Free Estimate');
  await visitor.close();

  const spanishBrowser = await browser.newContext({ locale: 'es-MX' });
  const other = await spanishBrowser.newPage();
  await other.goto(`${server.url}/`);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Pida un estimado gratis');
  await spanishBrowser.close();
});
