import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOf, signIn, startTestServer, type TestServer } from '../test/test-server.ts';
import { isPublicApiRoute } from './public-routes.ts';
import { concretePath, registeredRoutes } from './route-walk.ts';

let server: TestServer;
let routes: { method: string; path: string }[];
beforeAll(async () => {
  server = await startTestServer();
  routes = registeredRoutes(server.app).filter((r) => r.path.startsWith('/api/'));
});
afterAll(() => server.stop());

describe('every staff route needs a session', () => {
  it('reads the route list from the app itself', () => {
    expect(routes.length).toBeGreaterThan(25);
    expect(routes).toContainEqual({ method: 'DELETE', path: '/api/faq/:id' });
    expect(routes).toContainEqual({ method: 'GET', path: '/api/photos/:id/thumbnail' });
  });

  it('answers 401 without a session on every route not on the public list', async () => {
    const protectedRoutes = routes.filter((r) => !isPublicApiRoute(r.method, r.path));
    expect(protectedRoutes.length).toBeGreaterThan(20);
    for (const { method, path } of protectedRoutes) {
      const res = await server.anonymous.send(method, concretePath(path), method === 'GET' ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(401);
      expect((await res.json()).error.code, `${method} ${path}`).toBe('sign_in_required');
    }
  });

  it("answers 403 with a disabled account's session on every such route", async () => {
    const email = await server.addUser({ email: 'leaver@example.com' });
    const leaver = await signIn(server.url, email);
    server.db.prepare("UPDATE users SET disabled_at = '2026-01-01T00:00:00Z' WHERE email = ?").run(email);
    const client = clientOf(server.url, leaver);
    for (const { method, path } of routes.filter((r) => !isPublicApiRoute(r.method, r.path))) {
      const res = await client.send(method, concretePath(path), method === 'GET' ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await res.json()).error.code).toBe('account_disabled');
    }
  });

  it('answers 403 with a session but no CSRF token on every state-changing such route', async () => {
    const changing = routes.filter((r) => r.method !== 'GET' && !isPublicApiRoute(r.method, r.path));
    expect(changing).toContainEqual({ method: 'POST', path: '/api/blocked-numbers' });
    for (const { method, path } of changing) {
      const res = await fetch(`${server.url}${concretePath(path)}`, {
        method,
        headers: { 'Content-Type': 'application/json', Cookie: server.owner.cookie },
        body: '{}',
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('csrf_failed');
    }
  });

  it("keeps customers' photos staff-only", async () => {
    const res = await server.anonymous.get('/api/photos/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(401);
  });

  it('lets a staff member work but keeps account management to the owner', async () => {
    const staff = clientOf(
      server.url,
      await signIn(server.url, await server.addUser({ email: 'crew@example.com' })),
    );
    expect((await staff.get('/api/faq')).status).toBe(200);
    const res = await staff.get('/api/users');
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toBe('Only the owner can manage staff accounts.');
    expect(
      (
        await staff.send('POST', '/api/users', {
          email: 'x@example.com',
          name: 'X',
          password: 'long enough pw',
        })
      ).status,
    ).toBe(403);
    expect(server.count('users')).toBe(3);
  });
});

describe('owner manages staff accounts', () => {
  it('adds, disables (signing out everywhere) and resets staff', async () => {
    const created = await server.send('POST', '/api/users', {
      email: 'New.Hire@Example.com',
      name: 'New Hire',
      role: 'staff',
      password: 'first password!',
    });
    expect(created.status).toBe(201);
    const user = await created.json();
    expect(user).toMatchObject({ email: 'new.hire@example.com', role: 'staff', disabled: false });
    expect(user).not.toHaveProperty('password_hash');

    const dup = await server.send('POST', '/api/users', {
      email: 'new.hire@example.com',
      name: 'Again',
      password: 'first password!',
    });
    expect(dup.status).toBe(409);
    const short = await server.send('POST', '/api/users', {
      email: 'b@example.com',
      name: 'B',
      password: 'short',
    });
    expect((await short.json()).error.fields.password).toBe('Use at least 10 characters');

    const hire = clientOf(server.url, await signIn(server.url, 'new.hire@example.com', 'first password!'));
    expect((await hire.get('/api/faq')).status).toBe(200);
    expect((await server.send('PUT', `/api/users/${user.id}`, { disabled: true })).status).toBe(200);
    expect((await hire.get('/api/faq')).status).toBe(401);
    const login = await server.anonymous.send('POST', '/api/auth/login', {
      email: 'new.hire@example.com',
      password: 'first password!',
    });
    // A disabled account is not told apart from a wrong password.
    expect(login.status).toBe(401);
    expect((await login.json()).error.code).toBe('wrong_credentials');

    await server.send('PUT', `/api/users/${user.id}`, { disabled: false });
    expect(
      (await server.send('POST', `/api/users/${user.id}/reset-password`, { password: 'second password!' }))
        .status,
    ).toBe(204);
    await expect(signIn(server.url, 'new.hire@example.com', 'first password!')).rejects.toThrow(/401/);
    await signIn(server.url, 'new.hire@example.com', 'second password!');
  });

  it('never leaves the business without an active owner', async () => {
    const [owner] = (await (await server.get('/api/users')).json()).filter(
      (u: { role: string }) => u.role === 'owner',
    );
    const res = await server.send('PUT', `/api/users/${owner.id}`, { disabled: true });
    expect(res.status).toBe(409);
    expect((await server.get('/api/faq')).status).toBe(200);
  });
});
