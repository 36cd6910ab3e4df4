import fs from 'node:fs';
import path from 'node:path';
import { localDate } from '../time.ts';
import { backupFolder, type GoodBackup } from './backup-folder.ts';

export interface RetentionRule {
  /** The newest this many backups are kept... */
  keepHourly: number;
  /** ...and the newest backup of each of this many most recent days (in the business's time zone). */
  keepDaily: number;
  timeZone: string;
}

/** Rows a backup holds, every table together. */
export const rowsIn = (b: GoodBackup) =>
  Object.values(b.manifest.rowCounts ?? {}).reduce((sum, rows) => sum + rows, 0);

/** Fewer rows than this lost is never "much smaller": a new business's database moves that much. */
export const SHRINK_MIN_ROWS = 20;

/** Much smaller: under half the rows of the last normal backup, and at least SHRINK_MIN_ROWS fewer. */
export const isShrunk = (rows: number, normalRows: number) =>
  rows * 2 < normalRows && normalRows - rows >= SHRINK_MIN_ROWS;

/**
 * The newest backup of a normal size (newest first in): from the oldest on, a backup much smaller
 * than the last normal one does not count. An emptied or replaced database (issue 31: a demo
 * database started where the business's had been) then never pushes the business's last backup
 * out of retention, however many hourly backups of it follow.
 */
export function lastNormalBackup(backups: GoodBackup[]): GoodBackup | undefined {
  let normal: GoodBackup | undefined;
  for (const b of [...backups].reverse()) if (!normal || !isShrunk(rowsIn(b), rowsIn(normal))) normal = b;
  return normal;
}

/** Which finished backups the rule keeps (newest first in, same order out). */
export function backupsToKeep(backups: GoodBackup[], rule: RetentionRule): Set<string> {
  const keep = new Set(backups.slice(0, rule.keepHourly).map((b) => b.name));
  // Always kept, whatever its age: the last backup of the business at its normal size.
  const normal = lastNormalBackup(backups);
  if (normal) keep.add(normal.name);
  const days = new Set<string>();
  for (const b of backups) {
    const day = localDate(new Date(b.manifest.takenAt), rule.timeZone);
    if (days.has(day)) continue;
    if (days.size >= rule.keepDaily) break;
    days.add(day);
    keep.add(b.name);
  }
  return keep;
}

/**
 * Removes backups the rule no longer keeps and unfinished ones, then photos no kept backup lists.
 * Runs under the backup lock (see takeBackup's caller), so no backup is being written meanwhile.
 */
export function pruneBackups(
  backupDir: string,
  rule: RetentionRule,
): { removed: string[]; photosRemoved: number } {
  const folder = backupFolder(backupDir);
  const good = folder.good();
  const keep = backupsToKeep(good, rule);
  const removed: string[] = [];
  for (const b of good) {
    if (keep.has(b.name)) continue;
    // The manifest goes first: a removal cut short leaves an unfinished folder, never a false backup.
    fs.rmSync(path.join(b.dir, 'manifest.json'), { force: true });
    fs.rmSync(b.dir, { recursive: true, force: true });
    removed.push(b.name);
  }
  for (const dir of folder.unfinished()) fs.rmSync(dir, { recursive: true, force: true });
  const listed = new Set(
    good.filter((b) => keep.has(b.name)).flatMap((b) => b.manifest.photos.map((p) => p.sha256)),
  );
  let photosRemoved = 0;
  if (fs.existsSync(folder.photos)) {
    for (const entry of fs.readdirSync(folder.photos, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || listed.has(entry.name)) continue;
      fs.rmSync(path.join(entry.parentPath, entry.name), { force: true });
      photosRemoved++;
    }
  }
  return { removed, photosRemoved };
}
