// Backups at volume: a database with 100,000 rows in each list (requests, photo submissions,
// calls, appointments; the triggers make their leads and customers as in production) and 5,000
// photo files. Prints the load average, the first backup's time and size, the second's added
// bytes beside the first's (content-addressed photos: only the new ones are copied), when each
// one's integrity_check was recorded (it runs after the manifest), the restore's time, each
// against issue 38's budget (MISSED when over), the restore test's time, and the longest a write
// waited while the first backup ran (the server keeps saving during a backup). The seeded data folder is kept in
// the temporary folder and copied for each run (seeding takes minutes), so it runs on its own.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase } from '../src/db/database.ts';
import { backupFolder } from '../src/backups/backup-folder.ts';
import { restoreBackup } from '../src/backups/restore-backup.ts';
import { takeBackup } from '../src/backups/take-backup.ts';
import { verifyBackup } from '../src/backups/verify-backup.ts';
import { reportBudgets, type BenchFigure } from './bench-report.ts';

const ROWS_PER_LIST = Number(process.env.BENCH_BACKUP_ROWS ?? 100_000);
const PHOTOS = Number(process.env.BENCH_BACKUP_PHOTOS ?? 5_000);
/** A re-encoded photo (long edge ~2000 px) is a few hundred KB; its thumbnail a few dozen. */
const PHOTO_BYTES = 120_000;
/** Issue 38: a backup at this volume, and its restore, each within half a minute. */
const BUDGET_MS = 30_000;
const MIGRATIONS = path.resolve(import.meta.dirname, '../migrations');

const latestMigration = fs
  .readdirSync(MIGRATIONS)
  .sort()
  .at(-1)!
  .replace(/\.sql$/, '');
const seedDir = path.join(
  os.tmpdir(),
  `washdesk-bench-backup-seed-${ROWS_PER_LIST}-${PHOTOS}-${latestMigration}`,
);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-bench-backup-'));
const dataDir = path.join(dir, 'data');
const photoDir = path.join(dataDir, 'photos');
const backupDir = path.join(dir, 'backups');
const say = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const sizeOf = (target: string): number =>
  fs
    .readdirSync(target, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((n, e) => n + fs.statSync(path.join(e.parentPath, e.name)).size, 0);

function seed(db: Database.Database, from: number, count: number) {
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  const request =
    db.prepare(`INSERT INTO service_requests (first_name, last_name, email, phone, address, city,
    service_type, urgency, description, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, 'Garberville', 'house-washing', 'week', 'Green streaks on the north side', ?, ?)`);
  const submission = db.prepare(`INSERT INTO photo_submissions (first_name, last_name, phone, email, address,
    service_type, source, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'Roof Cleaning', 'photo-form', ?, ?)`);
  const call =
    db.prepare(`INSERT INTO calls (customer_name, phone_number, status, summary, created_at, updated_at)
    VALUES (?, ?, 'completed', 'Asked about a roof wash', ?, ?)`);
  const appointment =
    db.prepare(`INSERT INTO appointments (customer_name, customer_phone, address, service_type,
    scheduled_date, created_at, updated_at) VALUES (?, ?, ?, 'House Soft Washing', '2026-06-01', ?, ?)`);
  db.transaction(() => {
    for (let i = from; i < from + count; i++) {
      // One person per row number across the lists (their own phone), as customers are in a real office.
      const phone = `(707) ${String(200 + Math.floor(i / 10_000))}-${String(i % 10_000).padStart(4, '0')}`;
      const address = `${1 + (i % 999)} Redwood Dr`;
      request.run('Ana', `Smith No${i}`, `customer${i}@example.com`, phone, address, at(i), at(i));
      submission.run('Ben', `Garcia No${i}`, phone, `customer${i}@example.com`, address, at(i), at(i));
      call.run(`Cara Nguyen No${i}`, phone, at(i), at(i));
      appointment.run(`Dev Patel No${i}`, phone, address, at(i), at(i));
    }
  })();
}

function writePhotos(into: string, from: number, count: number) {
  for (let i = from; i < from + count; i++)
    fs.writeFileSync(
      path.join(into, `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000.jpg`),
      randomBytes(PHOTO_BYTES),
    );
}

/**
 * When each stage of a backup ended, from its start (take-backup.ts's hooks): where the time goes.
 * The photos are copied while the database is, then both flushed at once, then the photos renamed
 * into the store and flushed, then the manifest.
 */
function stagesOf() {
  const begun = performance.now();
  const at: Record<string, number> = {};
  const mark = (stage: string) => (at[stage] = performance.now() - begun);
  return {
    hooks: {
      onDatabaseCopied: () => void mark('database copied'),
      onPhotoStored: () => void mark('photos copied'),
      onPhotosFlushed: () => void mark('both flushed'),
      onPhotosInStore: () => void mark('photos in the store and flushed'),
    },
    toString: () =>
      Object.entries(at)
        .sort((a, b) => a[1] - b[1])
        .map(([stage, ms]) => `${stage} ${seconds(ms)}`)
        .join(', '),
  };
}

let started = performance.now();
if (!fs.existsSync(path.join(seedDir, 'seeded'))) {
  fs.rmSync(seedDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(seedDir, 'photos'), { recursive: true });
  const seeding = openDatabase(path.join(seedDir, 'washdesk.sqlite'), MIGRATIONS);
  seed(seeding, 0, ROWS_PER_LIST);
  seeding.pragma('wal_checkpoint(TRUNCATE)');
  seeding.close();
  writePhotos(path.join(seedDir, 'photos'), 0, PHOTOS);
  fs.writeFileSync(path.join(seedDir, 'seeded'), '');
  say(`Seeded in ${seconds(performance.now() - started)} (kept in ${seedDir} for the next run)`);
}
fs.cpSync(seedDir, dataDir, { recursive: true });
const db = openDatabase(path.join(dataDir, 'washdesk.sqlite'), MIGRATIONS);
say(
  `${ROWS_PER_LIST.toLocaleString('en-US')} rows per list (4 lists) and ${PHOTOS.toLocaleString('en-US')} photos ` +
    `of ${PHOTO_BYTES / 1000} KB: database ${mb(fs.statSync(db.name).size)}, photos ${mb(sizeOf(photoDir))}`,
);

// A write every 5 ms on the server's connection while the backup runs: the longest one waited is
// how long the backup held the server's saves back.
const write = db.prepare(`INSERT INTO faq_entries (question, answer, category, created_at, updated_at)
  VALUES ('Asked during the backup?', 'Yes.', 'general', 'x', 'x')`);
let writes = 0;
let longestWait = 0;
let due = performance.now() + 5;
const writer = setInterval(() => {
  longestWait = Math.max(longestWait, performance.now() - due);
  write.run();
  writes++;
  due = performance.now() + 5;
}, 5);
const loadAtStart = os.loadavg();
started = performance.now();
const firstStages = stagesOf();
const first = await takeBackup({ db, photoDir, backupDir }, { reason: 'manual', hooks: firstStages.hooks });
const firstMs = performance.now() - started;
// The copy's integrity_check goes on after the manifest (take-backup.ts); the server keeps saving.
const firstCheck = await first.checked;
const firstCheckedMs = performance.now() - started;
clearInterval(writer);
const afterFirst = sizeOf(backupDir);

// An hour of a busy office: a hundred new rows per list and fifty new photos.
seed(db, ROWS_PER_LIST, 100);
writePhotos(photoDir, PHOTOS, 50);
started = performance.now();
const secondStages = stagesOf();
const second = await takeBackup({ db, photoDir, backupDir }, { reason: 'manual', hooks: secondStages.hooks });
const secondMs = performance.now() - started;
const secondCheck = await second.checked;
const secondCheckedMs = performance.now() - started;
const added = sizeOf(backupDir) - afterFirst;
db.close();

const latest = backupFolder(backupDir).newest()!;
const loadAtRestore = os.loadavg();
started = performance.now();
await restoreBackup({ backupDir, which: latest.name, dataDir: path.join(dir, 'restored') });
const restoreMs = performance.now() - started;
started = performance.now();
const verified = await verifyBackup(backupDir, latest);
const verifyMs = performance.now() - started;
fs.rmSync(dir, { recursive: true, force: true });

const missed: string[] = [];
const budget = (name: string, ms: number) => {
  if (ms > BUDGET_MS) missed.push(name);
  return `budget ${seconds(BUDGET_MS)} ${ms > BUDGET_MS ? 'MISSED' : 'ok'}`;
};
const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(', ');
const checked = (check: { problems: string[] } | null, ms: number) =>
  `  its integrity_check recorded ${seconds(ms)} after the backup began, ${!check ? 'DID NOT FINISH' : check.problems.length ? `FAILED: ${check.problems.join(' ')}` : 'passed'} (in the background; a restore before it checks in full)`;
say(
  `Load average (1, 5, 15 min) at the first backup: ${load(loadAtStart)}; at the restore: ${load(loadAtRestore)}; ${os.cpus().length} cores`,
);
say(
  `First backup:  ${seconds(firstMs)}, ${mb(afterFirst)} written (database ${mb(first.manifest.database.bytes)} + every photo)  ${budget('first backup', firstMs)}`,
);
say(`  stages: ${firstStages}`);
say(
  `  meanwhile ${writes} writes on the server's connection, the longest waited ${longestWait.toFixed(0)} ms`,
);
say(checked(firstCheck, firstCheckedMs));
say(
  `Second backup: ${seconds(secondMs)}, ${mb(added)} added (the database again + only the 50 new photos), beside the first's ${mb(afterFirst)}  ${budget('second backup', secondMs)}`,
);
say(`  stages: ${secondStages}`);
say(checked(secondCheck, secondCheckedMs));
say(
  `Restore (database + ${latest.manifest.photos.length.toLocaleString('en-US')} photos, every checksum checked, integrity_check as recorded for those bytes): ${seconds(restoreMs)}  ${budget('restore', restoreMs)}`,
);
// The daily restore test runs in the server's background, nobody waiting: no budget of its own.
say(
  `Restore test (backup:verify, integrity_check again in full): ${seconds(verifyMs)}, ${verified.ok ? 'passed' : `FAILED: ${verified.problems.join(' ')}`}  (background, no budget)`,
);
if (!verified.ok) missed.push('restore test failed');
if (!firstCheck || !secondCheck || firstCheck.problems.length || secondCheck.problems.length)
  missed.push('integrity_check failed');
say(missed.length ? `Budgets missed: ${missed.join('; ')}` : 'Every backup budget met.');
process.exitCode = missed.length ? 1 : 0;
const inBudget = (name: string, ms: number): BenchFigure => ({
  name,
  value: ms / 1000,
  unit: 's',
  max: BUDGET_MS / 1000,
});
reportBudgets('Backups', [
  inBudget('first backup', firstMs),
  inBudget('second backup', secondMs),
  inBudget('restore', restoreMs),
  // The daily restore test runs in the background, nobody waiting: shown, with no budget.
  { name: 'restore test (background)', value: verifyMs / 1000, unit: 's' },
]);
