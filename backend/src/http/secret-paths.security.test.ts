import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_API_ROUTES } from '../auth/public-routes.ts';
import { registeredRoutes } from '../auth/route-walk.ts';
import { loadConfig } from '../config.ts';
import { visitLinks } from '../reminders/visit-links.ts';
import { startServer, type RunningServer } from '../start.ts';
import { capturedLog } from '../test/captured-log.ts';
import { submitPhotoForm, tokenOf } from '../test/quote-fixtures.ts';
import { requestSpelled } from '../test/raw-http.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createLogger } from './request-log.ts';
import { loggablePath } from './secret-paths.ts';

// Issue 21, item 3: a link's key (the quote page and its API, a calendar feed) is never written
// to the log, however the path is spelled; the README promises that tokens are never written.

const logOf = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
};
/** Waits until the log has `n` request lines: the line is written when the answer has gone. */
async function requestLines(lines: string[], n: number) {
  const requests = () => lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
  while (requests().length < n) await new Promise((resolve) => setImmediate(resolve));
  return requests() as { method: string; path: string; status: number }[];
}

// Shaped as a quote's key (43 base64url characters), so a route reads it as one.
const A_TOKEN = 'Zq9xT3mK7vB2nR8wL4pY6cF1hJ5dG0sAeUiOkWtQ_-7';

describe('every tokened route the app registers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('has its token hidden by loggablePath (a new :token route must be added to SECRET_AFTER)', () => {
    const routes = registeredRoutes(server.app);
    const tokened = routes.filter((r) => /:\w*token/i.test(r.path));
    // The public ones with a parameter are keyed links too: the key is their authentication.
    const publicWithParameter = PUBLIC_API_ROUTES.filter(([, pattern]) => pattern.includes(':'));
    const patterns = [...new Set([...tokened.map((r) => r.path), ...publicWithParameter.map(([, p]) => p)])];
    expect(patterns.length).toBeGreaterThanOrEqual(4);
    for (const pattern of patterns) {
      const concrete = pattern.replace(/:\w+/g, A_TOKEN);
      expect(loggablePath(concrete), pattern).not.toContain(A_TOKEN);
      expect(loggablePath(concrete), pattern).toContain(':token');
    }
    // …and the customer's quote page, a page route rather than an API one.
    expect(loggablePath(`/quote/${A_TOKEN}`)).toBe('/quote/:token');
  });
});

describe('the request log after each tokened request', () => {
  const log = logOf();
  let server: TestServer;
  let quoteToken: string;
  let feedToken: string;
  const SETUP_REQUESTS = 4;
  beforeAll(async () => {
    server = await startTestServer({
      logger: createLogger('info', log.stream),
      env: { PUBLIC_BASE_URL: 'https://quotes.example.com' },
    });
    const id = await submitPhotoForm(server.anonymous);
    const sent = await server.send('POST', `/api/photo-submissions/${id}/quotes`, { estimateAmount: '900' });
    expect(sent.status).toBe(201);
    quoteToken = tokenOf((await sent.json()).quote.link);
    const feed = await server.send('POST', '/api/calendar-feeds');
    expect(feed.status).toBe(201);
    feedToken = /\/api\/calendar-feed\/([^/]+)\.ics$/.exec((await feed.json()).path)![1]!;
    // The owner's sign-in, the photo form, the quote and the feed: every line of setup is in.
    await requestLines(log.lines, SETUP_REQUESTS);
  });
  afterAll(() => server.stop());

  it('logs the route with :token, never the key, for every call and every spelling', async () => {
    const q = quoteToken;
    const f = feedToken;
    const calls: [method: string, path: string, body: string | undefined, logged: string | null][] = [
      ['GET', `/quote/${q}`, undefined, '/quote/:token'],
      ['GET', `/api/public/quotes/${q}`, undefined, '/api/public/quotes/:token'],
      [
        'POST',
        `/api/public/quotes/${q}/questions`,
        '{"question":"Do you clean gutters too?"}',
        '/api/public/quotes/:token/questions',
      ],
      [
        'POST',
        `/api/public/quotes/${q}/accept`,
        JSON.stringify({ fullName: 'Iris Quinn', agreed: true }),
        '/api/public/quotes/:token/accept',
      ],
      ['GET', `/api/calendar-feed/${f}.ics`, undefined, '/api/calendar-feed/:token.ics'],
      // Unknown tokens, other spellings, routes that do not exist: a key is still a key.
      ['GET', `/api/public/quotes/${q.slice(0, -1)}x`, undefined, '/api/public/quotes/:token'],
      ['GET', `/api/public/quotes/${q}/nothing-here`, undefined, null],
      ['GET', `/API/public/quotes/${q}`, undefined, null],
      ['GET', `//api/public/quotes/${q}`, undefined, null],
      ['GET', `/api/public/quotes//${q}`, undefined, null],
      ['GET', `/api/public/./quotes/${q}`, undefined, null],
      ['GET', `/api/public/quotes/x/../${q}`, undefined, null],
      ['GET', `/api/public/quotes%2F${q}`, undefined, null],
      ['GET', `/api/public%2Fquotes/${q}`, undefined, null],
      ['GET', `/api/public/%71uotes/${q}`, undefined, null],
      ['GET', `/api/calendar-feed/${f}.ics/`, undefined, null],
      ['GET', `/API/Calendar-Feed/${f}.ics`, undefined, null],
      ['GET', `/Quote/${q}`, undefined, null],
      ['GET', `/quote/${q}/`, undefined, null],
      ['GET', `/quote%2F${q}`, undefined, null],
      ['GET', `/quote\\${q}`, undefined, null],
    ];
    for (const [i, [method, spelled, body, logged]] of calls.entries()) {
      const before = log.lines.length;
      const res = await requestSpelled(server.url, method, spelled, {
        headers: body ? { 'Content-Type': 'application/json' } : {},
        body,
      });
      const lines = await requestLines(log.lines, SETUP_REQUESTS + i + 1);
      const written = log.lines.slice(before).join('\n');
      expect(written, spelled).not.toContain(q);
      expect(written, spelled).not.toContain(f);
      // Not even a good part of it (a prefix an attacker could finish from).
      expect(written, spelled).not.toContain(q.slice(0, 12));
      expect(written, spelled).not.toContain(f.slice(0, 12));
      if (logged) expect(lines.at(-1)!.path, spelled).toBe(logged);
      expect(lines.at(-1)!.status, spelled).toBe(res.status);
    }
    // The first calls really reached the quote and the feed (the key was in use, and still hidden).
    const statuses = (await requestLines(log.lines, SETUP_REQUESTS + calls.length))
      .slice(SETUP_REQUESTS + 1, SETUP_REQUESTS + 5)
      .map((l) => l.status);
    expect(statuses).toEqual([200, 201, 200, 200]);
    expect(server.errors).toEqual([]);
  });
});

// Issue 31, item 5: odd spellings of a keyed path got 404 and their key was logged in full.
/** %-encodes every character of `text` (`a` is `%61`). */
const encodedAll = (text: string) =>
  [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
/** `/`-joined steps as an attacker, a broken client or a proxy might write them, each with `key` last. */
function spellings(steps: string[], key: string): string[] {
  const [first, ...rest] = steps;
  const path = (joined: string[], sep = '/', tail = key) => `/${joined.join(sep)}${sep}${tail}`;
  const last = steps.length - 1;
  const eachStep = (f: (step: string) => string) => steps.map((step, i) => (i === last ? f(step) : step));
  return [
    path(steps, '%2F'),
    path(steps, '%252F'),
    path(steps, '%25252F'),
    path(steps, '%5C'),
    path(steps, '%255C'),
    path(steps, '//'),
    `//${steps.join('//')}//${key}`,
    path(steps.map((s) => s.toUpperCase())),
    path(eachStep((s) => `${s}.`)),
    path(eachStep((s) => `${s}..`)),
    path(eachStep((s) => `${s}%2E`)),
    path(eachStep((s) => `${s};`)),
    path(eachStep((s) => `${s};jsessionid=1`)),
    path(steps, '/', `${key};x=1`),
    path(steps, '/;/'),
    path(eachStep((s) => `${s}%00`)),
    path(steps, '/', `${key}%00`),
    path(eachStep((s) => `${s}%20`)),
    path(eachStep((s) => `${s}%09`)),
    path(eachStep((s) => `%E2%80%8B${s}`)), // a zero-width space before the step
    path(eachStep((s) => encodedAll(s))),
    path(eachStep((s) => encodedAll(encodedAll(s)))),
    // Fullwidth letters (NFKC reads them as ASCII).
    path(
      eachStep((s) =>
        [...s].map((c) => encodeURIComponent(String.fromCharCode(c.charCodeAt(0) + 0xfee0))).join(''),
      ),
    ),
    path(steps, '/', `${encodedAll(key.slice(0, 3))}${key.slice(3)}`),
    path(steps, '/', encodedAll(key)),
    `/${first}/./${rest.join('/./')}/${key}`.replace('//', '/'),
    `/${first}/x/../${rest.join('/')}/${key}`.replace('//', '/'),
    // Nowhere near a keyed route: a key is still a key.
    `/nowhere/${key}`,
    `/nowhere/x${key}x`,
  ];
}

describe('the request log for every odd spelling of a keyed path', () => {
  const log = capturedLog('info');
  let server: TestServer;
  let keys: { quote: string; visit: string; feed: string };
  beforeAll(async () => {
    server = await startTestServer({
      logger: log.logger,
      env: { PUBLIC_BASE_URL: 'https://quotes.example.com' },
    });
    const id = await submitPhotoForm(server.anonymous);
    const sent = await server.send('POST', `/api/photo-submissions/${id}/quotes`, { estimateAmount: '900' });
    expect(sent.status).toBe(201);
    const feed = await server.send('POST', '/api/calendar-feeds');
    expect(feed.status).toBe(201);
    const booked = await server.send('POST', '/api/appointments/create', {
      customerName: 'Dana Whitfield',
      customerPhone: '+17075550177',
      address: '512 Redwood Drive, Garberville',
      serviceType: 'house-wash',
      preferredDate: '2026-12-02',
      preferredTime: '10:00 AM',
      allowOverlap: true,
    });
    expect(booked.status).toBe(201);
    // A visit's key as a reminder carries it, minted by the visit links' own owner.
    const visit = visitLinks(server.db).mint(
      ((await booked.json()) as { id: number }).id,
      new Date().toISOString(),
    );
    keys = {
      quote: tokenOf((await sent.json()).quote.link),
      visit,
      feed: /\/api\/calendar-feed\/([^/]+)\.ics$/.exec((await feed.json()).path)![1]!,
    };
  });
  afterAll(() => server.stop());

  it('never writes a key, nor any 12 characters of one, and logs each request with its status', async () => {
    // The keys really open their pages: what is hidden below is a working key.
    for (const [path, status] of [
      [`/api/public/quotes/${keys.quote}`, 200],
      [`/api/public/visits/${keys.visit}`, 200],
      [`/api/calendar-feed/${keys.feed}.ics`, 200],
    ] as const)
      expect((await requestSpelled(server.url, 'GET', path)).status, path).toBe(status);
    const attacks = [
      ...spellings(['quote'], keys.quote),
      ...spellings(['api', 'public', 'quotes'], keys.quote),
      ...spellings(['visit'], keys.visit),
      ...spellings(['api', 'public', 'visits'], keys.visit),
      ...spellings(['api', 'calendar-feed'], `${keys.feed}.ics`),
    ];
    expect(attacks.length).toBeGreaterThan(100);
    const pieces = Object.values(keys).flatMap((key) =>
      Array.from({ length: key.length - 11 }, (_, i) => key.slice(i, i + 12)),
    );
    const statuses = new Set<number>();
    for (const spelled of attacks) {
      const before = log.lines.length;
      const requestsBefore = (await requestLines(log.lines, 0)).length;
      const res = await requestSpelled(server.url, 'GET', spelled);
      statuses.add(res.status);
      const lines = await requestLines(log.lines, requestsBefore + 1);
      expect(lines.at(-1)!.status, spelled).toBe(res.status);
      const written = log.lines.slice(before).join('\n');
      const leaked = pieces.filter((piece) => written.includes(piece));
      expect(leaked, `${spelled} logged as ${lines.at(-1)!.path}`).toEqual([]);
    }
    // Most spellings lead nowhere; some reach the page (a router reads them as the real path).
    expect(statuses.has(404)).toBe(true);
    expect(server.errors).toEqual([]);
  });
});

describe('an unexpected fault on a tokened route', () => {
  it('is reported with the route, not the key', async () => {
    const log = logOf();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-secret-'));
    let running: RunningServer | undefined;
    try {
      const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_DATA: 'off' });
      running = await startServer(config, { logger: createLogger('info', log.stream) });
      running.db.exec('DROP TABLE sent_quotes');
      const res = await fetch(`${running.url}/api/public/quotes/${A_TOKEN}`);
      expect(res.status).toBe(500);
      await requestLines(log.lines, 1);
      const fault = log.lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unexpected fault');
      expect(fault.path).toBe('/api/public/quotes/:token');
      expect(log.lines.join('\n')).not.toContain(A_TOKEN);
    } finally {
      await running?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
