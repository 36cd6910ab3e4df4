import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { flushToDisk } from './flush-to-disk.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-flush-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = path.join(dir, 'photo.jpg');
fs.writeFileSync(file, 'photo bytes');

describe('flushing a backup to disk', () => {
  it.runIf(process.platform === 'linux')('syncs the whole file system at once where sync -f is', async () => {
    await expect(flushToDisk(dir, { files: [file], folders: [dir] })).resolves.toBeUndefined();
    // A failed flush is told, never taken for done (the backup then records nothing).
    await expect(flushToDisk(path.join(dir, 'gone'), { files: [] })).rejects.toThrow(
      `Could not flush ${path.join(dir, 'gone')} to disk`,
    );
  });

  it('fsyncs each file and folder where it cannot, and fails on one it cannot flush', async () => {
    await expect(
      flushToDisk(dir, { files: [file], folders: [dir] }, { syncfs: false }),
    ).resolves.toBeUndefined();
    await expect(
      flushToDisk(dir, { files: [file, path.join(dir, 'gone.jpg')] }, { syncfs: false }),
    ).rejects.toThrow(/ENOENT/);
  });
});
