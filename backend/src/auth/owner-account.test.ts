import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer } from '../test/test-server.ts';
import { DEMO_OWNER_EMAIL } from './owner-account.ts';
import { userRepository } from './user.repository.ts';

const root = path.resolve(import.meta.dirname, '../../..');
/** `npm run users` as the operator runs it on the server (the server stopped). */
const usersCommand = (dataDir: string, args: string[], input = '') =>
  spawnSync(process.execPath, ['--import', 'tsx', 'backend/scripts/users.ts', ...args], {
    cwd: root,
    input,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, DEMO_DATA: 'off', OWNER_EMAIL: '', OWNER_PASSWORD: '' },
  });

const dirs: string[] = [];
const newDataDir = () => {
  dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-owner-')));
  return dirs.at(-1)!;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('the first owner', () => {
  it('is created from OWNER_EMAIL/OWNER_PASSWORD, which never undo a reset or re-enable it', async () => {
    const dataDir = newDataDir();
    const env = { OWNER_EMAIL: 'Boss@Example.com', OWNER_PASSWORD: 'first owner password' };
    const first = await startTestServer({ dataDir, env });
    expect(first.notices).toEqual(['Created the owner account boss@example.com from OWNER_EMAIL.']);
    await signIn(first.url, 'boss@example.com', 'first owner password');
    await first.stop();

    // The operator resets the password with the users command; .env still says the old one.
    const reset = usersCommand(dataDir, ['reset', '--email', 'boss@example.com'], 'the reset password\n');
    expect(reset.status, reset.stderr).toBe(0);
    const second = await startTestServer({ dataDir, env });
    try {
      expect(second.notices).toEqual([]);
      await signIn(second.url, 'boss@example.com', 'the reset password');
      await expect(signIn(second.url, 'boss@example.com', 'first owner password')).rejects.toThrow(/401/);
    } finally {
      await second.stop();
    }

    // A disabled owner stays disabled at the next start.
    const disabled = usersCommand(dataDir, ['disable', '--email', 'boss@example.com']);
    expect(disabled.status, disabled.stderr).toBe(0);
    const third = await startTestServer({ dataDir, env });
    try {
      expect(userRepository(third.db).byEmail('boss@example.com')?.disabled_at).not.toBeNull();
      await expect(signIn(third.url, 'boss@example.com', 'the reset password')).rejects.toThrow(
        /sign-in failed/,
      );
    } finally {
      await third.stop();
    }
  });

  it('is a demo owner with a one-time password on a demo database without accounts', async () => {
    const dataDir = newDataDir();
    const first = await startTestServer({ dataDir, env: { DEMO_DATA: 'on' } });
    const passwordLine = first.notices.find((l) => l.includes('password:'))!;
    expect(first.notices[0]).toBe('Demo owner account created (shown only this once):');
    const password = passwordLine.split('password:')[1]!.trim();
    expect(password.length).toBeGreaterThanOrEqual(16);
    await signIn(first.url, DEMO_OWNER_EMAIL, password);
    await first.stop();
    const again = await startTestServer({ dataDir, env: { DEMO_DATA: 'on' } });
    expect(again.notices).toEqual([]);
    await again.stop();
  });

  it('is explained when there is neither demo data nor OWNER_EMAIL', async () => {
    const server = await startTestServer({ dataDir: newDataDir() });
    expect(server.notices[0]).toContain('No staff account exists yet');
    await server.stop();
  });

  it('refuses OWNER_EMAIL without OWNER_PASSWORD, never echoing a password', async () => {
    await expect(
      startTestServer({ dataDir: newDataDir(), env: { OWNER_EMAIL: 'boss@example.com' } }),
    ).rejects.toThrow('OWNER_EMAIL and OWNER_PASSWORD must be set together');
    await expect(
      startTestServer({
        dataDir: newDataDir(),
        env: { OWNER_EMAIL: 'a@example.com', OWNER_PASSWORD: 'short' },
      }),
    ).rejects.toThrow('OWNER_PASSWORD=[hidden]: must be at least 10 characters');
  });
});
