import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@washdesk/contract';
import { createLogger } from '../http/request-log.ts';
import { startTestServer, TEST_PASSWORD, type JsonResponse, type TestServer } from '../test/test-server.ts';
import { SIGN_IN_LIMITS } from './sign-in-throttle.ts';

// Sign-in waits are per account AND address (issue 21, item 5): one person's typos, or an attacker
// sharing the office's address, never keep everyone out, while guessing stays slow. The server
// trusts the loopback proxy so each test can speak from its own address (X-Forwarded-For), and
// its clock is this test's, so a 15-minute wait passes in a line.

const MINUTE = 60_000;
let now = Date.parse('2026-06-01T16:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock: () => now, env: { TRUST_PROXY: 'loopback' } });
});
afterAll(() => server.stop());

let nextAddress = 1;
/** A network of its own for each test: 203.0.113.x (documentation addresses). */
const newAddress = () => `203.0.113.${nextAddress++}`;

const login = (from: string, email: string, password: string): Promise<JsonResponse> =>
  fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from },
    body: JSON.stringify({ email, password }),
  });
const statuses = async (from: string, email: string, passwords: string[]) => {
  const out: number[] = [];
  for (const password of passwords) out.push((await login(from, email, password)).status);
  return out;
};
const wrong = (n: number) => Array.from({ length: n }, (_, i) => `wrong guess ${i}`);

describe('one account at one address', () => {
  it('waits after 5 failures in a row, even with the right password, and says so', async () => {
    const office = newAddress();
    const email = await server.addUser({ email: 'walt@example.com' });
    expect(await statuses(office, email, wrong(5))).toEqual([401, 401, 401, 401, 429]);
    const res = await login(office, email, TEST_PASSWORD);
    expect(res.status).toBe(429);
    expect((await res.json()).error.message).toBe(AUTH_MESSAGES.locked(15));
    expect(Number(res.headers.get('retry-after'))).toBe(15 * 60);
  });

  it('does not keep the same person out from elsewhere, nor anyone else at that address', async () => {
    const office = newAddress();
    const typist = await server.addUser({ email: 'typo@example.com' });
    const colleague = await server.addUser({ email: 'colleague@example.com' });
    expect(await statuses(office, typist, wrong(5))).toEqual([401, 401, 401, 401, 429]);
    expect((await login(office, colleague, TEST_PASSWORD)).status).toBe(200);
    expect((await login(newAddress(), typist, TEST_PASSWORD)).status).toBe(200);
    // An attacker elsewhere cannot lock the office out of an account either.
    const attacker = newAddress();
    expect(await statuses(attacker, colleague, wrong(8)).then((s) => s.at(-1))).toBe(429);
    expect((await login(office, colleague, TEST_PASSWORD)).status).toBe(200);
  });

  it('counts from zero again once the 15 minutes are over; the right password resets the count', async () => {
    const from = newAddress();
    const email = await server.addUser({ email: 'after-wait@example.com' });
    expect(await statuses(from, email, wrong(5))).toEqual([401, 401, 401, 401, 429]);
    now += 15 * MINUTE;
    // One wrong password after the wait is one failure, not another 15 minutes.
    expect(await statuses(from, email, wrong(4))).toEqual([401, 401, 401, 401]);
    expect((await login(from, email, TEST_PASSWORD)).status).toBe(200);
    expect(await statuses(from, email, wrong(4))).toEqual([401, 401, 401, 401]);
  });

  it('treats an unknown e-mail exactly like a real one (the answers name no account)', async () => {
    const from = newAddress();
    const real = await server.addUser({ email: 'real@example.com' });
    const answers = async (email: string) => {
      const out: { status: number; body: unknown; retryAfter: string | null }[] = [];
      for (const password of wrong(6)) {
        const res = await login(from, email, password);
        out.push({ status: res.status, body: await res.json(), retryAfter: res.headers.get('retry-after') });
      }
      return out;
    };
    expect(await answers('nobody-here@example.com')).toEqual(await answers(real));
  });

  it('answers at most 4 wrong passwords before the wait, even when they are sent all at once', async () => {
    const from = newAddress();
    const email = await server.addUser({ email: 'parallel@example.com' });
    const answers = await Promise.all(wrong(12).map((p) => login(from, email, p).then((r) => r.status)));
    expect(answers.filter((s) => s === 401).length).toBeLessThanOrEqual(
      SIGN_IN_LIMITS.perAccountAndAddress - 1,
    );
    expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(12 - 4);
  });
});

describe('one address across accounts (password spraying)', () => {
  it('after 20 failures there, the owner’s right password still signs in (the office is not locked out)', async () => {
    const shared = newAddress(); // a proxy the whole office sits behind, or an attacker beside it
    const owner = await server.addUser({ email: 'owner-behind-proxy@example.com', role: 'owner' });
    for (let i = 0; i < 6; i++) {
      const someone = await server.addUser({ email: `staff-${i}@example.com` });
      await statuses(shared, someone, wrong(4));
    }
    expect((await login(shared, owner, TEST_PASSWORD)).status).toBe(200);
  });

  it('slows spraying: once an address has 20 failures, an account it failed on waits there', async () => {
    const sprayer = newAddress();
    const accounts: string[] = [];
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++) {
      accounts.push(await server.addUser({ email: `sprayed-${i}@example.com` }));
    }
    // One password against every account: twenty failures, each the account's first.
    for (const email of accounts) expect((await login(sprayer, email, 'Summer2026!')).status).not.toBe(200);
    // A second guess on any of them from there waits, right password or not…
    const second = await login(sprayer, accounts[0]!, TEST_PASSWORD);
    expect(second.status).toBe(429);
    expect((await second.json()).error.message).toBe(AUTH_MESSAGES.ipLimited);
    expect((await login(sprayer, accounts[1]!, 'Winter2026!')).status).toBe(429);
    // …while the same accounts sign in from elsewhere, and an account not tried there signs in.
    expect((await login(newAddress(), accounts[0]!, TEST_PASSWORD)).status).toBe(200);
    const untouched = await server.addUser({ email: 'not-sprayed@example.com' });
    expect((await login(sprayer, untouched, TEST_PASSWORD)).status).toBe(200);
    // The window over, the sprayed accounts may sign in from that address again.
    now += 15 * MINUTE;
    expect((await login(sprayer, accounts[2]!, TEST_PASSWORD)).status).toBe(200);
  });
});

describe('accounts', () => {
  it('answers a disabled account exactly like a wrong password, whatever the password', async () => {
    const from = newAddress();
    const disabled = await server.addUser({ email: 'gone@example.com', disabled: true });
    const active = await server.addUser({ email: 'here@example.com' });
    const answer = async (email: string, password: string) => {
      const res = await login(from, email, password);
      return { status: res.status, body: await res.json(), cookie: res.headers.get('set-cookie') };
    };
    const refused = await answer(active, 'not the password');
    expect(refused.status).toBe(401);
    expect(await answer(disabled, TEST_PASSWORD)).toEqual(refused);
    expect(await answer(disabled, 'not the password')).toEqual(refused);
    // It counts towards the wait like any failure, so the wait cannot tell the two apart either.
    expect(await statuses(from, disabled, [TEST_PASSWORD, TEST_PASSWORD, TEST_PASSWORD])).toEqual([
      401, 401, 429,
    ]);
  });
});

describe('X-Forwarded-For from an address TRUST_PROXY does not name', () => {
  it('is warned about in the log the first time it comes from each address, and not when trusted', async () => {
    const warningsOf = async (env: Record<string, string>) => {
      const lines: { level: number; msg: string }[] = [];
      const stream = new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      });
      const s = await startTestServer({ env, logger: createLogger('info', stream) });
      try {
        for (let i = 0; i < 3; i++) {
          await fetch(`${s.url}/api/health`, { headers: { 'X-Forwarded-For': `198.51.100.${i}` } });
        }
        await fetch(`${s.url}/api/health`);
        return lines.filter((l) => l.level === 40).map((l) => l.msg);
      } finally {
        await s.stop();
      }
    };
    const unset = await warningsOf({});
    expect(unset).toHaveLength(1);
    expect(unset[0]).toContain('X-Forwarded-For');
    expect(unset[0]).toContain('TRUST_PROXY');
    expect(await warningsOf({ TRUST_PROXY: '10.0.0.0/8' })).toHaveLength(1);
    expect(await warningsOf({ TRUST_PROXY: 'loopback' })).toEqual([]);
  });
});
