import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestSpelled } from '../test/raw-http.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { concretePath, registeredRoutes } from './route-walk.ts';
import { ACCESS_GUARD } from './staff-session.ts';

let server: TestServer;
let routes: { method: string; path: string }[];
beforeAll(async () => {
  server = await startTestServer();
  routes = registeredRoutes(server.app).filter((r) => r.path.startsWith('/api/'));
});
afterAll(() => server.stop());

/** Other ways to write `/api/...` that a lenient router, proxy or browser might accept. */
export function spellings(path: string): string[] {
  const rest = path.slice('/api/'.length);
  const [first, ...more] = rest.split('/');
  const encodedFirst = `%${first!.charCodeAt(0).toString(16)}${first!.slice(1)}`;
  return [
    `/API/${rest}`,
    `/Api/${rest}`,
    `/aPI/${rest}`,
    `//api/${rest}`,
    `/api//${rest}`,
    `/api/./${rest}`,
    `/./api/${rest}`,
    `/api/x/../${rest}`,
    `/%61pi/${rest}`,
    `/%41PI/${rest}`,
    `/api%2F${rest}`,
    `/api/${encodedFirst}${more.length ? `/${more.join('/')}` : ''}`,
    `/api/${rest}/`,
    `/api/${rest}//`,
    `/api/${rest.toUpperCase()}`,
    `/api\\${rest}`,
  ];
}

const bodyFor = (method: string) =>
  method === 'GET' || method === 'HEAD' ? undefined : JSON.stringify({ status: 'reviewed' });

describe('no spelling of a path reaches an API handler without the staff checks', () => {
  it('knows the routes it walks', () => {
    expect(routes.length).toBeGreaterThan(35);
    expect(spellings('/api/faq/1')).toContain('/API/faq/1');
  });

  it('answers 401 or 404, never 2xx or 5xx, for every route in every spelling without a session', async () => {
    const before = ['faq_entries', 'photo_submissions', 'appointments', 'users'].map((t) => server.count(t));
    const answers: string[] = [];
    for (const { method, path } of routes) {
      for (const spelled of spellings(concretePath(path))) {
        const body = bodyFor(method);
        const res = await requestSpelled(server.url, method, spelled, {
          headers: body ? { 'Content-Type': 'application/json' } : {},
          body,
        });
        if (res.status !== 401 && res.status !== 404) answers.push(`${method} ${spelled} → ${res.status}`);
      }
    }
    expect(answers).toEqual([]);
    expect(['faq_entries', 'photo_submissions', 'appointments', 'users'].map((t) => server.count(t))).toEqual(
      before,
    );
  });

  it('does not route other spellings to a handler even with a session and the CSRF token', async () => {
    const headers = {
      Cookie: server.owner.cookie,
      'X-CSRF-Token': server.owner.csrfToken,
      'Content-Type': 'application/json',
    };
    const faqBefore = server.count('faq_entries');
    for (const spelled of spellings('/api/faq')) {
      const res = await requestSpelled(server.url, 'POST', spelled, {
        headers,
        body: JSON.stringify({ question: 'Spelled?', answer: 'No.', category: 'general', isActive: true }),
      });
      expect(res.status, spelled).toBe(404);
    }
    expect(server.count('faq_entries')).toBe(faqBefore);
    // The canonical spelling works, so the 404s above are about the spelling, not the request.
    const ok = await requestSpelled(server.url, 'GET', '/api/faq', { headers });
    expect(ok.status).toBe(200);
  });

  it('the cases from the report: /API/ reads and writes nothing and /API/auth/me is no 500', async () => {
    for (const path of ['/API/photo-submissions', '/API/calls/export.csv', '/API/auth/me']) {
      const res = await requestSpelled(server.url, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.text()).error.code).toBe('not_found');
    }
    const put = await requestSpelled(server.url, 'PUT', '/API/photo-submissions/2', {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'reviewed' }),
    });
    expect(put.status).toBe(404);
    expect((await requestSpelled(server.url, 'GET', '/api/auth/me')).status).toBe(401);
  });

  it('puts the access guard first on every API route, decided from the route', () => {
    const layers = (server.app as unknown as { router: { stack: RouteLayer[] } }).router.stack;
    const unguarded: string[] = [];
    const visit = (stack: RouteLayer[]) => {
      for (const layer of stack) {
        if (layer.route && String(layer.route.path).startsWith('/api/')) {
          if (!layer.route.stack[0]?.handle[ACCESS_GUARD]) unguarded.push(String(layer.route.path));
        } else if (layer.handle?.stack) visit(layer.handle.stack);
      }
    };
    visit(layers);
    expect(unguarded).toEqual([]);
  });

  it('answers OPTIONS on the API with 404 instead of listing methods', async () => {
    expect((await requestSpelled(server.url, 'OPTIONS', '/api/faq')).status).toBe(404);
  });
});

interface RouteLayer {
  route?: { path: string; stack: { handle: { [ACCESS_GUARD]?: true } }[] };
  handle?: { stack?: RouteLayer[] };
}
