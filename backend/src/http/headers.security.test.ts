import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
let narrowed: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  narrowed = await startTestServer({
    env: { EMBED_ALLOWED_ORIGINS: 'https://www.client-site.example, https://blog.client-site.example' },
  });
});
afterAll(async () => {
  await server.stop();
  await narrowed.stop();
});

const headersOf = async (s: TestServer, p: string) => (await s.anonymous.get(p)).headers;
const directive = (csp: string | null, name: string) =>
  csp
    ?.split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('security headers by kind of page', () => {
  it('an admin page can never be framed', async () => {
    const h = await headersOf(server, '/admin/settings');
    expect(directive(h.get('content-security-policy'), 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(h.get('x-frame-options')).toBe('DENY');
    expect(h.get('x-content-type-options')).toBe('nosniff');
    expect(directive(h.get('content-security-policy'), 'script-src')).toBe("script-src 'self'");
    expect(h.get('strict-transport-security')).toBeNull();
  });

  it('an API answer can never be framed and loads nothing', async () => {
    const h = await headersOf(server, '/api/health');
    expect(directive(h.get('content-security-policy'), 'default-src')).toBe("default-src 'none'");
    expect(directive(h.get('content-security-policy'), 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(h.get('x-content-type-options')).toBe('nosniff');
  });

  it('the embed page can be framed by any site, unless EMBED_ALLOWED_ORIGINS narrows it', async () => {
    const open = await headersOf(server, '/embed/photo-quote');
    expect(directive(open.get('content-security-policy'), 'frame-ancestors')).toBe('frame-ancestors *');
    expect(open.get('x-frame-options')).toBeNull();
    expect(open.get('x-content-type-options')).toBe('nosniff');
    const closed = await headersOf(narrowed, '/embed/photo-quote');
    expect(directive(closed.get('content-security-policy'), 'frame-ancestors')).toBe(
      'frame-ancestors https://www.client-site.example https://blog.client-site.example',
    );
  });

  it('the other public pages cannot be framed; the embed script may be loaded by other sites', async () => {
    const page = await headersOf(server, '/photo-form');
    expect(directive(page.get('content-security-policy'), 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect((await headersOf(server, '/embed.js')).get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(page.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('names the configured scheduling calendar as the only frame the wizard may show', async () => {
    const withCalendar = await startTestServer({
      env: { SCHEDULING_CALENDAR_URL: 'https://calendar.example.com/book/lost-coast' },
    });
    try {
      const csp = (await headersOf(withCalendar, '/')).get('content-security-policy');
      expect(directive(csp, 'frame-src')).toBe('frame-src https://calendar.example.com');
    } finally {
      await withCalendar.stop();
    }
  });
});
