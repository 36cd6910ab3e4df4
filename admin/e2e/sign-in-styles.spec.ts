import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SIGN_IN_BLUEPRINT_CLASSES } from '../sign-in-styles.ts';
import { AdminPage, OwnerApi, testOwner } from './admin-page.ts';
import { expireSessionsOf } from './test-database.ts';

// The admin's first load carries only the part of Blueprint's stylesheet the sign-in screen uses
// (admin/sign-in-styles.ts); the whole stylesheet comes with anything signed in. These tests show
// each state of the sign-in screen with the first load's styles alone, then add the whole
// stylesheet as the signed-in part does, and expect not one computed style to change.

const manifest = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../dist/.vite/manifest.json'), 'utf8'),
) as Record<string, { file: string }>;
/** The whole stylesheet signed-in staff get (src/staff-styles.ts), as the server serves it. */
const STAFF_STYLES = `/admin/${manifest['src/staff-styles.ts']!.file}`;

/**
 * Only the first load's styles reach the page: the signed-in part, which the sign-in screen
 * fetches ahead, would otherwise add its own at a moment the test does not choose.
 */
async function firstLoadStylesOnly(page: Page) {
  const firstLoadHtml = fs.readFileSync(path.resolve(import.meta.dirname, '../dist/index.html'), 'utf8');
  await page.route(
    (url) => url.pathname.endsWith('.css') && !firstLoadHtml.includes(url.pathname) && !url.search,
    (route) => route.abort(),
  );
}

/** Every element's computed style (and its ::before/::after), animations stopped at their start. */
function computedStyles(page: Page) {
  return page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      animation.pause();
      animation.currentTime = 0;
    }
    const styles: Record<string, Record<string, string>> = {};
    const elements = [document.documentElement, ...document.querySelectorAll('body, body *')];
    elements.forEach((element, index) => {
      const name = `${index} ${element.tagName.toLowerCase()} ${element.getAttribute('class') ?? ''}`;
      for (const pseudo of ['', '::before', '::after']) {
        const style = getComputedStyle(element, pseudo || null);
        const values: Record<string, string> = {};
        for (const property of style) values[property] = style.getPropertyValue(property);
        styles[`${name}${pseudo}`] = values;
      }
    });
    return styles;
  });
}

/** What changes on the page when the whole stylesheet arrives (nothing, when all is well). */
async function changesWithWholeStylesheet(page: Page) {
  // Blueprint draws an icon's SVG once its path data has loaded (a chunk of its own); until then the
  // icon is an empty box that the whole stylesheet's icon-font rules would size. The screen as
  // people see it is the one with its icons drawn: compare that state.
  await expect(page.locator('.bp6-icon:empty')).toHaveCount(0);
  // And the page's fonts in: a line box measured while a font still loads is another height.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const classes = await page.evaluate(() =>
    [...document.querySelectorAll('[class]')].flatMap((element) =>
      (element.getAttribute('class') ?? '').split(/\s+/).filter((name) => name.startsWith('bp6-')),
    ),
  );
  // A Blueprint class the list does not name has no rule in the first load.
  expect(
    new Set(
      classes.map((name) => name.slice('bp6-'.length)).filter((name) => !SIGN_IN_BLUEPRINT_CLASSES.has(name)),
    ),
  ).toEqual(new Set());
  const before = await computedStyles(page);
  await page.evaluate(async (href) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    // Its own address: the page's copy of that file stays blocked (firstLoadStylesOnly).
    link.href = `${href}?whole`;
    await new Promise((resolve, reject) => {
      link.onload = resolve;
      link.onerror = reject;
      document.head.append(link);
    });
  }, STAFF_STYLES);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const after = await computedStyles(page);
  expect(Object.keys(after)).toEqual(Object.keys(before));
  return Object.entries(before).flatMap(([element, values]) =>
    Object.entries(values)
      .filter(([property, value]) => after[element]![property] !== value)
      .map(([property, value]) => `${element} ${property}: ${value} → ${after[element]![property]}`),
  );
}

test('the sign-in form, and a refused sign-in, look the same with the first load styles alone', async ({
  page,
}) => {
  await firstLoadStylesOnly(page);
  const admin = new AdminPage(page);
  await admin.open('/admin', ['GET', '/api/public/profile']);
  await expect(admin.signInButton).toBeVisible();
  expect(await changesWithWholeStylesheet(page)).toEqual([]);

  await page.reload();
  await expect(admin.signInButton).toBeVisible();
  await admin.signInWithForm(testOwner.email, 'not-the-password');
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await changesWithWholeStylesheet(page)).toEqual([]);
});

test('signing in, busy, looks the same with the first load styles alone', async ({ page }) => {
  await firstLoadStylesOnly(page);
  let answer: () => void = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/auth/login', async (route) => {
    await held;
    await route.continue();
  });
  const admin = new AdminPage(page);
  await admin.open('/admin', ['GET', '/api/public/profile']);
  await page.getByLabel('E-mail').fill(testOwner.email);
  await page.getByLabel('Password').fill('not-the-password');
  await admin.signInButton.click();
  await expect(page.locator('.bp6-button.bp6-loading')).toBeVisible();
  expect(await changesWithWholeStylesheet(page)).toEqual([]);
  answer();
});

test("the dark theme and an expired session's notice look the same with the first load styles alone", async ({
  page,
  request,
}) => {
  await firstLoadStylesOnly(page);
  const staffMember = await (await OwnerApi.signIn(request)).addStaffMember('styles');
  await page.addInitScript(() => localStorage.setItem('washdesk.theme', 'dark'));
  const admin = new AdminPage(page);
  await admin.signInWithApi(staffMember);
  expireSessionsOf(staffMember.id);
  await admin.open('/admin', ['GET', '/api/public/profile']);
  await expect(page.getByText('Your session expired. Please sign in again.')).toBeVisible();
  await expect(page.locator('body.bp6-dark')).toHaveCount(1);
  expect(await changesWithWholeStylesheet(page)).toEqual([]);
});

test('the server unreachable looks the same with the first load styles alone', async ({ page }) => {
  await firstLoadStylesOnly(page);
  await page.route('**/api/auth/me', (route) => route.abort('connectionrefused'));
  await page.goto('/admin');
  await expect(page.getByText('The Washdesk server cannot be reached')).toBeVisible();
  expect(await changesWithWholeStylesheet(page)).toEqual([]);
});
