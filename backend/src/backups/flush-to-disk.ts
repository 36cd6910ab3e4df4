import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { eachAtMost } from './copy-with-checksum.ts';

/**
 * Makes files and folders just written durable, all in one go: a backup writes thousands of
 * photos and only then asks for them to be on disk, instead of waiting on the disk once per photo
 * (one flush per photo made a first backup take 50 s on a busy machine; issue 38).
 *
 * On Linux: one syncfs(2) of the file system holding `onDiskOf` (`sync -f`, from coreutils, which
 * every Debian image has, the server's too), which writes every dirty file and every rename on it
 * and reports a write that failed. Elsewhere (`npm run backup` on a developer's Mac), or where
 * `sync` is missing: each file and folder fsynced, a few at a time.
 * Throws when the disk did not take the data: the caller then records nothing as complete.
 */
export async function flushToDisk(
  onDiskOf: string,
  written: { files?: readonly string[]; folders?: readonly string[] },
  options: { syncfs?: boolean } = {},
): Promise<void> {
  if ((options.syncfs ?? process.platform === 'linux') && (await syncFileSystem(onDiskOf))) return;
  await eachAtMost(written.files ?? [], FLUSHES_AT_ONCE, (file) => fsyncPath(file, 'r+'));
  await eachAtMost(written.folders ?? [], FLUSHES_AT_ONCE, (folder) => fsyncPath(folder, 'r'));
}

/** true once the file system is synced; false when `sync -f` is not there to do it. */
function syncFileSystem(onDiskOf: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    execFile('sync', ['-f', onDiskOf], (error, _stdout, stderr) => {
      if (!error) return resolve(true);
      // Not installed (spawn failed): flush file by file instead.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !stderr) return resolve(false);
      reject(new Error(`Could not flush ${onDiskOf} to disk: ${stderr.trim() || error.message}`));
    });
  });
}

async function fsyncPath(target: string, flags: 'r' | 'r+') {
  const handle = await fs.promises.open(target, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** fsyncs in flight at once: enough for the disk to merge them, few enough for libuv's 4 threads to serve others too. */
const FLUSHES_AT_ONCE = 4;
