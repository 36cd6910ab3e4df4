import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/live-backend.ts';
import { checkServer } from './server-check.main.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** Some other web server on 127.0.0.1 answering every path with the given status and body. */
async function otherServer(status: number, body: string, type = 'text/html') {
  const server = http.createServer((_req, res) => res.writeHead(status, { 'Content-Type': type }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A port nothing listens on: one that was just given up. */
async function closedPort() {
  const url = await otherServer(200, '');
  await closers.pop()!();
  return url;
}

describe('checking a Washdesk server address before it is saved', () => {
  let server: TestServer;
  it('finds the business by name at a real server, whatever path was typed', async () => {
    server = await startTestServer({ env: { BUSINESS_NAME: 'Redwood Soft Wash' } });
    closers.push(() => server.stop());
    const check = await checkServer(`${server.url}/admin/settings`);
    expect(check).toEqual({
      ok: true,
      serverUrl: server.url,
      businessName: 'Redwood Soft Wash',
      version: expect.any(String),
    });
  });

  it('says when nothing answers at the address', async () => {
    const url = await closedPort();
    expect(await checkServer(url)).toEqual({
      ok: false,
      problem: 'unreachable',
      message: `${url} cannot be reached: nothing is listening at that address.`,
    });
  });

  it('says when another web site answers instead of Washdesk', async () => {
    const url = await otherServer(404, '<h1>Not here</h1>');
    expect(await checkServer(url)).toMatchObject({ ok: false, problem: 'not-washdesk' });
    const json = await otherServer(200, '{"status":"up"}', 'application/json');
    expect(await checkServer(json)).toMatchObject({
      ok: false,
      problem: 'not-washdesk',
      message: `${json} answered, but it is not a Washdesk server.`,
    });
  });

  it('says when the server is there but reports its database down', async () => {
    const url = await otherServer(
      503,
      JSON.stringify({ ok: false, database: { ok: false, migrations: 0 }, version: '0.1.0' }),
      'application/json',
    );
    expect(await checkServer(url)).toMatchObject({ ok: false, problem: 'unhealthy' });
  });

  it.each([
    '',
    'not a url at all',
    'ftp://files.example.com',
    'file:///etc/passwd',
    'https://user:pw@example.com',
  ])('refuses %j without calling anything', async (typed) => {
    const calls: string[] = [];
    const check = await checkServer(typed, {
      fetch: async (url) => (calls.push(String(url)), new Response()),
    });
    expect(check).toMatchObject({ ok: false, problem: 'invalid-url' });
    expect(calls).toEqual([]);
  });
});
