// `npm start` reads .env and warns when others may read it (issue 31: `cp .env.example .env`
// leaves it world-readable). Real files with real permission bits.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnvFile } from './env-file.mjs';

const dirs: string[] = [];
/** A variable only this test sets (named through a constant: it is no setting of Washdesk's). */
const PROBE = 'WASHDESK_ENV_FILE_PROBE';
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  delete process.env[PROBE];
});
function envFile(mode: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-env-'));
  dirs.push(dir);
  const file = path.join(dir, '.env');
  fs.writeFileSync(file, `${PROBE}=read\n`);
  fs.chmodSync(file, mode);
  return file;
}

describe.skipIf(process.platform === 'win32')('loading .env', () => {
  it.each([0o644, 0o640, 0o604, 0o660])('warns when its mode is %o, and still reads it', (mode) => {
    const warnings: string[] = [];
    const file = envFile(mode);
    expect(loadEnvFile(file, (line: string) => warnings.push(line))).toBe(true);
    expect(warnings).toEqual([
      `Warning: ${file} can be read by other users of this machine. Run: chmod 600 ${file}`,
    ]);
    expect(process.env[PROBE]).toBe('read');
  });

  it('says nothing when only its owner can read it (chmod 600)', () => {
    const warnings: string[] = [];
    expect(loadEnvFile(envFile(0o600), (line: string) => warnings.push(line))).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('is skipped when there is none', () => {
    expect(loadEnvFile(path.join(os.tmpdir(), 'no-such-washdesk-env'), () => undefined)).toBe(false);
  });
});
