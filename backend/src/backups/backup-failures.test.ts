import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupStatusSchema, backupTakenSchema } from '@washdesk/contract';
import { startFakeSmtp, type FakeSmtp } from '../test/fake-smtp.ts';
import { clientOf, signIn, startTestServer, type TestServer } from '../test/test-server.ts';
import { backupFolder } from './backup-folder.ts';
import type { Timer } from './backup-timer.ts';

// Backups that fail well (issue 31): an unwritable folder was retried at once, forever (16,844
// failures in 33 s, each an e-mail, an alert and a log line). The timer and the clock are the
// test's: time passes only when the test moves it.

const armed: { ms: number; run: () => void }[] = [];
const timer: Timer = {
  after(ms, run) {
    const entry = { ms, run };
    armed.push(entry);
    return () => {
      armed.splice(armed.indexOf(entry), 1);
    };
  },
};
let now = Date.parse('2026-11-28T06:00:00.000Z');
let smtp: FakeSmtp;
const dirs: string[] = [];
const tempDir = () => {
  dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-backup-failing-')));
  return dirs.at(-1)!;
};

beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp.close();
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

/** Moves the clock to the armed timer, fires it, and waits until the run it started re-armed the next. */
async function fireTimer() {
  const next = armed.at(-1)!;
  now += next.ms;
  next.run();
  while (armed.at(-1) === next) await new Promise((resolve) => setTimeout(resolve, 5));
}
const eventsOf = (server: TestServer, type: string) =>
  server.db.prepare('SELECT summary FROM events WHERE type = ?').pluck().all(type) as string[];
const status = async (server: TestServer) =>
  backupStatusSchema.parse(await (await server.get('/api/backups/status')).json());

describe('a backups folder that cannot be written', () => {
  it('is retried with backoff, told once, remembered across a restart, and its recovery told once', async () => {
    const root = tempDir();
    const dataDir = path.join(root, 'data');
    // A file where BACKUP_DIR's parent should be: no process, root or not, can create the folder.
    const blocker = path.join(root, 'mounted-disk');
    fs.writeFileSync(blocker, 'not a folder');
    const env = { BACKUP_DIR: path.join(blocker, 'backups'), BACKUP_EVERY_MINUTES: '60', SMTP_URL: smtp.url };
    const start = () => startTestServer({ dataDir, env, clock: () => now, backupTimer: timer });
    let server = await start();
    try {
      expect(armed.at(-1)!.ms).toBe(60 * 60_000);
      await fireTimer();
      const failedAt = now;
      let attempts = 1;
      const waits = [armed.at(-1)!.ms];
      // Sixty seconds of the clock with the folder still unwritable (the old code fired at once, forever).
      while (armed.at(-1)!.ms <= failedAt + 60_000 - now && attempts < 100) {
        await fireTimer();
        attempts++;
        waits.push(armed.at(-1)!.ms);
      }
      expect(attempts).toBeLessThanOrEqual(3);
      // A minute, then each wait twice the one before.
      expect(waits).toEqual(waits.map((_, i) => 60_000 * 2 ** i));
      expect(eventsOf(server, 'backup.failed')).toHaveLength(1);
      expect(eventsOf(server, 'backup.failed')[0]).toMatch(/^Backup failed: ENOTDIR/);
      const failing = await status(server);
      expect(failing.lastFailure?.message).toMatch(/^Backup failed: /);
      expect(failing.failing).toMatchObject({ since: new Date(failedAt).toISOString(), attempts });

      // A restart (a deploy, the restart policy) neither forgets the failure nor tells it again.
      await server.stop();
      server = await start();
      expect((await status(server)).failing?.attempts).toBe(attempts);
      // Due when the backoff says, counted from the last try (the clock has not moved).
      expect(armed.at(-1)!.ms).toBe(waits.at(-1));
      await fireTimer();
      expect((await status(server)).failing?.attempts).toBe(attempts + 1);
      expect(eventsOf(server, 'backup.failed')).toHaveLength(1);

      // The disk is back: the next try succeeds and says so, once.
      fs.rmSync(blocker);
      await fireTimer();
      const recovered = await status(server);
      expect(recovered.lastBackup).not.toBeNull();
      expect(recovered.lastFailure).toBeNull();
      expect(recovered.failing).toBeNull();
      expect(eventsOf(server, 'backup.recovered')).toEqual([
        `Backups work again (failing since ${new Date(failedAt).toISOString()}, ${attempts + 1} failed attempt(s)).`,
      ]);
      await smtp.received(2);
      expect(smtp.mails.map((m) => m.subject)).toEqual([
        'Washdesk: backup failed',
        'Washdesk: backups work again',
      ]);
      // And the schedule is the normal one again.
      expect(armed.at(-1)!.ms).toBe(60 * 60_000);
      expect(eventsOf(server, 'backup.failed')).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });
});

describe('Back up now', () => {
  it("is the owner's: it answers with the backup taken, or the failure; staff get 403", async () => {
    const server = await startTestServer({ env: { BACKUP_EVERY_MINUTES: '0' } });
    try {
      const res = await server.send('POST', '/api/backups');
      expect(res.status).toBe(201);
      const taken = backupTakenSchema.parse(await res.json());
      expect((await status(server)).lastBackup?.name).toBe(taken.name);
      expect(backupFolder(server.config.backups.dir).good()[0]?.manifest.reason).toBe('manual');

      const staff = clientOf(
        server.url,
        await signIn(server.url, await server.addUser({ email: 'desk@example.com' })),
      );
      const refused = await staff.send('POST', '/api/backups');
      expect(refused.status).toBe(403);
      expect((await refused.json()).error.code).toBe('not_permitted');
      expect((await server.anonymous.send('POST', '/api/backups')).status).toBe(401);
      expect(backupFolder(server.config.backups.dir).good()).toHaveLength(1);

      // A folder that cannot be written: the honest answer, not a success.
      fs.rmSync(server.config.backups.dir, { recursive: true });
      fs.writeFileSync(server.config.backups.dir, 'not a folder');
      const failed = await server.send('POST', '/api/backups');
      expect(failed.status).toBe(503);
      expect((await failed.json()).error.message).toMatch(/^Backup failed: /);
    } finally {
      await server.stop();
    }
  });
});

describe('a backup much smaller than the last normal one', () => {
  it('is told once, and the last normal backup outlives retention', async () => {
    const server = await startTestServer({
      env: { BACKUP_EVERY_MINUTES: '0', BACKUP_KEEP_HOURLY: '1', BACKUP_KEEP_DAILY: '0' },
    });
    try {
      const insert = server.db.prepare(`INSERT INTO service_requests (first_name, last_name, email, phone,
        address, city, service_type, property_type, urgency, description, has_photos, status, created_at,
        updated_at) VALUES ('Seed', 'Row', 'seed@example.com', '7075550100', '1 Main St', 'Garberville',
        'house-washing', 'residential', 'week', 'x', 0, 'new', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`);
      server.db.transaction(() => {
        for (let i = 0; i < 300; i++) insert.run();
      })();
      const normal = backupTakenSchema.parse(await (await server.send('POST', '/api/backups')).json());
      server.db.prepare('DELETE FROM service_requests').run();
      for (let i = 0; i < 3; i++) expect((await server.send('POST', '/api/backups')).status).toBe(201);
      const shrunk = eventsOf(server, 'backup.shrunk');
      expect(shrunk).toHaveLength(1);
      expect(shrunk[0]).toContain(`the last normal one, ${normal.name}, holds ${normal.rows}`);
      // BACKUP_KEEP_HOURLY=1 keeps the newest, and the normal one besides.
      const kept = backupFolder(server.config.backups.dir)
        .good()
        .map((b) => b.name);
      expect(kept).toHaveLength(2);
      expect(kept).toContain(normal.name);
    } finally {
      await server.stop();
    }
  });
});
