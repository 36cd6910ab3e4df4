import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/test-server.ts';
import { writeManifest } from './backup-manifest.ts';
import { DatabaseVanishedError, SERVER_LOCK_FILE } from './data-folder-guard.ts';
import { restoreBackup, RestoreError } from './restore-backup.ts';
import { takeBackup } from './take-backup.ts';

// Issue 31: `npm run restore -- <damaged backup> --force` used to move the live data aside before
// checking the backup; the next start then seeded a demo database. Real files, real SQLite, a real
// server over HTTP.

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  return dirs.at(-1)!;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const request = {
  firstName: 'Ada',
  lastName: 'Hollis',
  email: 'ada.hollis@example.com',
  phone: '(707) 555-0188',
  address: '4 Bear Creek Rd',
  city: 'Redway',
  serviceType: 'house-washing',
  propertyType: 'residential',
  urgency: 'week',
  description: 'Moss on the roof',
  hasPhotos: false,
};

/** Every file of the data folder (the backup store inside it aside) and its checksum. */
function fingerprint(dataDir: string) {
  return fs
    .readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dataDir, path.join(e.parentPath, e.name)))
    .filter((f) => !f.startsWith(`backups${path.sep}`))
    .sort()
    .map(
      (f) =>
        `${f} ${createHash('sha256')
          .update(fs.readFileSync(path.join(dataDir, f)))
          .digest('hex')}`,
    );
}

/** A server with three requests and a good backup of them, and a damaged copy of that backup. */
async function businessWithBackups() {
  const dataDir = tempDir('washdesk-restore-');
  const server = await startTestServer({ dataDir });
  for (let i = 0; i < 3; i++)
    expect((await server.anonymous.send('POST', '/api/service-requests', request)).status).toBe(201);
  const backupDir = server.config.backups.dir;
  const source = { db: server.db, photoDir: server.config.photoDir, backupDir };
  const good = await takeBackup(source, { reason: 'manual', now: new Date('2026-11-28T06:15:00.000Z') });
  // Damaged after it was taken: bytes flipped inside the database copy.
  const flipped = await takeBackup(source, { reason: 'manual', now: new Date('2026-11-28T07:15:00.000Z') });
  const file = path.join(flipped.dir, 'washdesk.sqlite');
  const bytes = fs.readFileSync(file);
  bytes.fill(0x5a, 4096, 8192);
  fs.writeFileSync(file, bytes);
  // Damaged subtly: the checksums match but the row counts are not what the manifest promised.
  const miscounted = await takeBackup(source, {
    reason: 'manual',
    now: new Date('2026-11-28T08:15:00.000Z'),
  });
  writeManifest(miscounted.dir, {
    ...miscounted.manifest,
    rowCounts: { ...miscounted.manifest.rowCounts, service_requests: 40 },
  });
  return { dataDir, server, backupDir, good, damaged: [flipped, miscounted] };
}

// Each case starts a server and takes three backups (a process forked for each database copy):
// 17–28 s on a 2-core machine at a load of 20, so the default 30 s is no limit on correctness.
describe('npm run restore --force', { timeout: 120_000 }, () => {
  it('is refused while the server runs, and the server keeps serving what it had', async () => {
    const { dataDir, server, backupDir, good } = await businessWithBackups();
    try {
      const before = (await (await server.get('/api/service-requests')).json()) as unknown;
      await expect(restoreBackup({ backupDir, which: good.name, dataDir, force: true })).rejects.toThrow(
        /A Washdesk server \(process \d+\) is using .*Stop it first.*--force does not override this/s,
      );
      expect(fs.existsSync(path.join(dataDir, '.restoring'))).toBe(false);
      expect(fs.readdirSync(dataDir).some((e) => e.startsWith('replaced-by-restore-'))).toBe(false);
      // Still the same server on the same database: an acknowledged write after the refusal stays.
      expect(await (await server.get('/api/service-requests')).json()).toEqual(before);
      expect((await server.anonymous.send('POST', '/api/service-requests', request)).status).toBe(201);
      expect(server.count('service_requests')).toBe(4);
    } finally {
      await server.stop();
    }
  });

  it('of a damaged backup leaves the data folder byte for byte as it was, and it starts with its data', async () => {
    const { dataDir, server, backupDir, damaged } = await businessWithBackups();
    await server.stop();
    const before = fingerprint(dataDir);
    expect(before.some((f) => f.startsWith('washdesk.sqlite '))).toBe(true);
    for (const backup of damaged) {
      const refused = await restoreBackup({ backupDir, which: backup.name, dataDir, force: true }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(RestoreError);
      expect((refused as Error).message).toContain(`nothing was restored and ${dataDir} is as it was`);
      expect(fingerprint(dataDir)).toEqual(before);
    }
    expect(fs.readdirSync(dataDir).filter((e) => e.startsWith('replaced-by-restore-'))).toEqual([]);
    const again = await startTestServer({ dataDir, env: { DEMO_DATA: 'on' } });
    try {
      // The business's own three requests, not a demo business.
      expect(again.count('service_requests')).toBe(3);
      const listed = await (await again.get('/api/service-requests')).json();
      expect(JSON.stringify(listed)).toContain('Hollis');
    } finally {
      await again.stop();
    }
  });

  it('of a good backup, once the server is stopped, moves the old contents aside and puts the backup in', async () => {
    const { dataDir, server, backupDir, good } = await businessWithBackups();
    expect((await server.anonymous.send('POST', '/api/service-requests', request)).status).toBe(201);
    await server.stop();
    const { movedAside } = await restoreBackup({ backupDir, which: good.name, dataDir, force: true });
    expect(fs.existsSync(path.join(movedAside!, 'washdesk.sqlite'))).toBe(true);
    // The backup store inside the data folder is not moved aside with the data.
    expect(fs.existsSync(path.join(dataDir, 'backups', 'snapshots', good.name))).toBe(true);
    const restored = await startTestServer({ dataDir });
    try {
      expect(restored.count('service_requests')).toBe(3);
    } finally {
      await restored.stop();
    }
  });

  it("honours another process's lock while it lives, and takes over a dead one's", async () => {
    const { dataDir, server, backupDir, good } = await businessWithBackups();
    await server.stop();
    const lock = path.join(dataDir, SERVER_LOCK_FILE);
    // The process that started this test is alive: as a server in another process would be.
    fs.writeFileSync(lock, `${process.ppid} ${os.hostname()}\n`);
    await expect(restoreBackup({ backupDir, which: good.name, dataDir, force: true })).rejects.toThrow(
      `A Washdesk server (process ${process.ppid}) is using ${dataDir}`,
    );
    // A lock written in another container (`docker compose run` beside the app) cannot be checked:
    // restore refuses and says how to go on; a server starting (a re-created container) takes it over.
    fs.writeFileSync(lock, '1 4f2a9c1e0b7d\n');
    await expect(restoreBackup({ backupDir, which: good.name, dataDir, force: true })).rejects.toThrow(
      `process 1 on 4f2a9c1e0b7d, another container or machine) holds ${dataDir}; it cannot be checked from here. ` +
        `Stop it first. If it is certainly not running (it was killed), delete ${lock} and try again.`,
    );
    const restarted = await startTestServer({ dataDir });
    expect(fs.readFileSync(lock, 'utf8')).toBe(`${process.pid} ${os.hostname()}\n`);
    await restarted.stop();
    expect(fs.existsSync(lock)).toBe(false);
    // A server killed with -9 leaves its lock behind; its pid no longer runs.
    const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid!;
    fs.writeFileSync(lock, `${dead} ${os.hostname()}\n`);
    await restoreBackup({ backupDir, which: good.name, dataDir, force: true });
    expect(fs.existsSync(lock)).toBe(false);
  });
});

describe('a start on a data folder whose database vanished', () => {
  it('refuses, naming restore, and seeds nothing', async () => {
    const dataDir = tempDir('washdesk-vanished-');
    const first = await startTestServer({ dataDir });
    await first.stop();
    for (const f of fs.readdirSync(dataDir).filter((f) => f.startsWith('washdesk.sqlite')))
      fs.rmSync(path.join(dataDir, f));
    const refused = await startTestServer({ dataDir, env: { DEMO_DATA: 'on' } }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DatabaseVanishedError);
    expect((refused as Error).message).toContain('npm run restore -- latest --force');
    expect(fs.existsSync(path.join(dataDir, 'washdesk.sqlite'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'photos'))).toBe(false);
    // And the refusal let go of the folder: a restore may run now.
    expect(fs.existsSync(path.join(dataDir, SERVER_LOCK_FILE))).toBe(false);
  });
});
