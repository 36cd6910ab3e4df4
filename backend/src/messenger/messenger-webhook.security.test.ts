import crypto from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requestSpelled } from '../test/raw-http.ts';
import { customerText, signatureOf, startFakeMeta, webhookBody, type FakeMeta } from '../test/fake-meta.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { messengerDeliveryFromConfig } from './meta-delivery.ts';

// Meta's webhook is authenticated by an HMAC over the raw bytes. It reads only the type Meta sends
// (application/json, as bytes: never inflated, never another parser's idea of the body), and a
// sender id goes into Graph API paths, so only Meta's shape of id (digits) is accepted (issue 21,
// items 1 and 6c).

const APP_SECRET = 'test-app-secret';
const now = Date.parse('2026-05-04T16:00:00.000Z');
const STORED_BY_WEBHOOK = [
  'messenger_conversations',
  'messenger_messages',
  'customers',
  'customer_arrivals',
  'leads',
  'ai_responses',
  'assistant_conversations',
  'events',
];

let meta: FakeMeta;
let server: TestServer;
beforeAll(async () => {
  meta = await startFakeMeta();
  server = await startTestServer({
    clock: () => now,
    env: {
      META_APP_SECRET: APP_SECRET,
      META_VERIFY_TOKEN: 'verify',
      META_PAGE_ACCESS_TOKEN: 'test-page-token',
      META_GRAPH_BASE_URL: meta.url,
    },
  });
});
afterAll(async () => {
  await server.stop();
  await meta.close();
});
afterEach(async () => {
  await server.settled();
  expect(server.errors).toEqual([]);
});

const nothingStored = () => {
  for (const table of STORED_BY_WEBHOOK) expect(server.count(table), table).toBe(0);
  expect(meta.calls).toEqual([]);
  expect(meta.profileLookups).toEqual([]);
};

const post = (headers: Record<string, string>, body: string) =>
  requestSpelled(server.url, 'POST', '/api/messenger/webhook', { headers, body });

describe('POST /api/messenger/webhook reads only JSON, as the bytes Meta signed', () => {
  const raw = JSON.stringify(webhookBody(now, customerText('6000000000000001', 'm_sec_1', 'Hi there', now)));
  const signed = { 'X-Hub-Signature-256': signatureOf(raw, APP_SECRET) };

  it.each([
    ['text/plain', { 'Content-Type': 'text/plain' }],
    ['a form', { 'Content-Type': 'application/x-www-form-urlencoded' }],
    ['multipart', { 'Content-Type': 'multipart/form-data; boundary=x' }],
    ['no Content-Type', {}],
    ['application/json-evil', { 'Content-Type': 'application/json-evil' }],
    ['application/jsonx', { 'Content-Type': 'application/jsonx' }],
    ['application/json+x', { 'Content-Type': 'application/json+x' }],
    ['a list of types', { 'Content-Type': 'application/json, text/plain' }],
    ['another charset', { 'Content-Type': 'application/json; charset=utf-16' }],
    ['an extra parameter', { 'Content-Type': 'application/json; boundary=x' }],
  ])('a correctly signed body sent as %s → 415, nothing stored', async (_name, headers) => {
    const res = await post({ ...headers, ...signed }, raw);
    expect(res.status).toBe(415);
    expect(JSON.parse(res.text())).toEqual({
      error: {
        code: 'unsupported_media_type',
        message: 'The Messenger webhook accepts only application/json',
      },
    });
    nothingStored();
  });

  it('a compressed body is not inflated (the HMAC would cover other bytes than those parsed) → 415', async () => {
    const zipped = gzipSync(raw);
    for (const signature of [signatureOf(raw, APP_SECRET), `sha256=${hmacOf(zipped)}`]) {
      // (The bytes' exact form does not matter: the encoding alone refuses them.)
      const res = await post(
        { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'X-Hub-Signature-256': signature },
        zipped.toString('latin1'),
      );
      expect(res.status).toBe(415);
    }
    nothingStored();
  });

  it('bytes added after signing (whitespace JSON.parse would ignore) → 403', async () => {
    for (const changed of [`${raw} `, ` ${raw}`, `${raw}\n`, `\ufeff${raw}`]) {
      const res = await post({ 'Content-Type': 'application/json', ...signed }, changed);
      expect(res.status).toBe(403);
    }
    nothingStored();
  });
});

const hmacOf = (bytes: Buffer) => crypto.createHmac('sha256', APP_SECRET).update(bytes).digest('hex');

describe('a Messenger sender id is a page-scoped id (digits) or nothing', () => {
  const HOSTILE_IDS = ['../me', '1?x=', '1/2', '..%2fme', '1#x', ' 1', '1e3', '', '0x10', '1'.repeat(40)];

  it.each(HOSTILE_IDS)('the webhook refuses sender %j: 400, nothing stored, no Graph request', async (id) => {
    const raw = JSON.stringify(webhookBody(now, customerText(id, `m_bad_${id}`, 'Hello', now)));
    const res = await post(
      { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signatureOf(raw, APP_SECRET) },
      raw,
    );
    expect(res.status).toBe(400);
    await server.settled();
    nothingStored();
  });

  it('the Graph client builds no URL from such an id, even one already stored', async () => {
    const delivery = messengerDeliveryFromConfig({
      pageAccessToken: 'test-page-token',
      graphBaseUrl: meta.url,
    })!;
    for (const id of HOSTILE_IDS) {
      expect(await delivery.profile(id)).toBeNull();
      expect(await delivery.deliver(id, 'Hello')).toEqual({
        ok: false,
        reason: 'not delivered: not a Messenger id',
      });
    }
    expect(meta.profileLookups).toEqual([]);
    expect(meta.calls).toEqual([]);
    // A real id is looked up, under its own path (so the belt above is not all that stops them).
    await delivery.profile('6000000000000002');
    expect(meta.profileLookups).toEqual(['/v21.0/6000000000000002?fields=first_name,last_name,profile_pic']);
    meta.profileLookups.length = 0;
  });
});

describe('the control', () => {
  const raw = JSON.stringify(webhookBody(now, customerText('6000000000000001', 'm_sec_1', 'Hi there', now)));
  const signed = { 'X-Hub-Signature-256': signatureOf(raw, APP_SECRET) };
  it('a body as Meta sends it (application/json; charset=utf-8) is stored: the refusals above are about what differs', async () => {
    const res = await post({ 'Content-Type': 'application/json; charset=UTF-8', ...signed }, raw);
    expect(res.status).toBe(200);
    await server.settled();
    expect(server.count('messenger_messages')).toBeGreaterThan(0);
  });
});
