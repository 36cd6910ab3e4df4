import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { capturedLog } from '../test/captured-log.ts';
import { requestSpelled } from '../test/raw-http.ts';
import { startStripeRig, type StripeRig } from '../test/stripe-rig.ts';
import { SIGNATURE_TOLERANCE_S, STRIPE_WEBHOOK } from './stripe-webhook.routes.ts';

// Stripe's webhook is public: the Stripe-Signature over the raw bytes is its only key. It reads
// only what Stripe sends (application/json, as bytes, never inflated), refuses a body whose
// signature does not match those very bytes or is older than five minutes (a captured request
// replayed later), changes nothing for a replay inside that window, and answers only at its one
// spelling.

let now = Date.parse('2026-06-01T15:00:00.000Z');
const clock = () => now;
const log = capturedLog('info');
let rig: StripeRig;
let event: Stripe.Event;
let raw: string;

const STORED = ['webhook_events', 'payments', 'disputes', 'events'];
const counts = () => Object.fromEntries(STORED.map((t) => [t, rig.server.count(t)]));
let empty: Record<string, number>;

beforeAll(async () => {
  rig = await startStripeRig({ clock, logger: log.logger, deliver: false });
  const session = await rig.startCheckout({ purpose: 'deposit', quoteId: 5, amountCents: 12_500 });
  await rig.fake.pay(session, 'card');
  event = rig.fake.events().find((e) => e.type === 'payment_intent.succeeded')!;
  raw = JSON.stringify(event, null, 2);
  empty = counts();
});
afterAll(() => rig.stop());

const post = async (headers: Record<string, string>, body: string | Buffer, path = STRIPE_WEBHOOK) => {
  if (typeof body === 'string') return requestSpelled(rig.server.url, 'POST', path, { headers, body });
  // Bytes exactly as given (requestSpelled writes text as UTF-8).
  const res = await fetch(`${rig.server.url}${path}`, { method: 'POST', headers, body });
  const text = await res.text();
  return { status: res.status, text: () => text };
};
const signedWith = (secret: string, body = raw, at = now) =>
  Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: Math.floor(at / 1000) });
const json = { 'Content-Type': 'application/json' };

describe('POST /api/stripe/webhook refuses what Stripe did not send', () => {
  it.each([
    ['text/plain', { 'Content-Type': 'text/plain' }],
    ['a form', { 'Content-Type': 'application/x-www-form-urlencoded' }],
    ['no Content-Type', {}],
    ['application/json-evil', { 'Content-Type': 'application/json-evil' }],
    ['a list of types', { 'Content-Type': 'application/json, text/plain' }],
    ['another charset', { 'Content-Type': 'application/json; charset=utf-16' }],
  ])('a correctly signed event sent as %s → 415, nothing stored', async (_name, headers) => {
    const res = await post({ ...headers, 'Stripe-Signature': rig.fake.sign(raw) }, raw);
    expect(res.status).toBe(415);
    expect(JSON.parse(res.text())).toEqual({
      error: { code: 'unsupported_media_type', message: 'The Stripe webhook accepts only application/json' },
    });
    expect(counts()).toEqual(empty);
  });

  it('a compressed body is not inflated → 415', async () => {
    const res = await post(
      { ...json, 'Content-Encoding': 'gzip', 'Stripe-Signature': rig.fake.sign(raw) },
      gzipSync(raw),
    );
    expect(res.status).toBe(415);
    expect(counts()).toEqual(empty);
  });

  it.each([
    ['no signature', () => ({})],
    ['an empty signature', () => ({ 'Stripe-Signature': '' })],
    ['another secret', () => ({ 'Stripe-Signature': signedWith('whsec_not_ours') })],
    ['a signature without a time', () => ({ 'Stripe-Signature': rig.fake.sign(raw).replace(/^t=\d+,/, '') })],
    ['the old v0 scheme only', () => ({ 'Stripe-Signature': rig.fake.sign(raw).replace('v1=', 'v0=') })],
    [
      'one digit changed',
      () => ({ 'Stripe-Signature': rig.fake.sign(raw).replace(/.$/, (c) => (c === '0' ? '1' : '0')) }),
    ],
  ])('a forged event (%s) → 400, nothing stored', async (_name, headers) => {
    const res = await post({ ...json, ...headers() }, raw);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text()).error.code).toBe('invalid_signature');
    expect(counts()).toEqual(empty);
  });

  it('bytes changed after signing (whitespace JSON.parse ignores, a byte-order mark, another amount) → 400', async () => {
    const header = rig.fake.sign(raw);
    for (const changed of [`${raw} `, `\ufeff${raw}`, raw.replace('"amount": 12500', '"amount": 1')]) {
      const res = await post({ ...json, 'Stripe-Signature': header }, changed);
      expect(res.status, JSON.stringify(changed.slice(0, 3))).toBe(400);
    }
    // Broken UTF-8 that a lenient decoder would turn into the signed text's replacement characters.
    const [head, tail] = raw.split('"deposit"', 2) as [string, string];
    const broken = Buffer.concat([
      Buffer.from(`${head}"deposit`),
      Buffer.from([0xff]),
      Buffer.from(`"${tail}`),
    ]);
    const lenient = new TextDecoder().decode(broken);
    const res = await post({ ...json, 'Stripe-Signature': rig.fake.sign(lenient) }, broken);
    expect(res.status).toBe(400);
    expect(counts()).toEqual(empty);
  });

  it('an old signature is refused (older than the tolerance), a fresh one taken', async () => {
    const old = signedWith(rig.fake.webhookSecret, raw, now - (SIGNATURE_TOLERANCE_S + 1) * 1000);
    expect((await post({ ...json, 'Stripe-Signature': old }, raw)).status).toBe(400);
    expect(counts()).toEqual(empty);
    const fresh = signedWith(rig.fake.webhookSecret, raw, now - (SIGNATURE_TOLERANCE_S - 5) * 1000);
    expect((await post({ ...json, 'Stripe-Signature': fresh }, raw)).status).toBe(200);
    expect(rig.server.count('payments')).toBe(1);
  });

  it('a captured request replayed changes nothing; replayed after five minutes it is refused', async () => {
    const captured = { ...json, 'Stripe-Signature': rig.fake.sign(raw) };
    await post(captured, raw);
    const after = counts();
    const ledger = rig.ledger.page(10);
    for (let i = 0; i < 3; i++) expect((await post(captured, raw)).status).toBe(200);
    expect(counts()).toEqual(after);
    expect(rig.ledger.page(10)).toEqual(ledger);
    now += (SIGNATURE_TOLERANCE_S + 1) * 1000;
    const late = await post(captured, raw);
    expect(late.status).toBe(400);
    expect(counts()).toEqual(after);
  });

  it('answers only at its one spelling', async () => {
    const before = counts();
    for (const path of [
      '/API/stripe/webhook',
      '/api/Stripe/webhook',
      '/api/stripe/Webhook',
      '//api/stripe/webhook',
      '/api//stripe/webhook',
      '/api/./stripe/webhook',
      '/api/stripe/webhook/',
      '/api/stripe/webhook//',
      '/api/x/../stripe/webhook',
      '/%61pi/stripe/webhook',
      '/api%2Fstripe/webhook',
      '/api/%73tripe/webhook',
      '/api\\stripe/webhook',
    ]) {
      const res = await post({ ...json, 'Stripe-Signature': rig.fake.sign(raw) }, raw, path);
      expect(res.status, path).toBe(404);
    }
    expect(counts()).toEqual(before);
  });

  it('keeps no signature, secret or key in its log', () => {
    const text = log.lines.join('\n');
    expect(text).toContain(STRIPE_WEBHOOK);
    expect(text).not.toContain(rig.fake.webhookSecret);
    expect(text).not.toContain(rig.fake.secretKey);
    expect(text).not.toMatch(/v1=[0-9a-f]{64}/);
  });
});
