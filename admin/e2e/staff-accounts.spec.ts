import { expect, test } from '@playwright/test';
import { AdminPage, OwnerApi, SETTINGS_TABS, testOwner, uniqueEmail } from './admin-page.ts';

// Each step that makes the server work (hashing a password, saving, fetching the list again)
// waits for the server's answer, however long it takes, before the screen is checked.
const USER_PATH = /^\/api\/users\/\d+$/;
// Two people's browsers and a dozen steps each: a whole working session, not one screen. The
// limit is a guard against a hang (each step waits for its state), as in the other long specs.
test.describe.configure({ timeout: 90_000 });

test('the owner adds a staff member, who can sign in until disabled', async ({ page, browser }) => {
  const owner = new AdminPage(page);
  await owner.signInWithApi();
  await owner.open('/admin/settings');
  await owner.afterAnswers(() => owner.settingsTab('Staff').click(), ['GET', '/api/users']);

  const email = uniqueEmail('added');
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = owner.addStaffMemberDialog;
  await dialog.getByLabel('Name').fill('Robin Ladder');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Role').selectOption('Staff');
  await dialog.getByLabel('Initial password').fill('robin-first-password');
  // Hashing the password is slow by design: wait for the answer and the list fetched after it.
  await owner.afterAnswers(
    () => dialog.getByRole('button', { name: 'Add', exact: true }).click(),
    ['POST', '/api/users'],
    ['GET', '/api/users'],
  );

  await expect(owner.toast('Staff member added')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = owner.staffRow(email);
  await expect(row.getByRole('cell')).toHaveText([
    'Robin Ladder',
    email,
    'Staff',
    'Active',
    'Never',
    /Disable/,
  ]);

  // The new person, in a browser of their own.
  const theirContext = await browser.newContext();
  const robin = new AdminPage(await theirContext.newPage());
  await robin.open('/admin');
  await robin.signInWithForm(email, 'robin-first-password');
  await expect(robin.pageTitle('Dashboard')).toBeVisible();

  await row.getByRole('button', { name: 'Disable' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(
    'Disable Robin Ladder? They are signed out at once and their calendar links stop working.',
  );
  await owner.afterAnswers(
    () => confirm.getByRole('button', { name: 'Disable' }).click(),
    ['PUT', USER_PATH],
    ['GET', '/api/users'],
  );
  await expect(owner.toast('Staff member disabled')).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText('Disabled');

  await robin.afterAnswers(() => robin.sidebarEntry('Settings').click(), ['GET', '/api/auth/me']);
  await expect(robin.signInButton).toBeVisible();
  await expect(robin.page.getByText('Your session expired')).toBeHidden();
  await robin.signInWithForm(email, 'robin-first-password');
  // A disabled account is answered like a wrong password: the form tells nobody which it is.
  await expect(robin.page.getByRole('alert')).toHaveText('E-mail or password is incorrect.');

  await owner.afterAnswers(
    () => row.getByRole('button', { name: 'Enable' }).click(),
    ['PUT', USER_PATH],
    ['GET', '/api/users'],
  );
  await expect(owner.toast('Staff member enabled')).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText('Active');
  await theirContext.close();
});

test('the owner resets a password: the person is signed out and signs in with the new one', async ({
  page,
  request,
  browser,
}) => {
  const staffMember = await (await OwnerApi.signIn(request)).addStaffMember('reset');
  const theirContext = await browser.newContext();
  const them = new AdminPage(await theirContext.newPage());
  await them.open('/admin');
  await them.signInWithForm(staffMember.email, staffMember.password);
  await expect(them.pageTitle('Dashboard')).toBeVisible();

  const owner = new AdminPage(page);
  await owner.signInWithApi();
  await owner.open('/admin/settings?tab=staff', ['GET', '/api/users']);
  await owner.staffRow(staffMember.email).getByRole('button', { name: 'Reset password' }).click();
  const dialog = page.getByRole('dialog', { name: `Reset password of ${staffMember.name}` });
  await dialog.getByLabel('New password').fill('too-short');
  await dialog.getByRole('button', { name: 'Reset password' }).click();
  await expect(dialog.getByText('Use at least 10 characters')).toBeVisible();
  await dialog.getByLabel('New password').fill('the-new-long-password');
  await owner.afterAnswers(
    () => dialog.getByRole('button', { name: 'Reset password' }).click(),
    ['POST', /^\/api\/users\/\d+\/reset-password$/],
  );
  await expect(owner.toast('Password reset')).toBeVisible();
  await expect(dialog).toBeHidden();

  await them.afterAnswers(() => them.sidebarEntry('Settings').click(), ['GET', '/api/auth/me']);
  await expect(them.signInButton).toBeVisible();
  await them.signInWithForm(staffMember.email, staffMember.password);
  await expect(them.page.getByRole('alert')).toHaveText('E-mail or password is incorrect.');
  await them.signInWithForm(staffMember.email, 'the-new-long-password');
  await expect(them.pageTitle('Settings')).toBeVisible();
  await theirContext.close();
});

test('the add dialog says what is missing and refuses an e-mail already in use', async ({ page }) => {
  const owner = new AdminPage(page);
  await owner.signInWithApi();
  await owner.open('/admin/settings?tab=staff');
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = owner.addStaffMemberDialog;

  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Enter a valid e-mail address')).toBeVisible();
  await expect(dialog.getByText('Use at least 10 characters')).toBeVisible();

  await dialog.getByLabel('Name').fill('Second Owner Account');
  await dialog.getByLabel('E-mail').fill(testOwner.email);
  await dialog.getByLabel('Initial password').fill('a-long-enough-password');
  await owner.afterAnswers(
    () => dialog.getByRole('button', { name: 'Add', exact: true }).click(),
    ['POST', '/api/users'],
  );
  await expect(dialog.getByText('An account with this e-mail already exists')).toBeVisible();
  await expect(dialog.getByText('Name is required')).toBeHidden();
});

test('staff who are not the owner are told that only the owner manages staff accounts', async ({
  page,
  request,
}) => {
  const staffMember = await (await OwnerApi.signIn(request)).addStaffMember('not-owner');
  const askedForAccounts: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/users')) askedForAccounts.push(r.url());
  });
  const admin = new AdminPage(page);
  await admin.signInWithApi(staffMember);
  await admin.open('/admin/settings');

  await expect(page.getByRole('tab')).toHaveText(SETTINGS_TABS);
  await admin.settingsTab('Staff').click();

  await expect(page.getByText('Only the owner can manage staff accounts.')).toBeVisible();
  await expect(admin.staffTable).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add staff member' })).toHaveCount(0);
  expect(askedForAccounts).toEqual([]);
});
