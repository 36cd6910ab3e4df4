import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_DATA_ID, PROFILE_STAND_INS } from '@washdesk/contract';
import { rawRequest } from '../test/raw-http.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// Stand-in prerendered pages, holding the business details' stand-ins as the real build's do
// (public-site/build/prerender-pages.ts); the browser tests hydrate the real ones.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-public-pages-'));
const page = (name: string) =>
  `<!doctype html><html><head><title>${name}</title></head><body><div id="root"><header>` +
  `<a href="/">${PROFILE_STAND_INS.businessName}</a>` +
  `<a href="tel:${PROFILE_STAND_INS.phone}">${PROFILE_STAND_INS.phone}</a></header>` +
  `<main><h1>${name}</h1>${'<p>Soft washing for houses, roofs and decks.</p>'.repeat(20)}</main>` +
  `<footer>Serving ${PROFILE_STAND_INS.serviceArea}</footer></div></body></html>`;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  fs.writeFileSync(path.join(dist, file), text);
};
write('index.html', page('wizard'));
write('pages/photo-form.html', page('photo form'));
write('pages/photo-quote-tool.html', page('quote tool'));
write('pages/404.html', page('not found'));
write('pages/quote.html', page('quote'));
write('pages/visit.html', page('visit'));
write('embed/embed.html', page('embed'));

const BUSINESS = { name: `O'Neil & Sons "Wash" <Co>`, phone: '+1 (707) 555-0199', area: 'Eureka & Arcata' };
const CHROME = 'gzip, deflate, br, zstd';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: {
      BUSINESS_NAME: BUSINESS.name,
      BUSINESS_PHONE: BUSINESS.phone,
      SERVICE_AREA: BUSINESS.area,
      DEMO_DATA: 'on',
    },
    config: (c) => ({ ...c, publicSiteDist: dist }),
  });
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = { 'Accept-Encoding': CHROME }) =>
  rawRequest(`${server.url}${p}`, headers);

describe('the prerendered public pages', () => {
  it("go out with the configured business's details in place of the stand-ins, escaped", async () => {
    const res = await get('/photo-form');
    const html = res.decoded().toString();
    expect(res.status).toBe(200);
    expect(html).toContain('<h1>photo form</h1>');
    expect(html).toContain('<a href="/">O&#x27;Neil &amp; Sons &quot;Wash&quot; &lt;Co&gt;</a>');
    expect(html).toContain('<a href="tel:+17075550199">+1 (707) 555-0199</a>');
    expect(html).toContain('Serving Eureka &amp; Arcata');
    expect(html).not.toMatch(/WASHDESK_STAND_IN|\+0009990001112223334/);
  });

  it('carry the same profile as /api/public/profile, as inert JSON the page hydrates with', async () => {
    const html = (await get('/')).decoded().toString();
    const data = html.match(
      new RegExp(`<script type="application/json" id="${PROFILE_DATA_ID}">(.*?)</script>`),
    );
    expect(data).not.toBeNull();
    // No "<" inside, so a business name cannot close the element early.
    expect(data![1]).not.toContain('<');
    expect(JSON.parse(data![1]!)).toEqual(await (await server.anonymous.get('/api/public/profile')).json());
  });

  it('are compressed as the browser asks, never cached without a check, and answer a re-check with 304', async () => {
    const br = await get('/photo-quote-tool');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(br.decoded().length / 3);
    const gzip = await get('/photo-quote-tool', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.decoded().toString()).toBe(br.decoded().toString());
    const plain = await get('/photo-quote-tool', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(br.decoded().toString());
    const recheck = await get('/photo-quote-tool', {
      'Accept-Encoding': CHROME,
      'If-None-Match': String(br.headers.etag),
    });
    expect(recheck.status).toBe(304);
    expect(recheck.body.length).toBe(0);
  });

  it('serve each route its own page, the embed its own build, any other path the 404 page with 404', async () => {
    const cases: [string, number, string][] = [
      ['/', 200, 'wizard'],
      ['/Photo-Form/', 200, 'photo form'],
      ['/photo-quote-tool', 200, 'quote tool'],
      ['/embed/photo-quote', 200, 'embed'],
      ['/no-such-page', 404, 'not found'],
      ['/photo-form/extra', 404, 'not found'],
      // One page for every quote link; the token's case is its own. /quote alone is no page.
      ['/quote/Zx9-_aQ3kPq', 200, 'quote'],
      ['/quote', 404, 'not found'],
      ['/quote/a/b', 404, 'not found'],
      // And one for every visit reminder's link.
      ['/visit/Zx9-_aQ3kPqAbC', 200, 'visit'],
      ['/visit', 404, 'not found'],
    ];
    for (const [p, status, name] of cases) {
      const res = await get(p);
      expect(res.status, p).toBe(status);
      expect(res.headers['content-encoding'], p).toBe('br');
      expect(res.decoded().toString(), p).toContain(`<h1>${name}</h1>`);
    }
  });

  it('are never sent as raw files, stand-ins and all', async () => {
    for (const p of ['/index.html', '/pages/photo-form.html', '/embed/embed.html']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.decoded().toString(), p).not.toContain('WASHDESK_STAND_IN');
    }
  });
});

describe('API answers', () => {
  it('are compressed when large, and say so', async () => {
    const res = await rawRequest(`${server.url}/api/faq`, {
      'Accept-Encoding': CHROME,
      Cookie: server.owner.cookie,
    });
    expect(res.status).toBe(200);
    const json = res.decoded().toString();
    expect(json.length).toBeGreaterThan(1024);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.body.length).toBeLessThan(json.length);
    const plain = await rawRequest(`${server.url}/api/faq`, { Cookie: server.owner.cookie });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(json)).toEqual(JSON.parse(plain.body.toString()));
  });
});
