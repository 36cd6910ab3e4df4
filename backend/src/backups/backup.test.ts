import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePhoto, photoForm, startTestServer, type TestServer } from '../test/test-server.ts';
import { backupFolder } from './backup-folder.ts';
import { restoreBackup, RestoreError } from './restore-backup.ts';
import { backupsToKeep } from './retention.ts';
import { takeBackup } from './take-backup.ts';
import { verifyBackup } from './verify-backup.ts';

const wizard = {
  firstName: 'Jonah',
  lastName: 'Pike',
  email: 'jonah.pike@example.com',
  phone: '(707) 555-0177',
  address: '9 Salmon Creek Rd',
  city: 'Miranda',
  serviceType: 'house-washing',
  propertyType: 'residential',
  urgency: 'week',
  description: 'Mildew on the north side',
  hasPhotos: false,
};

let server: TestServer;
let scratch: string;
const backupDir = () => path.join(scratch, 'backups');
const source = () => ({ db: server.db, photoDir: server.config.photoDir, backupDir: backupDir() });

beforeAll(async () => {
  server = await startTestServer();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-backup-'));
  // A database of some size (about 6 MB), so the copy and its check take a while.
  const insert = server.db
    .prepare(`INSERT INTO service_requests (first_name, last_name, email, phone, address, city,
    service_type, property_type, urgency, description, has_photos, status, created_at, updated_at)
    VALUES ('Seed', ?, 'seed@example.com', '7075550100', '1 Main St', 'Garberville', 'house-washing',
    'residential', 'week', ?, 0, 'new', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`);
  server.db.transaction(() => {
    for (let i = 0; i < 3000; i++) insert.run(`Row ${i}`, 'x'.repeat(2000));
  })();
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const restoredDb = (dataDir: string) =>
  new Database(path.join(dataDir, 'washdesk.sqlite'), { readonly: true });

describe('a backup taken while the server serves', () => {
  it('restores to a consistent database holding every write acknowledged before it began', async () => {
    const acknowledged: number[] = [];
    const post = async () => {
      const res = await server.anonymous.send('POST', '/api/service-requests', wizard);
      expect(res.status).toBe(201);
      acknowledged.push((await res.json()).id as number);
    };
    for (let i = 0; i < 20; i++) await post();
    const before = [...acknowledged];

    // The burst goes on through the whole backup: each write waits for the one before.
    let copying = true;
    const burst = (async () => {
      while (copying) await post();
    })();
    let duringSnapshot: number | null = null;
    let duringCheck: number | null = null;
    const write = async (lastName: string) => {
      const res = await server.anonymous.send('POST', '/api/service-requests', { ...wizard, lastName });
      expect(res.status).toBe(201);
      return (await res.json()).id as number;
    };
    const backup = await takeBackup(source(), {
      reason: 'manual',
      hooks: {
        // The snapshot's read transaction is open in its own process, and it stays open until this
        // write is answered: a write that waited for the copy would never be (busy, then a 500).
        onDatabaseSnapshot: async () => {
          duringSnapshot = await write('DuringSnapshot');
        },
        onDatabaseCopied: async () => {
          duringCheck = await write('DuringCheck');
        },
      },
    });
    copying = false;
    await burst;
    expect(duringSnapshot).not.toBeNull();
    expect(duringCheck).not.toBeNull();
    // The server kept them: they are in the live database.
    expect(
      server.db
        .prepare('SELECT COUNT(*) FROM service_requests WHERE id IN (?, ?)')
        .pluck()
        .get(duringSnapshot, duringCheck),
    ).toBe(2);

    const dataDir = path.join(scratch, 'restored-burst');
    await restoreBackup({ backupDir: backupDir(), which: backup.name, dataDir });
    const db = restoredDb(dataDir);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = new Set(
        db.prepare("SELECT id FROM service_requests WHERE first_name = 'Jonah'").pluck().all(),
      );
      for (const id of before) expect(ids.has(id), `request ${id}`).toBe(true);
      // A copy of one moment: the one the snapshot fixed, before the writes made while it was held.
      expect(ids.has(duringSnapshot!)).toBe(false);
      expect(ids.has(duringCheck!)).toBe(false);
      // One moment's state: every request kept has its lead (a trigger writes both in one transaction),
      // and the manifest counted exactly what the copy holds.
      const orphaned = db
        .prepare(
          "SELECT COUNT(*) FROM service_requests r WHERE NOT EXISTS (SELECT 1 FROM leads l WHERE l.channel = 'wizard' AND l.source_id = r.id)",
        )
        .pluck()
        .get();
      expect(orphaned).toBe(0);
      expect(db.prepare('SELECT COUNT(*) FROM service_requests').pluck().get()).toBe(
        backup.manifest.rowCounts.service_requests,
      );
    } finally {
      db.close();
    }
    expect((await verifyBackup(backupDir(), backup)).problems).toEqual([]);
  });
});

describe('photos in backups', () => {
  it('are copied once, content-addressed, however many backups list them', async () => {
    const res = await server.anonymous.upload(
      '/api/photo-submissions',
      photoForm(
        { firstName: 'Rosa', lastName: 'Greer', phone: '707-555-0199', serviceType: 'Roof Cleaning' },
        [{ path: fixturePhoto('coffee-photo.png'), type: 'image/png' }],
      ),
    );
    expect(res.status).toBe(201);
    const dir = path.join(scratch, 'photo-backups');
    const first = await takeBackup({ ...source(), backupDir: dir }, { reason: 'manual' });
    const second = await takeBackup({ ...source(), backupDir: dir }, { reason: 'manual' });
    const onDisk = fs.readdirSync(server.config.photoDir).sort();
    expect(first.manifest.photos.map((p) => p.name)).toEqual(onDisk);
    expect(second.manifest.photos).toEqual(first.manifest.photos);
    const blobs = fs
      .readdirSync(backupFolder(dir).photos, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile());
    expect(blobs).toHaveLength(new Set(first.manifest.photos.map((p) => p.sha256)).size);

    const dataDir = path.join(scratch, 'restored-photos');
    await restoreBackup({ backupDir: dir, which: 'latest', dataDir });
    for (const name of onDisk)
      expect(fs.readFileSync(path.join(dataDir, 'photos', name))).toEqual(
        fs.readFileSync(path.join(server.config.photoDir, name)),
      );
  });
});

describe('npm run restore', () => {
  it('refuses a data folder that holds data unless forced, and then moves the old contents aside', async () => {
    const backup = await takeBackup(source(), { reason: 'manual' });
    const dataDir = path.join(scratch, 'restore-target');
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, 'washdesk.sqlite'), 'the business today');
    await expect(restoreBackup({ backupDir: backupDir(), which: backup.name, dataDir })).rejects.toThrow(
      /is not empty.*--force/,
    );
    expect(fs.readFileSync(path.join(dataDir, 'washdesk.sqlite'), 'utf8')).toBe('the business today');

    const { movedAside } = await restoreBackup({
      backupDir: backupDir(),
      which: backup.name,
      dataDir,
      force: true,
    });
    expect(fs.readFileSync(path.join(movedAside!, 'washdesk.sqlite'), 'utf8')).toBe('the business today');
    const db = restoredDb(dataDir);
    expect(db.prepare('SELECT COUNT(*) FROM service_requests').pluck().get()).toBe(
      backup.manifest.rowCounts.service_requests,
    );
    db.close();
  });

  it('names the finished backups when asked for one that is not', async () => {
    const half = path.join(backupDir(), 'snapshots', 'never-finished');
    fs.mkdirSync(half, { recursive: true });
    await expect(
      restoreBackup({
        backupDir: backupDir(),
        which: 'never-finished',
        dataDir: path.join(scratch, 'nowhere'),
      }),
    ).rejects.toThrow(RestoreError);
    expect(fs.existsSync(path.join(scratch, 'nowhere', 'washdesk.sqlite'))).toBe(false);
  });
});

describe('retention', () => {
  const backupAt = (iso: string) => ({
    name: iso,
    dir: iso,
    manifest: { takenAt: iso } as never,
  });
  it('keeps the newest hourly ones and the newest of each recent day', () => {
    const hours = Array.from(
      { length: 24 * 5 },
      (_, i) => new Date(Date.UTC(2026, 5, 10, 12) - i * 3_600_000),
    );
    const backups = hours.map((h) => backupAt(h.toISOString()));
    const keep = backupsToKeep(backups, { keepHourly: 48, keepDaily: 3, timeZone: 'UTC' });
    const kept = backups.filter((b) => keep.has(b.name)).map((b) => b.name);
    expect(kept.slice(0, 48)).toEqual(backups.slice(0, 48).map((b) => b.name));
    // Past the 48 hours: nothing new, as day 3's newest (23:00 on June 8) is already inside them.
    expect(kept).toHaveLength(48);
    const fewer = backupsToKeep(backups, { keepHourly: 2, keepDaily: 4, timeZone: 'UTC' });
    expect([...fewer].sort()).toEqual(
      [
        '2026-06-10T12:00:00.000Z',
        '2026-06-10T11:00:00.000Z',
        '2026-06-09T23:00:00.000Z',
        '2026-06-08T23:00:00.000Z',
        '2026-06-07T23:00:00.000Z',
      ].sort(),
    );
  });

  it('always keeps the last backup of normal size, however many much smaller ones follow', () => {
    const at = (hour: number, rows: number) => ({
      name: `2026-06-10T${String(hour).padStart(2, '0')}`,
      dir: '',
      manifest: {
        takenAt: `2026-06-10T${String(hour).padStart(2, '0')}:00:00.000Z`,
        rowCounts: { a: rows },
      } as never,
    });
    // Newest first: a business of 4,000 rows, then an emptied database backed up hourly.
    const backups = [at(9, 30), at(8, 31), at(7, 30), at(6, 4000), at(5, 3990)];
    const keep = backupsToKeep(backups, { keepHourly: 2, keepDaily: 0, timeZone: 'UTC' });
    expect([...keep].sort()).toEqual(['2026-06-10T06', '2026-06-10T08', '2026-06-10T09']);
    // Growing back to half its size is normal again: the old one may go.
    const regrown = [at(10, 2100), ...backups];
    expect([...backupsToKeep(regrown, { keepHourly: 2, keepDaily: 0, timeZone: 'UTC' })].sort()).toEqual([
      '2026-06-10T09',
      '2026-06-10T10',
    ]);
  });
});
