import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// Stand-in builds: this tests which index the server hands out and with which status; the real
// pages are tested in Chromium by the Playwright suites.
const dists = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-dists-'));
const publicSite = path.join(dists, 'public');
const admin = path.join(dists, 'admin');
fs.mkdirSync(path.join(publicSite, 'assets'), { recursive: true });
fs.mkdirSync(path.join(admin, 'assets'), { recursive: true });
fs.writeFileSync(path.join(publicSite, 'index.html'), '<!doctype html><title>public</title>');
fs.writeFileSync(path.join(publicSite, 'assets', 'app-abc123.js'), 'console.info(1)');
fs.writeFileSync(path.join(admin, 'index.html'), '<!doctype html><title>admin</title>');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: (c) => ({ ...c, publicSiteDist: publicSite, adminDist: admin }) });
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(dists, { recursive: true, force: true });
});

const page = async (p: string) => {
  // A redirect is not an answer: each path must serve its page itself.
  const res = await fetch(`${server.url}${p}`, { redirect: 'manual' });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    text: await res.text(),
    cache: res.headers.get('cache-control'),
  };
};

describe('pages', () => {
  it('serves the public site for its routes, case-insensitively', async () => {
    for (const p of [
      '/',
      '/photo-form',
      '/Photo-Form',
      '/photo-quote-tool',
      '/embed/photo-quote',
      '/photo-form/',
    ]) {
      const res = await page(p);
      expect(res.status, p).toBe(200);
      expect(res.type).toContain('text/html');
      expect(res.text).toContain('<title>public</title>');
    }
  });

  it("serves the embed's own light build at /embed/photo-quote once it is built", async () => {
    const embedDir = path.join(publicSite, 'embed');
    fs.mkdirSync(path.join(embedDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(embedDir, 'embed.html'), '<!doctype html><title>embed</title>');
    fs.writeFileSync(path.join(embedDir, 'assets', 'embed-abc123.js'), 'console.info(2)');
    try {
      for (const p of ['/embed/photo-quote', '/Embed/Photo-Quote', '/embed/photo-quote/']) {
        const res = await page(p);
        expect(res.status, p).toBe(200);
        expect(res.text, p).toContain('<title>embed</title>');
        expect(res.cache, p).toBe('no-cache');
      }
      expect((await page('/photo-quote-tool')).text).toContain('<title>public</title>');
      const asset = await page('/embed/assets/embed-abc123.js');
      expect(asset.status).toBe(200);
      expect(asset.cache).toContain('immutable');
    } finally {
      fs.rmSync(embedDir, { recursive: true, force: true });
    }
  });

  it("serves the customer's pages from their own light build once it is built, in the visitor's language", async () => {
    const accountDir = path.join(publicSite, 'account');
    fs.mkdirSync(path.join(accountDir, 'assets'), { recursive: true });
    const write = (file: string, title: string) =>
      fs.writeFileSync(path.join(accountDir, file), `<!doctype html><title>${title}</title>`);
    write('account.html', 'account');
    write('account.es.html', 'cuenta');
    write('continue.html', 'continue');
    fs.writeFileSync(path.join(accountDir, 'assets', 'account-abc123.js'), 'console.info(3)');
    try {
      for (const p of ['/account', '/Account/', '/account?paid=1001']) {
        expect((await page(p)).text, p).toContain('<title>account</title>');
      }
      expect((await page('/account?lang=es')).text).toContain('<title>cuenta</title>');
      // No Spanish file of the sign-in link's page in this build: its English one, not the whole site's.
      for (const p of [
        `/account/continue/${'x'.repeat(43)}`,
        `/account/continue/${'x'.repeat(43)}?lang=es`,
      ]) {
        const res = await page(p);
        expect(res.status, p).toBe(200);
        expect(res.text, p).toContain('<title>continue</title>');
      }
      expect((await page('/photo-form')).text).toContain('<title>public</title>');
      const asset = await page('/account/assets/account-abc123.js');
      expect(asset.status).toBe(200);
      expect(asset.cache).toContain('immutable');
    } finally {
      fs.rmSync(accountDir, { recursive: true, force: true });
    }
    // An older build without it: the whole site's pages, as before.
    expect((await page('/account')).text).toContain('<title>public</title>');
  });

  it('serves the admin for its routes', async () => {
    for (const p of [
      '/admin',
      '/admin/',
      '/admin/call-logs',
      '/Admin/Settings',
      '/admin/customers/12',
      '/admin/customers',
      '/admin/board',
      '/admin/payments',
    ]) {
      const res = await page(p);
      expect(res.status, p).toBe(200);
      expect(res.text).toContain('<title>admin</title>');
    }
  });

  it('answers unknown pages with the public 404 page and status 404', async () => {
    for (const p of [
      '/no-such-page',
      '/photo-form/extra',
      '/admin/nothing-here',
      '/admin/customers/0',
      '/admin/customers/x',
      '/admin/customers/12/extra',
    ]) {
      const res = await page(p);
      expect(res.status, p).toBe(404);
      expect(res.type).toContain('text/html');
    }
    expect((await page('/no-such-page')).text).toContain('<title>public</title>');
  });

  it('answers unknown API paths with a JSON 404, never HTML', async () => {
    const res = await server.get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: 'No API route GET /api/no-such-thing' },
    });
  });

  it('caches hashed assets for a year and the index never', async () => {
    expect((await page('/assets/app-abc123.js')).cache).toContain('immutable');
    expect((await page('/')).cache).toBe('no-cache');
  });
});
