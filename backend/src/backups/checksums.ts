import { createHash } from 'node:crypto';
import fs from 'node:fs';

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
