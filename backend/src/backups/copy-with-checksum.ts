import { createHash } from 'node:crypto';
import fs from 'node:fs';

/**
 * Copies a file and returns the SHA-256 of the bytes it read, in one pass: a backup learns a new
 * photo's checksum (its name in the store) and a restore checks a photo against the manifest
 * without reading any file twice. `flush` makes the copy durable before it is renamed into place.
 */
export async function copyWithChecksum(from: string, to: string, flush = false): Promise<string> {
  const hash = createHash('sha256');
  const output = await fs.promises.open(to, 'w');
  try {
    for await (const chunk of fs.createReadStream(from, { highWaterMark: 256 * 1024 })) {
      hash.update(chunk as Buffer);
      await output.write(chunk as Buffer);
    }
    if (flush) await output.sync();
  } finally {
    await output.close();
  }
  return hash.digest('hex');
}

/**
 * Runs `work` on every item with at most `atOnce` running (file copies wait on the disk, so a few
 * at a time keep it busy; more only queue in libuv's thread pool). The first failure stops new
 * work and is thrown once the running ones have ended.
 */
export async function eachAtMost<T>(
  items: readonly T[],
  atOnce: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        await work(items[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}
