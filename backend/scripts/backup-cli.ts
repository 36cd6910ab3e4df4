import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../src/config.ts';

/** The backup commands' configuration: the same .env and environment as `npm start`. */
export function backupCliConfig(): Config {
  const root = path.resolve(import.meta.dirname, '../..');
  if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
  try {
    return loadConfig(process.env, root);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
