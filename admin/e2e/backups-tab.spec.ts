import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { backupStatusSchema, backupTakenSchema } from '@washdesk/contract';
import { AdminPage, OwnerApi } from './admin-page.ts';
import { whenOf } from '../src/settings/backup-summary.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
// One after the other: both tests back up the shared test server's folder (one through
// `npm run backup`, one through the button), and one backup at a time per folder is the rule: run
// side by side, the button would rightly answer "Another backup is running" (409).
test.describe.configure({ mode: 'default' });

/** `npm run <script>` against the shared test server's data and backup folders, as an owner would. */
function npmRun(script: string) {
  const dataDir = process.env.WASHDESK_E2E_DATA_DIR!;
  const result = spawnSync('npm', ['run', '--silent', script], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, BACKUP_DIR: path.join(dataDir, 'backups') },
    encoding: 'utf8',
  });
  expect(result.status, `${script}: ${result.stdout}${result.stderr}`).toBe(0);
  return result.stdout;
}

test('Settings → Backups says how old the last backup is and when a restore of it was proven', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  npmRun('backup');
  npmRun('backup:verify');

  await admin.open('/admin/settings?tab=backups', ['GET', '/api/backups/status']);
  const status = backupStatusSchema.parse(await (await page.request.get('/api/backups/status')).json());
  expect(status.lastVerification).toMatchObject({ backup: status.lastBackup!.name, ok: true });
  const card = page.getByRole('region', { name: 'Backups' });
  // The age is counted from the answer's time; the restore test's time is the server's.
  await expect(card.getByTestId('backup-summary')).toHaveText(
    new RegExp(
      `^Last backup (just now|\\d+ min ago) · verified ${whenOf(status.lastVerification!.at, Date.now())}$`,
    ),
  );
  await expect(card.getByRole('row', { name: /Off-machine copy/ })).toContainText(
    'Not configured (BACKUP_S3_*): backups are on this server only',
  );
});

test('the owner backs up now and is told what was saved; staff are not offered the button', async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = new AdminPage(page);
  await owner.signInWithApi();
  const staff = await (await OwnerApi.signIn(page.request)).addStaffMember(`backup-${Date.now()}`);
  await owner.open('/admin/settings?tab=backups', ['GET', '/api/backups/status']);
  const card = page.getByRole('region', { name: 'Backups' });

  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/backups',
  );
  await owner.afterAnswers(
    () => card.getByRole('button', { name: 'Back up now' }).click(),
    ['POST', '/api/backups'],
    ['GET', '/api/backups/status'],
  );
  const response = await answer;
  expect(response.status()).toBe(201);
  const taken = backupTakenSchema.parse(await response.json());
  // The toast says what the server saved, and the card now leads with that backup.
  await expect(page.getByText(/^Backup taken: database \d+\.\d MB, \d+ photo files$/)).toHaveText(
    `Backup taken: database ${(taken.databaseBytes / 1_048_576).toFixed(1)} MB, ${taken.photos} photo files`,
  );
  await expect(card.getByTestId('backup-summary')).toHaveText(/^Last backup just now · /);
  const status = backupStatusSchema.parse(await (await page.request.get('/api/backups/status')).json());
  // (Another test may back up meanwhile: the newest is this one or later.)
  expect(Date.parse(status.lastBackup!.at)).toBeGreaterThanOrEqual(Date.parse(taken.at));
  await expect(card.getByRole('button', { name: 'Back up now' })).toBeEnabled();

  // A staff member sees the same card without the owner's button.
  const context = await browser.newContext({ baseURL });
  const theirs = new AdminPage(await context.newPage());
  await theirs.signInWithApi(staff);
  await theirs.open('/admin/settings?tab=backups', ['GET', '/api/backups/status'], ['GET', '/api/auth/me']);
  const theirCard = theirs.page.getByRole('region', { name: 'Backups' });
  await expect(theirCard.getByTestId('backup-summary')).toHaveText(/^Last backup /);
  await expect(theirCard.getByRole('button', { name: 'Back up now' })).toHaveCount(0);
  await context.close();
});
