import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOT_PERMITTED,
  PERMISSIONS,
  notPermittedMessage,
  roleCan,
  type Permission,
  type UserRole,
} from '@washdesk/contract';
import { clientOf, signIn, startTestServer, type Credentials, type TestServer } from '../test/test-server.ts';
import { isPublicApiRoute } from './public-routes.ts';
import { ANY_STAFF, ROUTE_DECISIONS, routeDecision } from './route-permissions.ts';
import { concretePath, registeredRoutes } from './route-walk.ts';

// The role matrix (contract/src/roles.ts) as the server applies it, walked over EVERY staff route
// the app registers: a route added later is in this walk without anyone adding it here.

let server: TestServer;
let staff: Credentials;
let routes: { method: string; path: string }[];
beforeAll(async () => {
  server = await startTestServer();
  staff = await signIn(server.url, await server.addUser({ email: 'crew@example.com', role: 'staff' }));
  routes = registeredRoutes(server.app).filter(
    (r) => r.path.startsWith('/api/') && !isPublicApiRoute(r.method, r.path),
  );
});
afterAll(() => server.stop());

const isChange = (method: string) => method !== 'GET' && method !== 'HEAD';
const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/**
 * One request as a signed-in person's browser makes it; only the status is read (the event
 * stream never ends, so the body is dropped as soon as the answer has begun).
 */
async function statusFor(who: Credentials, method: string, path: string) {
  const abort = new AbortController();
  const res = await fetch(`${server.url}${concretePath(path)}`, {
    method,
    signal: abort.signal,
    headers: {
      Cookie: who.cookie,
      ...(isChange(method) ? { 'X-CSRF-Token': who.csrfToken, 'Content-Type': 'application/json' } : {}),
    },
    body: isChange(method) ? '{}' : undefined,
  });
  const body = res.headers.get('content-type')?.includes('json')
    ? ((await res.json()) as { error?: { code: string; message: string } })
    : undefined;
  abort.abort();
  return { status: res.status, error: body?.error };
}

/** Signing out ends the session the rest of the walk uses, so it goes last. */
const lastSignOut = (a: { path: string }, b: { path: string }) =>
  Number(a.path === '/api/auth/logout') - Number(b.path === '/api/auth/logout');

describe('every staff route has a decision from the role matrix', () => {
  it('reads the routes from the app, owner-only ones among them', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes).toContainEqual({ method: 'PUT', path: '/api/settings/ai' });
    expect(routes).toContainEqual({ method: 'DELETE', path: '/api/faq/:id' });
  });

  it('names, for every route that changes something, a permission or "any staff"', () => {
    const undecided = routes.filter(
      (r) => isChange(r.method) && routeDecision(r.method, r.path) === undefined,
    );
    // A failure here means a new route: add it to ROUTE_DECISIONS in route-permissions.ts.
    expect(undecided.map(key)).toEqual([]);
  });

  it('lists no route that does not exist and no public route', () => {
    const registered = new Set(routes.map(key));
    const stale = Object.keys(ROUTE_DECISIONS).filter((k) => !registered.has(k));
    expect(stale).toEqual([]);
  });

  it('needs only permissions the matrix marks as in use', () => {
    for (const [route, decision] of Object.entries(ROUTE_DECISIONS)) {
      if (decision !== ANY_STAFF) expect(PERMISSIONS[decision].inUse, route).toBe(true);
    }
  });
});

describe('a staff session, route by route', () => {
  const ownerOnlyFor = (role: UserRole) => (r: { method: string; path: string }) => {
    const decision = routeDecision(r.method, r.path);
    return decision !== undefined && decision !== ANY_STAFF && !roleCan(role, decision);
  };

  it('is refused, with the matrix’s words, every route whose permission staff lack', async () => {
    const refused = routes.filter(ownerOnlyFor('staff'));
    // The owner-only settings of the issue and the staff accounts are all in the walk.
    expect(refused.map(key)).toEqual(
      expect.arrayContaining([
        'PUT /api/settings/ai',
        'PUT /api/settings/responses/:id',
        'PUT /api/texts/settings',
        'PUT /api/settings/business-hours',
        'POST /api/faq',
        'PUT /api/faq/:id',
        'DELETE /api/faq/:id',
        'GET /api/users',
        'POST /api/users',
        'PUT /api/users/:id',
        'POST /api/users/:id/reset-password',
      ]),
    );
    for (const route of refused) {
      const permission = routeDecision(route.method, route.path) as Permission;
      const { status, error } = await statusFor(staff, route.method, route.path);
      expect(status, key(route)).toBe(403);
      expect(error, key(route)).toEqual({ code: NOT_PERMITTED, message: notPermittedMessage(permission) });
    }
  });

  it('is let through every other route, and so is the owner through all of them', async () => {
    const allowed = routes.filter((r) => !ownerOnlyFor('staff')(r)).sort(lastSignOut);
    expect(allowed.length).toBeGreaterThan(50);
    for (const route of allowed) {
      const { status, error } = await statusFor(staff, route.method, route.path);
      expect([401, 403], `${key(route)}: ${error?.message}`).not.toContain(status);
    }
    for (const route of [...routes].sort(lastSignOut)) {
      const { status, error } = await statusFor(server.owner, route.method, route.path);
      expect([401, 403], `${key(route)}: ${error?.message}`).not.toContain(status);
    }
    // Both sessions ended with their sign-out; sign in again for what follows.
    server.owner = await signIn(server.url, 'test-owner@example.com');
    staff = await signIn(server.url, 'crew@example.com');
  });
});

describe('what the issue found staff could do', () => {
  it('cannot switch off the assistant, reword a response or the automatic messages, or move the hours', async () => {
    const crew = clientOf(server.url, staff);
    const owner = clientOf(server.url, server.owner);
    const ai = await (await owner.get('/api/settings/ai')).json();
    const res = await crew.send('PUT', '/api/settings/ai', {
      ...ai,
      messengerAutoReply: !ai.messengerAutoReply,
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toBe('Only the owner can change how the AI assistant behaves.');
    expect(await (await owner.get('/api/settings/ai')).json()).toEqual(ai);

    const [response] = await (await owner.get('/api/settings/responses')).json();
    expect((await crew.send('PUT', `/api/settings/responses/${response.id}`, { content: 'Ha' })).status).toBe(
      403,
    );
    expect((await (await owner.get('/api/settings/responses')).json())[0]).toEqual(response);

    const messages = await (await owner.get('/api/texts/settings')).json();
    expect((await crew.send('PUT', '/api/texts/settings', messages)).status).toBe(403);
    const hours = await (await owner.get('/api/settings/business-hours')).json();
    expect((await crew.send('PUT', '/api/settings/business-hours', hours)).status).toBe(403);
    // The owner's same saves go through.
    expect((await owner.send('PUT', '/api/texts/settings', messages)).status).toBe(200);
    expect((await owner.send('PUT', '/api/settings/business-hours', hours)).status).toBe(200);
  });

  it('cannot add, edit or delete an FAQ entry, but reads the FAQ', async () => {
    const crew = clientOf(server.url, staff);
    const entry = {
      question: 'Do you clean gutters?',
      answer: 'Yes, with every roof.',
      category: 'Services',
    };
    const created = await clientOf(server.url, server.owner).send('POST', '/api/faq', entry);
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const before = server.count('faq_entries');
    expect((await crew.send('DELETE', `/api/faq/${id}`)).status).toBe(403);
    expect((await crew.send('PUT', `/api/faq/${id}`, { ...entry, answer: 'No.' })).status).toBe(403);
    expect((await crew.send('POST', '/api/faq', entry)).status).toBe(403);
    expect(server.count('faq_entries')).toBe(before);
    const listed = await (await crew.get('/api/faq')).json();
    expect(JSON.stringify(listed)).toContain('Yes, with every roof.');
  });
});
