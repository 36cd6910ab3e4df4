import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer } from '../test/test-server.ts';
import { DEMO_OWNER_EMAIL } from './owner-account.ts';

const dirs: string[] = [];
const newDataDir = () => {
  dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-owner-')));
  return dirs.at(-1)!;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('the first owner', () => {
  it('is created from OWNER_EMAIL/OWNER_PASSWORD, and a new OWNER_PASSWORD resets it', async () => {
    const dataDir = newDataDir();
    const first = await startTestServer({
      dataDir,
      env: { OWNER_EMAIL: 'Boss@Example.com', OWNER_PASSWORD: 'first owner password' },
    });
    expect(first.notices).toEqual(['Created the owner account boss@example.com from OWNER_EMAIL.']);
    await signIn(first.url, 'boss@example.com', 'first owner password');
    await first.stop();
    const second = await startTestServer({
      dataDir,
      env: { OWNER_EMAIL: 'boss@example.com', OWNER_PASSWORD: 'second owner password' },
    });
    try {
      await expect(signIn(second.url, 'boss@example.com', 'first owner password')).rejects.toThrow(/401/);
      await signIn(second.url, 'boss@example.com', 'second owner password');
    } finally {
      await second.stop();
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
