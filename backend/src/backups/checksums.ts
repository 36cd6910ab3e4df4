import { createHash } from 'node:crypto';
import fs from 'node:fs';

/** SHA-256 of a file, read in chunks (databases and photos can be large). */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
