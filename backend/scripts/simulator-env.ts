import fs from 'node:fs';
import path from 'node:path';

// What `npm run call` and `npm run text` share: the same .env the server reads (real environment
// variables win), so the secrets they sign with agree with the server's.
const root = path.resolve(import.meta.dirname, '../..');
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

/** A variable's value, or undefined when it is unset or blank. */
export const env = (name: string) => process.env[name]?.trim() || undefined;

/** Says why on standard error and ends the simulator. */
export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
