import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@washdesk/contract';
import {
  clientOf,
  signIn,
  startTestServer,
  TEST_PASSWORD,
  type JsonResponse,
  type TestServer,
} from '../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const login = (body: unknown, headers: Record<string, string> = {}): Promise<JsonResponse> =>
  fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('signing in', () => {
  it('refuses a wrong password and an unknown e-mail with the same message', async () => {
    const email = await server.addUser({ email: 'rosa@example.com' });
    for (const body of [
      { email, password: 'not the password' },
      { email: 'nobody@example.com', password: TEST_PASSWORD },
    ]) {
      const res = await login(body);
      expect(res.status).toBe(401);
      expect((await res.json()).error.message).toBe('E-mail or password is incorrect.');
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    const blank = await login({ email: '', password: '' });
    expect((await blank.json()).error.fields).toEqual({
      email: 'Enter your e-mail address',
      password: 'Enter your password',
    });
  });

  it('locks an account after 5 failures, even against the right password, and says so', async () => {
    const email = await server.addUser({ email: 'walt@example.com' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login({ email, password: `guess ${i}` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const res = await login({ email, password: TEST_PASSWORD });
    expect(res.status).toBe(429);
    expect((await res.json()).error.message).toBe(AUTH_MESSAGES.locked(15));
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800);
    // The owner's reset lifts the lock.
    const id = (server.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;
    expect(
      (await server.send('POST', `/api/users/${id}/reset-password`, { password: 'a brand new password' }))
        .status,
    ).toBe(204);
    expect((await login({ email, password: 'a brand new password' })).status).toBe(200);
  });

  it('gives a new session id at every sign-in and ends the one the browser had', async () => {
    const email = await server.addUser({ email: 'ivy@example.com' });
    const first = await signIn(server.url, email);
    const res = await login({ email, password: TEST_PASSWORD }, { Cookie: first.cookie });
    const second = res.headers.getSetCookie()[0]!.split(';')[0]!;
    expect(second).not.toBe(first.cookie);
    expect((await clientOf(server.url, first).get('/api/faq')).status).toBe(401);
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/, without Secure over plain http', async () => {
    const res = await login({
      email: await server.addUser({ email: 'theo@example.com' }),
      password: TEST_PASSWORD,
    });
    const cookie = res.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^washdesk_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
  });

  it('answers who is signed in, with the CSRF token', async () => {
    const res = await server.get('/api/auth/me');
    expect(res.status).toBe(200);
    const me = await res.json();
    expect(me.user).toMatchObject({ email: 'test-owner@example.com', role: 'owner' });
    expect(me.csrfToken).toBe(server.owner.csrfToken);
  });
});

describe('sessions end', () => {
  it('on logout, server-side: the old cookie no longer works', async () => {
    const creds = await signIn(server.url, await server.addUser({ email: 'june@example.com' }));
    const client = clientOf(server.url, creds);
    expect((await client.send('POST', '/api/auth/logout')).status).toBe(204);
    const res = await client.get('/api/auth/me');
    expect(res.status).toBe(401);
  });

  it('after the idle time and after the absolute lifetime, with "session expired"', async () => {
    for (const column of ['last_seen_at', 'expires_at']) {
      const creds = await signIn(server.url, await server.addUser({ email: `idle-${column}@example.com` }));
      const past =
        column === 'last_seen_at' ? new Date(Date.now() - 13 * 3_600_000) : new Date(Date.now() - 1000);
      server.db
        .prepare(`UPDATE sessions SET ${column} = ? WHERE csrf_token = ?`)
        .run(past.toISOString(), creds.csrfToken);
      // Every request with that cookie hears it, not only the first (a reload fires several).
      for (const path of ['/api/faq', '/api/public/profile', '/api/auth/me']) {
        const res = await clientOf(server.url, creds).get(path);
        if (path === '/api/public/profile') {
          expect(res.status).toBe(200);
          continue;
        }
        expect(res.status, `${column} ${path}`).toBe(401);
        expect(await res.json()).toMatchObject({
          error: { code: 'session_expired', message: 'Your session expired. Please sign in again.' },
        });
      }
    }
  });
});

describe('CSRF', () => {
  const entry = { question: 'Do you wash boats?', answer: 'No.' };
  const post = (headers: Record<string, string>): Promise<JsonResponse> =>
    fetch(`${server.url}/api/faq`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: server.owner.cookie, ...headers },
      body: JSON.stringify(entry),
    });

  it('refuses a state change without the token, with a wrong one, or from another site', async () => {
    const cases: Record<string, string>[] = [
      {},
      { 'X-CSRF-Token': 'wrong' },
      { 'X-CSRF-Token': server.owner.csrfToken, Origin: 'https://evil.example' },
      { 'X-CSRF-Token': server.owner.csrfToken, 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of cases) {
      const res = await post(headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect((await res.json()).error.code).toBe('csrf_failed');
    }
    expect(server.count('faq_entries')).toBe(0);
    expect((await post({ 'X-CSRF-Token': server.owner.csrfToken, Origin: server.url })).status).toBe(201);
  });

  it('refuses a sign-in form posted from another site', async () => {
    const res = await login(
      { email: 'test-owner@example.com', password: TEST_PASSWORD },
      { Origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
  });
});

describe('over https', () => {
  it('marks the cookie Secure and sends HSTS', async () => {
    const secure = await startTestServer({ env: { PUBLIC_BASE_URL: 'https://quotes.example.com' } });
    try {
      const res = await fetch(`${secure.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'test-owner@example.com', password: TEST_PASSWORD }),
      });
      expect(res.headers.getSetCookie()[0]).toContain('Secure');
      expect(res.headers.get('strict-transport-security')).toContain('max-age=31536000');
    } finally {
      await secure.stop();
    }
  });
});
