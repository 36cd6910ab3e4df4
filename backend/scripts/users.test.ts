import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clientOf, signIn, startTestServer } from '../src/test/test-server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const users = (args: string[], input = '') =>
  spawnSync(process.execPath, ['--import', 'tsx', 'backend/scripts/users.ts', ...args], {
    cwd: root,
    input,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, DEMO_DATA: 'off', OWNER_EMAIL: '', OWNER_PASSWORD: '' },
  });

// One account's life, step by step (the steps run in order and build on each other). Each step
// is its own test because each CLI run starts a process and hashes a password: together they
// would depend on how fast the machine is, not on what they check.
describe('npm run users', () => {
  it('adds an owner and lists it', () => {
    const added = users(
      ['add', '--email', 'Ada@Example.com', '--name', 'Ada Owner', '--role', 'owner'],
      'a long first password\n',
    );
    expect(added.stderr).toBe('');
    expect(added.stdout).toContain('Added owner ada@example.com.');
    expect(users(['list']).stdout).toMatch(/ada@example\.com\s+owner\s+active\s+Ada Owner/);
  });

  it('refuses a short password, an e-mail in use and an unknown command', () => {
    const short = users(['add', '--email', 'b@example.com', '--name', 'B'], 'short\n');
    expect(short.status).toBe(1);
    expect(short.stderr).toContain('Use at least 10 characters');
    expect(
      users(['add', '--email', 'ada@example.com', '--name', 'Again'], 'another long one\n').stderr,
    ).toContain('already exists');
    expect(users(['frobnicate']).stderr).toContain('Usage:');
  });

  it('prints its usage for --help and -h, and exits 0', () => {
    for (const flag of ['--help', '-h']) {
      const help = users([flag]);
      expect(help.status).toBe(0);
      expect(help.stdout).toMatch(/^Usage:\n {2}npm run users -- list\n/);
      expect(help.stderr).toBe('');
    }
  });

  // Each bad command line: what was wrong and the usage on stderr, exit 2, never a stack trace.
  it.each([
    [['frobnicate'], 'Unknown command "frobnicate".'],
    [[], 'No command given.'],
    [['list', '--bogus'], "Unknown option '--bogus'"],
    [['reset', '--email'], "Option '--email <value>' argument missing"],
    [['disable'], '--email is required.'],
    [['add', '--email', 'c@example.com'], '--email and --name are required.'],
    [['add', '--email', 'c@example.com', '--name', 'C', '--role', 'boss'], '--role must be owner or staff.'],
    [['list', 'extra'], 'Unexpected argument "extra".'],
  ])('answers %j with the usage and exit 2', (args, message) => {
    const bad = users(args);
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain(message);
    expect(bad.stderr).toContain('Usage:\n');
    expect(bad.stderr).not.toMatch(/^\s+at /m);
  });

  it('resets the password, disables and enables the account', () => {
    expect(users(['reset', '--email', 'ada@example.com'], 'the second password\n').stdout).toContain(
      'Password reset',
    );
    expect(users(['disable', '--email', 'ada@example.com']).stdout).toContain('Disabled');
    expect(users(['list']).stdout).toMatch(/ada@example\.com\s+owner\s+disabled/);
    expect(users(['enable', '--email', 'ada@example.com']).status).toBe(0);
  });

  it('leaves an owner who signs in to the admin with the new password only', async () => {
    const server = await startTestServer({ dataDir });
    try {
      await expect(signIn(server.url, 'ada@example.com', 'a long first password')).rejects.toThrow(/401/);
      await signIn(server.url, 'ada@example.com', 'the second password');
    } finally {
      await server.stop();
    }
  });

  // A calendar link is a credential too: resetting or disabling here ends it, as in the admin.
  it("ends the person's calendar links when it disables the account", async () => {
    let server = await startTestServer({ dataDir });
    let feedPath: string;
    try {
      const ada = clientOf(server.url, await signIn(server.url, 'ada@example.com', 'the second password'));
      const created = await ada.send('POST', '/api/calendar-feeds');
      expect(created.status).toBe(201);
      feedPath = ((await created.json()) as { path: string }).path;
      expect((await server.anonymous.get(feedPath)).status).toBe(200);
    } finally {
      await server.stop();
    }
    const disabled = users(['disable', '--email', 'ada@example.com']);
    expect(disabled.status).toBe(0);
    expect(users(['enable', '--email', 'ada@example.com']).status).toBe(0);
    server = await startTestServer({ dataDir });
    try {
      expect((await server.anonymous.get(feedPath)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
