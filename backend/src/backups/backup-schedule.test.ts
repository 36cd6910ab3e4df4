import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupStatusSchema, healthSchema } from '@washdesk/contract';
import { startFakeS3, type FakeS3 } from '../test/fake-s3.ts';
import { startFakeSmtp, type FakeSmtp } from '../test/fake-smtp.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import type { Timer } from './backup-timer.ts';

// The server's own backups: on its timer (fired here by the test, on the test's clock), copied to
// S3 through the real AWS SDK (a fake S3 on 127.0.0.1), proven by a restore test, and failures told.

const armed: { ms: number; run: () => void }[] = [];
const timer: Timer = {
  after(ms, run) {
    armed.push({ ms, run });
    return () => undefined;
  },
};
let now = Date.parse('2026-11-25T10:00:00.000Z');
let server: TestServer;
let s3: FakeS3;
let smtp: FakeSmtp;

beforeAll(async () => {
  s3 = await startFakeS3('washdesk-backups');
  smtp = await startFakeSmtp();
  server = await startTestServer({
    clock: () => now,
    backupTimer: timer,
    env: {
      BACKUP_EVERY_MINUTES: '30',
      BACKUP_S3_ENDPOINT: s3.url,
      BACKUP_S3_BUCKET: 'washdesk-backups',
      BACKUP_S3_ACCESS_KEY_ID: 'test-key',
      BACKUP_S3_SECRET_ACCESS_KEY: 'test-secret',
      BACKUP_S3_PREFIX: 'lostcoast/',
      SMTP_URL: smtp.url,
    },
  });
});
afterAll(async () => {
  await server.stop();
  await s3.close();
  await smtp.close();
});

/** Fires the armed timer and waits until the backup it started has re-armed the next one. */
async function fireTimer() {
  const count = armed.length;
  armed.at(-1)!.run();
  while (armed.length === count) await new Promise((resolve) => setTimeout(resolve, 10));
}
const status = async () => backupStatusSchema.parse(await (await server.get('/api/backups/status')).json());
const health = async () => healthSchema.parse(await (await server.anonymous.get('/api/health')).json());

describe('scheduled backups', () => {
  it('run every BACKUP_EVERY_MINUTES, are copied off the machine and proven by a restore test', async () => {
    expect(armed.map((a) => a.ms)).toEqual([30 * 60_000]);
    expect((await health()).backup).toEqual({ lastAt: null, ageMinutes: null, verifiedOk: null });

    now += 30 * 60_000;
    await fireTimer();
    const first = await status();
    expect(first.lastBackup?.at).toBe('2026-11-25T10:30:00.000Z');
    expect(first.lastVerification).toMatchObject({ backup: first.lastBackup!.name, ok: true, problems: [] });
    expect(first.offSite).toEqual({
      configured: true,
      lastCopiedAt: '2026-11-25T10:30:00.000Z',
      lastError: null,
    });
    expect(first.lastFailure).toBeNull();
    // The manifest went up last, beside the database, under the prefix; every request was signed.
    const keys = [...s3.objects.keys()];
    expect(keys).toContain(`lostcoast/snapshots/${first.lastBackup!.name}/manifest.json`);
    expect(keys).toContain(`lostcoast/snapshots/${first.lastBackup!.name}/washdesk.sqlite`);
    expect(s3.requests.filter((r) => r.method === 'PUT').at(-1)?.key).toMatch(/manifest\.json$/);
    expect(s3.requests.every((r) => r.authorized)).toBe(true);
    expect(armed.at(-1)!.ms).toBe(30 * 60_000);

    now += 40 * 60_000;
    expect((await health()).backup).toEqual({
      lastAt: '2026-11-25T10:30:00.000Z',
      ageMinutes: 40,
      verifiedOk: true,
    });
    // Forty minutes on, the next one was due ten minutes ago: the timer is armed for "now".
    expect(armed.at(-1)!.ms).toBe(30 * 60_000);
  });

  it('announces a failed off-machine copy to staff and e-mails the owners', async () => {
    s3.failUploads(true);
    now += 30 * 60_000;
    await fireTimer();
    const after = await status();
    // The local backup itself was taken; its copy failed and says so.
    expect(after.lastBackup?.at).toBe(new Date(now).toISOString());
    expect(after.offSite.lastError).toBeTruthy();
    expect(after.lastFailure?.message).toMatch(/^Off-machine backup copy failed: /);
    // One restore test a day: this backup was not tested again within the day.
    expect(after.lastVerification?.backup).not.toBe(after.lastBackup?.name);
    const announced = server.db
      .prepare("SELECT summary FROM events WHERE type = 'backup.failed'")
      .pluck()
      .all() as string[];
    expect(announced).toEqual([after.lastFailure!.message]);
    await smtp.received(1);
    expect(smtp.recipients[0]).toEqual(['test-owner@example.com']);
    expect(smtp.mails[0]!.subject).toBe('Washdesk: off-machine backup copy failed');
    s3.failUploads(false);
  });
});
