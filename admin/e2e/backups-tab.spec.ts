import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { backupStatusSchema } from '@washdesk/contract';
import { AdminPage } from './admin-page.ts';
import { whenOf } from '../src/settings/backup-summary.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

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
