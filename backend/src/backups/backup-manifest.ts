import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * What a backup holds, written LAST and atomically: a snapshot folder without a readable
 * manifest is not a backup (a crash or kill -9 midway leaves exactly that, never one marked good).
 */
export const manifestSchema = z.object({
  format: z.literal(1),
  takenAt: z.string(),
  reason: z.enum(['scheduled', 'manual', 'before-upgrade']),
  appVersion: z.string(),
  gitCommit: z.string().nullable(),
  database: z.object({ file: z.string(), bytes: z.number().int(), sha256: z.string() }),
  migrations: z.array(z.object({ version: z.number().int(), name: z.string() })),
  rowCounts: z.record(z.string(), z.number().int()),
  /** A before-upgrade backup's migration set and the live database's checksum: one backup per upgrade tried. */
  upgrade: z
    .object({ fromVersion: z.number().int(), toVersion: z.number().int(), sourceSha256: z.string() })
    .optional(),
  photos: z.array(
    z.object({
      name: z.string(),
      bytes: z.number().int(),
      sha256: z.string(),
      mtimeMs: z.number(),
      /** 'incoming': an upload not yet stripped, restored to photos-incoming/ to be processed. */
      folder: z.literal('incoming').optional(),
    }),
  ),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FILE = 'washdesk.sqlite';

/** Writes a file whole or not at all: a temporary name, flushed to disk, then renamed over. */
export function writeFileAtomically(file: string, content: string) {
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(temporary, 'w');
  try {
    fs.writeSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temporary, file);
  syncFolder(path.dirname(file));
}

/** The rename itself is durable only once its folder is flushed. */
export function syncFolder(folder: string) {
  const fd = fs.openSync(folder, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export function writeManifest(snapshotDir: string, manifest: BackupManifest) {
  writeFileAtomically(path.join(snapshotDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 1)}\n`);
}

/** The manifest of a snapshot folder, or null when it has none (an unfinished backup) or it is unreadable. */
export function readManifest(snapshotDir: string): BackupManifest | null {
  try {
    return manifestSchema.parse(JSON.parse(fs.readFileSync(path.join(snapshotDir, MANIFEST_FILE), 'utf8')));
  } catch {
    return null;
  }
}
