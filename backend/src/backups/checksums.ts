import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';

/** SHA-256 of a file, read in chunks (databases and photos can be large). */
export async function sha256OfFile(file: string, fromByte = 0): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { start: fromByte })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * SHA-256 of a SQLite database's content: its 100-byte header is left out, as SQLite rewrites it
 * without any row changing (the change counter, the journal mode once WAL is switched on).
 */
export const sha256OfDatabaseContent = (file: string) => sha256OfFile(file, 100);

/**
 * sha256OfFile on a thread of its own: its caller goes on with synchronous work meanwhile (the
 * backup's snapshot process counts the copy's rows while its checksum is read).
 */
export function sha256OfFileApart(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(HASH_IN_WORKER, { eval: true, workerData: file });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`Could not read the checksum of ${file} (exit ${code}).`)));
  });
}

const HASH_IN_WORKER = `
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const hash = createHash('sha256');
const chunk = Buffer.allocUnsafe(1 << 20);
const fd = fs.openSync(workerData, 'r');
try {
  for (let read; (read = fs.readSync(fd, chunk)) > 0; ) hash.update(chunk.subarray(0, read));
} finally {
  fs.closeSync(fd);
}
parentPort.postMessage(hash.digest('hex'));
`;
