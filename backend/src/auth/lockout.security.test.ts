import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, type JsonResponse, type TestServer } from '../test/test-server.ts';

// A server of its own: the sign-in failures here count against this address's limit of 20.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const login = (body: unknown): Promise<JsonResponse> =>
  fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('account locks and disabled accounts', () => {
  it('counts from zero again once a lock has run out', async () => {
    const email = await server.addUser({ email: 'after-lock@example.com' });
    for (let i = 0; i < 5; i++) await login({ email, password: `guess ${i}` });
    // The 15 minutes are over: the lock's end is moved into the past, as the clock would.
    server.db
      .prepare('UPDATE users SET locked_until = ? WHERE email = ?')
      .run(new Date(Date.now() - 1000).toISOString(), email);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login({ email, password: `again ${i}` })).status);
    // One wrong password after the lock is one failure, not another 15 minutes.
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    server.db
      .prepare('UPDATE users SET locked_until = ? WHERE email = ?')
      .run(new Date(Date.now() - 1000).toISOString(), email);
    expect((await login({ email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('answers a disabled account exactly like a wrong password, whatever the password', async () => {
    const disabled = await server.addUser({ email: 'gone@example.com', disabled: true });
    const active = await server.addUser({ email: 'here@example.com' });
    const answer = async (body: unknown) => {
      const res = await login(body);
      return { status: res.status, body: await res.json(), cookie: res.headers.get('set-cookie') };
    };
    const wrong = await answer({ email: active, password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(await answer({ email: disabled, password: TEST_PASSWORD })).toEqual(wrong);
    expect(await answer({ email: disabled, password: 'not the password' })).toEqual(wrong);
    // It counts towards the lock like any failure, so the lock cannot tell the two apart either.
    const more: number[] = [];
    for (let i = 0; i < 3; i++) more.push((await login({ email: disabled, password: TEST_PASSWORD })).status);
    expect(more).toEqual([401, 401, 429]);
  });
});
