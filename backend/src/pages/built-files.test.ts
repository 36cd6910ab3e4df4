import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../../scripts/precompress-build.ts';
import { rawRequest } from '../test/raw-http.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// Stand-in builds, compressed by the same step the real builds run (scripts/precompress-build.ts).
const dists = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-built-files-'));
const site = path.join(dists, 'public');
const admin = path.join(dists, 'admin');
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};
// Text long enough to be worth compressing, as a real bundle is.
const SCRIPT = Array.from(
  { length: 200 },
  (_, i) => `export const step${i} = () => "${'wash '.repeat(i % 7)}";`,
).join('\n');
const STYLES = Array.from({ length: 100 }, (_, i) => `.card-${i} { margin: ${i}px; color: #0b6e99; }`).join(
  '\n',
);
const ICON = `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M4 7h3l2-2h6l2 2h3v12H4z"/>'.repeat(30)}</svg>`;
const ADMIN_INDEX = `<!doctype html><html><head><title>admin</title></head><body>${'<div></div>'.repeat(80)}</body></html>`;
write(
  path.join(site, 'index.html'),
  '<!doctype html><html><head><title>public</title></head><body></body></html>',
);
write(path.join(site, 'assets', 'app-abc123.js'), SCRIPT);
write(path.join(site, 'assets', 'site-abc123.css'), STYLES);
write(path.join(site, 'assets', 'icon-abc123.svg'), ICON);
write(path.join(site, 'assets', 'tiny-abc123.js'), 'export {};');
write(path.join(site, 'embed.js'), SCRIPT);
write(path.join(site, '.vite', 'manifest.json'), '{}');
write(path.join(admin, 'index.html'), ADMIN_INDEX);
write(path.join(admin, 'assets', 'admin-xyz789.js'), SCRIPT);
precompressFolder(site);
precompressFolder(admin);

const CHROME = 'gzip, deflate, br, zstd';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: (c) => ({ ...c, publicSiteDist: site, adminDist: admin }) });
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(dists, { recursive: true, force: true });
});

const get = (p: string, acceptEncoding?: string, method = 'GET') =>
  rawRequest(
    `${server.url}${p}`,
    acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
    method,
  );

describe('built files go out compressed at build time', () => {
  it('sends brotli to a browser that takes it, with the type, length and caching of the file', async () => {
    const res = await get('/assets/app-abc123.js', CHROME);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBe(fs.statSync(path.join(site, 'assets', 'app-abc123.js.br')).size);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(res.decoded().toString()).toBe(SCRIPT);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("follows the browser's preferences: gzip when brotli is refused or rated lower, plain when neither", async () => {
    const cases: [string | undefined, string | undefined][] = [
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['GZIP, BR', 'br'],
      ['*', 'br'],
      ['*;q=0.5, br;q=0', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [accept, expected] of cases) {
      const res = await get('/assets/app-abc123.js', accept);
      expect(res.headers['content-encoding'], String(accept)).toBe(expected);
      expect(res.decoded().toString(), String(accept)).toBe(SCRIPT);
      expect(Number(res.headers['content-length']), String(accept)).toBe(res.body.length);
    }
    // Not made at build time; the on-the-fly compressor (http/api-compression.ts) takes it.
    const deflated = await get('/assets/app-abc123.js', 'deflate');
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expect(deflated.decoded().toString()).toBe(SCRIPT);
  });

  it('keeps the content type of styles and icons', async () => {
    const css = await get('/assets/site-abc123.css', CHROME);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.decoded().toString()).toBe(STYLES);
    const svg = await get('/assets/icon-abc123.svg', 'gzip');
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-encoding']).toBe('gzip');
    expect(svg.decoded().toString()).toBe(ICON);
  });

  it('sends a file too small to gain from compression as it is', async () => {
    const res = await get('/assets/tiny-abc123.js', CHROME);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe('export {};');
  });

  it('has a file without a hash in its name re-checked, compressed all the same', async () => {
    const res = await get('/embed.js', CHROME);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    const again = await rawRequest(`${server.url}/embed.js`, {
      'Accept-Encoding': CHROME,
      'If-None-Match': String(res.headers.etag),
    });
    expect(again.status).toBe(304);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await get('/assets/app-abc123.js', CHROME, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(
      fs.statSync(path.join(site, 'assets', 'app-abc123.js.br')).size,
    );
    expect(res.body.length).toBe(0);
  });

  it('never serves the compressed twins or the build records as files of their own', async () => {
    for (const p of [
      '/assets/app-abc123.js.br',
      '/assets/app-abc123.js.gz',
      '/.vite/manifest.json',
      '/assets/../.vite/manifest.json',
    ]) {
      const res = await get(p, CHROME);
      expect(res.status, p).toBe(404);
      expect(res.headers['content-type'], p).toContain('text/html');
    }
  });

  it('never sends a twin older than its file (a file changed after the build)', async () => {
    const file = path.join(site, 'assets', 'app-abc123.js');
    const changed = `${SCRIPT}\nexport const changed = true;`;
    fs.writeFileSync(file, changed);
    const later = new Date(fs.statSync(`${file}.br`).mtimeMs + 60_000);
    fs.utimesSync(file, later, later);
    try {
      for (const accept of [CHROME, 'gzip', undefined]) {
        const res = await get('/assets/app-abc123.js', accept);
        expect(res.decoded().toString(), String(accept)).toBe(changed);
      }
    } finally {
      fs.writeFileSync(file, SCRIPT);
      const twin = fs.statSync(`${file}.br`);
      fs.utimesSync(file, twin.atime, twin.mtime);
    }
  });

  it("serves the admin's files and its index compressed, 200 for its pages, 404 for others, never cached", async () => {
    const script = await get('/admin/assets/admin-xyz789.js', CHROME);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['cache-control']).toContain('immutable');
    for (const [p, status] of [
      ['/admin', 200],
      ['/admin/call-logs', 200],
      ['/admin/nothing-here', 404],
    ] as const) {
      const res = await get(p, CHROME);
      expect(res.status, p).toBe(status);
      expect(res.headers['content-encoding'], p).toBe('br');
      expect(res.headers['content-type'], p).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], p).toBe('no-cache');
      expect(res.decoded().toString(), p).toBe(ADMIN_INDEX);
    }
  });
});
