import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_COOKIE, ACCOUNT_TEXTS, type CustomerAccount } from '@washdesk/contract';
import { startFakeSmtp, type FakeSmtp } from '../test/fake-smtp.ts';
import { startFakeTwilio, type FakeTwilio } from '../test/fake-twilio.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { loggablePath } from '../http/secret-paths.ts';

// Sign-in by link, end to end over HTTP: a real server and SQLite file, the twilio SDK against the
// fake Twilio and nodemailer against a fake SMTP server on 127.0.0.1, on a clock the test moves.

const PUBLIC_URL = 'https://washdesk.example.com';
const PHONE = '+17075550101';
const EMAIL = 'dana@example.com';
const MINUTE = 60_000;

let smtp: FakeSmtp;
let twilio: FakeTwilio;
let server: TestServer;
const now = { ms: Date.parse('2026-11-20T18:00:00Z') };
let customerId: number;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const linkOf = (body: string) => /https:\/\/\S+\/account\/continue\/([A-Za-z0-9_-]{43})/.exec(body);
const tokensSentTo = (to: string) => twilio.texts.filter((t) => t.to === to).map((t) => linkOf(t.body)![1]!);
const ask = (contact: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/public/account/link`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ contact }),
  });
const spend = (token: string) =>
  fetch(`${server.url}/api/public/account/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${ACCOUNT_COOKIE}=`))!
    .split(';')[0]!;
const accountWith = (cookie: string) =>
  fetch(`${server.url}/api/public/account`, { headers: { Cookie: cookie } });
const spentLinks = () =>
  (
    server.db.prepare('SELECT count(*) AS n FROM account_links WHERE used_at IS NOT NULL').get() as {
      n: number;
    }
  ).n;
/** A new hour: the link requests of the last one no longer count (the staff session is kept alive). */
const nextHour = async () => {
  now.ms += 61 * MINUTE;
  expect((await server.get('/api/customers')).status).toBe(200);
};
/** A link texted to the customer's phone, as they asked for it on /account. */
async function textedLink(): Promise<string> {
  await nextHour();
  const before = tokensSentTo(PHONE).length;
  expect((await ask('(707) 555-0101')).status).toBe(202);
  await server.settled();
  const tokens = tokensSentTo(PHONE);
  expect(tokens).toHaveLength(before + 1);
  return tokens.at(-1)!;
}

beforeAll(async () => {
  smtp = await startFakeSmtp();
  twilio = await startFakeTwilio();
  server = await startTestServer({
    clock: () => now.ms,
    env: {
      ...twilio.env,
      SMTP_URL: smtp.url,
      PUBLIC_BASE_URL: PUBLIC_URL,
      BUSINESS_NAME: 'Lost Coast Soft Wash',
    },
  });
  const request = await server.anonymous.send('POST', '/api/service-requests', {
    firstName: 'Dana',
    lastName: 'Whitfield',
    email: EMAIL,
    phone: '707-555-0101',
    address: '512 Redwood Drive',
    city: 'Garberville',
    serviceType: 'house-washing',
    urgency: 'week',
    description: 'Green streaks on the north side',
  });
  expect(request.status).toBe(201);
  customerId = (server.db.prepare('SELECT id FROM customers').get() as { id: number }).id;
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
  await twilio.close();
});
afterEach(() => expect(server.errors).toEqual([]));

describe('asking for a link', () => {
  it('answers the same 202 for a known and an unknown contact, and texts only the known one', async () => {
    await nextHour();
    const known = await ask('707 555 0101');
    const unknown = await ask('707 555 0199');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual(await unknown.json());
    await server.settled();
    expect(tokensSentTo(PHONE)).toHaveLength(1);
    expect(twilio.texts.filter((t) => t.to === '+17075550199')).toEqual([]);
    // Only the key's SHA-256 is stored.
    const token = tokensSentTo(PHONE)[0]!;
    const stored = server.db.prepare('SELECT token_hash FROM account_links').all() as {
      token_hash: string;
    }[];
    expect(stored).toEqual([{ token_hash: sha256(token) }]);
    expect(JSON.stringify(server.db.prepare('SELECT * FROM outbox_messages').all())).not.toContain(token);
  });

  it('e-mails a link to a known e-mail address', async () => {
    await nextHour();
    const mails = smtp.mails.length;
    expect((await ask('Dana@Example.com')).status).toBe(202);
    await server.settled();
    await smtp.received(mails + 1);
    expect(smtp.recipients.at(-1)).toEqual([EMAIL]);
    expect(linkOf(smtp.mails.at(-1)!.text ?? '')).not.toBeNull();
  });

  it('takes at most 5 requests an hour per contact and per address', async () => {
    await nextHour();
    for (let i = 0; i < 5; i++) expect((await ask('707-555-0123')).status).toBe(202);
    expect((await ask('707-555-0123')).status).toBe(429);
    // The address is spent too: another contact from it waits as well.
    expect((await ask('707-555-0124')).status).toBe(429);
    await nextHour();
    expect((await ask('707-555-0124')).status).toBe(202);
    await server.settled();
  });

  it('refuses a request another site makes, and what is not a phone or e-mail', async () => {
    await nextHour();
    expect((await ask('707-555-0101', { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await ask('hello')).status).toBe(400);
  });
});

describe('opening a link', () => {
  it('spends nothing on GET or HEAD of the page, or on reading its state', async () => {
    const token = await textedLink();
    const page = `${server.url}/account/continue/${token}`;
    for (const method of ['HEAD', 'GET', 'GET', 'HEAD']) {
      const res = await fetch(page, { method });
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
    const state = await fetch(`${server.url}/api/public/account/links/${token}`);
    expect(await state.json()).toEqual({ state: 'usable' });
    expect(state.headers.get('referrer-policy')).toBe('no-referrer');
    expect(spentLinks()).toBe(0);
    expect(server.count('account_sessions')).toBe(0);
    // Logs write the path without its key.
    expect(loggablePath(`/account/continue/${token}`)).not.toContain(token);
    expect(loggablePath(`/api/public/account/links/${token}`)).not.toContain(token);
  });

  it('Continue spends it once and sets a 30-day HttpOnly, Secure, SameSite=Lax cookie', async () => {
    const token = await textedLink();
    const res = await spend(token);
    expect(res.status).toBe(201);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${ACCOUNT_COOKIE}=`))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Secure/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    const account = await accountWith(cookieOf(res));
    expect(account.status).toBe(200);
    expect(((await account.json()) as CustomerAccount).customer).toMatchObject({
      name: 'Dana Whitfield',
      phoneLastFour: '0101',
    });
    // The second press finds it spent, and the page offers a new one.
    const again = await spend(token);
    expect(again.status).toBe(410);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      ACCOUNT_TEXTS.linkUnusable,
    );
    const state = await fetch(`${server.url}/api/public/account/links/${token}`);
    expect(await state.json()).toEqual({ state: 'unusable' });
  });

  it('works for 60 minutes and is refused at 61', async () => {
    const early = await textedLink();
    now.ms += 59 * MINUTE;
    expect((await spend(early)).status).toBe(201);
    const late = await textedLink();
    const sessions = server.count('account_sessions');
    now.ms += 61 * MINUTE;
    const refused = await spend(late);
    expect(refused.status).toBe(410);
    expect(server.count('account_sessions')).toBe(sessions);
    expect(await (await fetch(`${server.url}/api/public/account/links/${late}`)).json()).toEqual({
      state: 'unusable',
    });
  });

  it('refuses a forged key and another site signing a browser in', async () => {
    const token = await textedLink();
    expect((await spend('A'.repeat(43))).status).toBe(410);
    const crossSite = await fetch(`${server.url}/api/public/account/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify({ token }),
    });
    expect(crossSite.status).toBe(403);
    expect((await spend(token)).status).toBe(201);
  });
});

describe('a session', () => {
  it('ends when the customer signs out', async () => {
    const cookie = cookieOf(await spend(await textedLink()));
    const out = await fetch(`${server.url}/api/public/account/sign-out`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    expect((await accountWith(cookie)).status).toBe(401);
  });

  it('ends on every device when staff end it, and staff can send a link from the record', async () => {
    const first = cookieOf(await spend(await textedLink()));
    const second = cookieOf(await spend(await textedLink()));
    expect(await (await server.get(`/api/customers/${customerId}/account`)).json()).toEqual({
      liveSessions: expect.any(Number),
    });
    const ended = await server.send('DELETE', `/api/customers/${customerId}/account-sessions`);
    expect(ended.status).toBe(200);
    expect((await ended.json()).ended).toBeGreaterThanOrEqual(2);
    expect((await accountWith(first)).status).toBe(401);
    expect((await accountWith(second)).status).toBe(401);

    const sent = await server.send('POST', `/api/customers/${customerId}/account-link`, { channel: 'text' });
    expect(await sent.json()).toEqual({ channel: 'text', outcome: 'sent', problem: null });
    const mails = smtp.mails.length;
    const mailed = await server.send('POST', `/api/customers/${customerId}/account-link`, {
      channel: 'email',
    });
    expect(await mailed.json()).toEqual({ channel: 'email', outcome: 'sent', problem: null });
    await smtp.received(mails + 1);
    expect((await spend(tokensSentTo(PHONE).at(-1)!)).status).toBe(201);
    // Not for an anonymous visitor.
    expect(
      (await server.anonymous.send('POST', `/api/customers/${customerId}/account-link`, {})).status,
    ).toBe(401);
  });

  it('puts a message on the customer\u2019s text thread, and changes contact details only with the last 4 digits', async () => {
    const cookie = cookieOf(await spend(await textedLink()));
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (await post('/api/public/account/messages', { message: 'Can you also do the fence?' })).status,
    ).toBe(201);
    const threads = (await (await server.get('/api/texts/threads')).json()) as {
      id: number;
      phone: string;
      customerId: number;
    }[];
    const thread = threads.find((t) => t.phone === PHONE)!;
    expect(thread.customerId).toBe(customerId);
    const messages = (await (await server.get(`/api/texts/threads/${thread.id}`)).json()) as {
      messages: { body: string }[];
    };
    expect(JSON.stringify(messages)).toContain('Can you also do the fence?');

    const contact = {
      name: 'Dana Whitfield',
      phone: '707-555-0101',
      email: 'dana.w@example.com',
      address: '512 Redwood Drive',
    };
    const wrong = await post('/api/public/account/contact', { ...contact, phoneLastFour: '9999' });
    expect(wrong.status).toBe(400);
    expect(
      ((await wrong.json()) as { error: { fields: Record<string, string> } }).error.fields.phoneLastFour,
    ).toBe(ACCOUNT_TEXTS.lastFourWrong);
    expect((await post('/api/public/account/contact', { ...contact, phoneLastFour: '0101' })).status).toBe(
      200,
    );
    const account = (await (await accountWith(cookie)).json()) as CustomerAccount;
    expect(account.customer.email).toBe('dana.w@example.com');
  });
});
