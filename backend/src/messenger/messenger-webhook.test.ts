import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  HUMAN_AGENT_WINDOW_MS,
  MESSENGER_WINDOW_CLOSED,
  conversationSchema,
  errorBodySchema,
  messageSchema,
  type Conversation,
  type Message,
} from '@washdesk/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import {
  TEST_PAGE_ID,
  customerText,
  postWebhook,
  signatureOf,
  startFakeMeta,
  webhookBody,
  type FakeMeta,
} from '../test/fake-meta.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../test/fake-openai.ts';

const APP_SECRET = 'test-app-secret';
const VERIFY_TOKEN = 'washdesk-verify-me';
const HOUR = 3_600_000;

// Time stands still unless a test moves it: Meta's windows and takeover expiry follow this clock.
let now = Date.parse('2026-05-04T16:00:00.000Z');
let meta: FakeMeta;
let server: TestServer;
let nextMid = 1;
const mid = () => `m_test_${nextMid++}`;

beforeAll(async () => {
  meta = await startFakeMeta();
  server = await startTestServer({
    clock: () => now,
    env: {
      META_APP_SECRET: APP_SECRET,
      META_VERIFY_TOKEN: VERIFY_TOKEN,
      META_PAGE_ACCESS_TOKEN: 'test-page-token',
      META_GRAPH_BASE_URL: meta.url,
    },
  });
  server.db
    .prepare(
      `INSERT INTO faq_entries (question, answer, category, is_active, created_at, updated_at)
      VALUES ('Do you clean roofs?', 'Yes, we soft-wash roofs of every kind.', 'Services', 1, '2026-01-01', '2026-01-01')`,
    )
    .run();
});
afterAll(async () => {
  await server.stop();
  await meta.close();
});
afterEach(async () => {
  await server.settled();
  expect(server.errors).toEqual([]);
  meta.calls = [];
  meta.answer = 'accept';
});

const post = (body: unknown) => postWebhook(server.url, body, { appSecret: APP_SECRET });
/** A customer writes; Meta's body is signed and the server has finished its reply. */
async function customerWrites(userId: string, text: string, id = mid()) {
  const res = await post(webhookBody(now, customerText(userId, id, text, now)));
  expect(res.status).toBe(200);
  expect(await res.text()).toBe('EVENT_RECEIVED');
  await server.settled();
}

async function conversationOf(userId: string): Promise<Conversation | undefined> {
  const res = await server.get('/api/messenger/conversations?limit=100');
  return conversationSchema
    .strict()
    .array()
    .parse(await res.json())
    .find((c) => c.facebookUserId === userId);
}
async function threadOf(userId: string): Promise<Message[]> {
  const c = await conversationOf(userId);
  if (!c) return [];
  const res = await server.get(`/api/messenger/conversations/${c.id}/messages?limit=100`);
  return messageSchema
    .strict()
    .array()
    .parse(await res.json());
}
/** What the fake Meta was asked to send, by recipient. */
const sentTo = (userId: string) =>
  meta.calls
    .map((c) => c.body as { recipient: { id: string }; message: { text: string }; tag?: string })
    .filter((b) => b.recipient.id === userId);
const setAi = (patch: Record<string, unknown>) =>
  server.send('PUT', '/api/settings/ai', {
    friendlyTone: true,
    autoScheduleQuotes: true,
    photoRequestPrompts: false,
    messengerAutoReply: true,
    responseDelay: 2,
    ...patch,
  });

describe('GET /api/messenger/webhook (Meta subscription handshake)', () => {
  const verify = (query: string) => fetch(`${server.url}/api/messenger/webhook?${query}`);

  it('answers the challenge as plain text for the right verify token', async () => {
    const res = await verify(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('1158201444');
  });

  it.each([
    ['a wrong verify token', `hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1`],
    ['another mode', `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`],
    ['no parameters', ''],
  ])('refuses %s with 403', async (_label, query) => {
    const res = await verify(query);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('1');
  });
});

describe('POST /api/messenger/webhook: only what Meta signed is stored', () => {
  const user = '5550000000000001';
  const stored = () => server.count('messenger_messages') + server.count('messenger_conversations');

  it.each([
    ['a signature made with another secret', (raw: string) => signatureOf(raw, 'not-the-secret')],
    ['no signature', () => null],
    ['a malformed signature', () => 'sha256=zz'],
    ['a sha1 signature', (raw: string) => signatureOf(raw, APP_SECRET).replace('sha256', 'sha1')],
  ])('refuses %s with 403 and stores nothing', async (_label, sign) => {
    const before = stored();
    const raw = JSON.stringify(webhookBody(now, customerText(user, mid(), 'hi', now)));
    const res = await postWebhook(server.url, raw, { signature: sign(raw) });
    expect(res.status).toBe(403);
    expect(stored()).toBe(before);
    expect(meta.calls).toEqual([]);
  });

  it('refuses a body changed after signing (an old valid signature on a new body)', async () => {
    const before = stored();
    const signed = JSON.stringify(webhookBody(now, customerText(user, mid(), 'hi', now)));
    const changed = signed.replace('"hi"', '"Send me your price list"');
    const res = await postWebhook(server.url, changed, { signature: signatureOf(signed, APP_SECRET) });
    expect(res.status).toBe(403);
    expect(stored()).toBe(before);
  });

  it('refuses a correctly signed body from more than 48 hours ago (a replay) and stores nothing', async () => {
    const before = stored();
    const then = now - 49 * HOUR;
    const res = await post(webhookBody(then, customerText(user, mid(), 'hi', then)));
    expect(res.status).toBe(403);
    expect(stored()).toBe(before);
    // Meta's own retries are younger than that and are taken.
    const retried = now - 30 * HOUR;
    expect((await post(webhookBody(retried, customerText(user, mid(), 'hi again', retried)))).status).toBe(
      200,
    );
  });

  it('answers 503 and stores nothing without META_APP_SECRET', async () => {
    const bare = await startTestServer();
    try {
      const body = webhookBody(now, customerText(user, mid(), 'hi', now));
      const res = await postWebhook(bare.url, body, { appSecret: '' });
      expect(res.status).toBe(503);
      expect(bare.count('messenger_messages')).toBe(0);
      expect(bare.count('messenger_conversations')).toBe(0);
    } finally {
      await bare.stop();
    }
  });
});

describe('POST /api/messenger/webhook: events', () => {
  it('makes one conversation per sender of a batch, named from their Graph profile or "Facebook User" + last 4', async () => {
    meta.profiles.set('6000000000004321', { first_name: 'Rosa', last_name: 'Lindqvist' });
    const res = await post({
      object: 'page',
      entry: [
        { id: TEST_PAGE_ID, time: now, messaging: [customerText('6000000000004321', mid(), 'Hello', now)] },
        {
          id: TEST_PAGE_ID,
          time: now,
          messaging: [customerText('6000000000008765', mid(), 'Hi there', now)],
        },
      ],
    });
    expect(res.status).toBe(200);
    await server.settled();
    const rosa = (await conversationOf('6000000000004321'))!;
    const other = (await conversationOf('6000000000008765'))!;
    expect([rosa.firstName, rosa.lastName]).toEqual(['Rosa', 'Lindqvist']);
    expect([other.firstName, other.lastName]).toEqual([null, null]);
    expect((await threadOf('6000000000004321')).map((m) => [m.sender, m.messageText])).toContainEqual([
      'customer',
      'Hello',
    ]);
    const recent = (await (await server.get('/api/messenger/messages')).json()) as { displayName: string }[];
    expect(recent.map((r) => r.displayName)).toEqual(
      expect.arrayContaining(['Rosa Lindqvist', 'Facebook User 8765']),
    );
  });

  it('stores a message Meta delivers twice once, and answers it once', async () => {
    const user = '6100000000000001';
    const same = mid();
    await customerWrites(user, 'Do you clean roofs?', same);
    await customerWrites(user, 'Do you clean roofs?', same);
    expect((await threadOf(user)).filter((m) => m.sender === 'customer')).toHaveLength(1);
    expect(sentTo(user)).toHaveLength(1);
  });

  it('shows attachments as "sent a photo" / "sent a file" with Meta’s link, and does not answer them', async () => {
    const user = '6200000000000001';
    const res = await post(
      webhookBody(now, {
        sender: { id: user },
        recipient: { id: TEST_PAGE_ID },
        timestamp: now,
        message: {
          mid: mid(),
          attachments: [
            { type: 'image', payload: { url: 'https://scontent.example/roof.jpg' } },
            { type: 'file', payload: { url: 'https://cdn.example/quote.pdf' } },
          ],
        },
      }),
    );
    expect(res.status).toBe(200);
    await server.settled();
    expect((await threadOf(user)).map((m) => [m.messageText, m.attachment])).toEqual([
      ['sent a photo', { kind: 'image', url: 'https://scontent.example/roof.jpg' }],
      ['sent a file', { kind: 'file', url: 'https://cdn.example/quote.pdf' }],
    ]);
    expect(sentTo(user)).toEqual([]);
  });

  it('stores an echo from Meta’s inbox as a staff message, never answers it, and shows who handles the thread', async () => {
    const user = '6300000000000001';
    await customerWrites(user, 'Do you clean roofs?');
    expect(sentTo(user)).toHaveLength(1);
    meta.calls = [];
    const res = await post(
      webhookBody(now, {
        sender: { id: TEST_PAGE_ID },
        recipient: { id: user },
        timestamp: now,
        message: { mid: mid(), is_echo: true, app_id: 1517, text: 'Hi, this is Marco from the office.' },
      }),
    );
    expect(res.status).toBe(200);
    await server.settled();
    const last = (await threadOf(user)).at(-1)!;
    expect(last).toMatchObject({
      sender: 'staff',
      sentBy: 'Meta inbox',
      messageText: 'Hi, this is Marco from the office.',
    });
    expect((await conversationOf(user))!.handledBy).toBe('Meta inbox');
    await customerWrites(user, 'Thanks Marco, are you insured?');
    expect(sentTo(user)).toEqual([]);
  });

  it('ignores the echo of a message Washdesk sent itself (it is stored already)', async () => {
    const user = '6400000000000001';
    await customerWrites(user, 'Do you clean roofs?');
    const before = (await threadOf(user)).length;
    await post(
      webhookBody(now, {
        sender: { id: TEST_PAGE_ID },
        recipient: { id: user },
        timestamp: now,
        message: { mid: mid(), is_echo: true, metadata: 'washdesk', text: 'Yes, we soft-wash roofs.' },
      }),
    );
    await server.settled();
    expect(await threadOf(user)).toHaveLength(before);
    expect((await conversationOf(user))!.handledBy).toBeNull();
  });

  it('marks our messages delivered and read from Meta’s receipts', async () => {
    const user = '6500000000000001';
    await customerWrites(user, 'Do you clean roofs?');
    const reply = (await threadOf(user)).at(-1)!;
    expect(reply).toMatchObject({
      sender: 'assistant',
      deliveryStatus: 'sent',
      deliveredAt: null,
      readAt: null,
    });
    const event = { sender: { id: user }, recipient: { id: TEST_PAGE_ID }, timestamp: now };
    // The watermark is older than the reply: only Meta naming its mid marks it delivered.
    const delivery = { mids: [`m_fake_${meta.accepted()}`], watermark: now - 1 };
    expect((await post(webhookBody(now, { ...event, delivery }))).status).toBe(200);
    expect((await threadOf(user)).at(-1)!.deliveredAt).not.toBeNull();
    expect((await threadOf(user)).at(-1)!.readAt).toBeNull();
    expect((await post(webhookBody(now, { ...event, read: { watermark: now } }))).status).toBe(200);
    expect((await threadOf(user)).at(-1)!.readAt).not.toBeNull();
  });
});

describe('the AI reply', () => {
  it('reaches Meta with the FAQ answer, logs it for channel messenger and counts the FAQ use', async () => {
    const user = '7000000000000001';
    const usage = () =>
      server.db
        .prepare(`SELECT usage_count AS n FROM faq_entries WHERE question = 'Do you clean roofs?'`)
        .get() as { n: number };
    const before = usage().n;
    await customerWrites(user, 'Do you clean roofs?');
    expect(usage().n).toBe(before + 1);
    const [sent] = sentTo(user);
    expect(sent!.message.text).toContain('Yes, we soft-wash roofs of every kind.');
    expect(server.pauses.at(-1)).toBe(2000);
    const log = server.db
      .prepare('SELECT channel, customer_message, ai_response FROM ai_responses ORDER BY id DESC LIMIT 1')
      .get();
    expect(log).toEqual({
      channel: 'messenger',
      customer_message: 'Do you clean roofs?',
      ai_response: sent!.message.text,
    });
    const reply = (await threadOf(user)).at(-1)!;
    expect(reply).toMatchObject({
      sender: 'assistant',
      deliveryStatus: 'sent',
      messageText: sent!.message.text,
    });
    expect((await conversationOf(user))!).toMatchObject({ handledBy: null, aiReplies: true });
  });

  it('stops after a staff member answers, and answers again once handed back', async () => {
    const user = '7100000000000001';
    await customerWrites(user, 'Do you clean roofs?');
    const c = (await conversationOf(user))!;
    const staff = await server.send('POST', '/api/messenger/send', {
      recipientId: user,
      messageText: 'Marco here.',
    });
    expect(staff.status).toBe(201);
    expect((await conversationOf(user))!).toMatchObject({ handledBy: 'test-owner', aiReplies: false });
    meta.calls = [];
    await customerWrites(user, 'Are you insured?');
    expect(sentTo(user)).toEqual([]);
    const back = await server.send('POST', `/api/messenger/conversations/${c.id}/hand-back`);
    expect(conversationSchema.parse(await back.json()).handledBy).toBeNull();
    await customerWrites(user, 'Do you clean roofs?');
    expect(sentTo(user)).toHaveLength(1);
  });

  it('goes back to the AI by itself 24 hours after the last staff message', async () => {
    const user = '7200000000000001';
    await customerWrites(user, 'Hello');
    await server.send('POST', '/api/messenger/send', { recipientId: user, messageText: 'Marco here.' });
    meta.calls = [];
    now += 23 * HOUR;
    await customerWrites(user, 'Do you clean roofs?');
    expect(sentTo(user)).toEqual([]);
    now += 2 * HOUR;
    expect((await conversationOf(user))!.handledBy).toBeNull();
    await customerWrites(user, 'Do you clean roofs?');
    expect(sentTo(user)).toHaveLength(1);
  });

  it('is not sent when a staff member answers while the AI waits out Response Delay', async () => {
    let release!: () => void;
    let paused!: () => void;
    const pausing = new Promise<void>((resolve) => (paused = resolve));
    const gated = await startTestServer({
      clock: () => now,
      pause: () => {
        paused();
        return new Promise<void>((resolve) => (release = resolve));
      },
      env: {
        META_APP_SECRET: APP_SECRET,
        META_PAGE_ACCESS_TOKEN: 'test-page-token',
        META_GRAPH_BASE_URL: meta.url,
      },
    });
    try {
      const user = '7300000000000001';
      const res = await postWebhook(
        gated.url,
        webhookBody(now, customerText(user, mid(), 'Are you insured?', now)),
        {
          appSecret: APP_SECRET,
        },
      );
      expect(res.status).toBe(200);
      await pausing;
      const staff = await gated.send('POST', '/api/messenger/send', {
        recipientId: user,
        messageText: 'Yes, fully.',
      });
      expect(staff.status).toBe(201);
      release();
      await gated.settled();
      expect(sentTo(user).map((b) => b.message.text)).toEqual(['Yes, fully.']);
      expect(gated.errors).toEqual([]);
    } finally {
      await gated.stop();
    }
  });

  it('does not answer while AI Settings has Messenger auto-reply off', async () => {
    expect((await setAi({ messengerAutoReply: false })).status).toBe(200);
    try {
      const user = '7400000000000001';
      await customerWrites(user, 'Do you clean roofs?');
      expect(sentTo(user)).toEqual([]);
      expect((await threadOf(user)).map((m) => m.sender)).toEqual(['customer']);
      // The thread does not claim the AI handles it.
      expect((await conversationOf(user))!).toMatchObject({ handledBy: null, aiReplies: false });
    } finally {
      await setAi({});
    }
  });
});

describe("Meta's messaging window for staff replies", () => {
  it('sends within 24 h as a response, up to 7 days with the HUMAN_AGENT tag, and refuses after that keeping nothing', async () => {
    const user = '8000000000000001';
    await customerWrites(user, 'Hello');
    expect((await conversationOf(user))!.replyWindow).toBe('standard');
    meta.calls = [];
    now += 30 * HOUR;
    expect((await conversationOf(user))!.replyWindow).toBe('human-agent');
    const late = await server.send('POST', '/api/messenger/send', {
      recipientId: user,
      messageText: 'Sorry for the wait.',
    });
    expect(late.status).toBe(201);
    expect(meta.calls.at(-1)!.body).toMatchObject({ messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' });
    expect((await threadOf(user)).at(-1)!.messageTag).toBe('HUMAN_AGENT');
    now += HUMAN_AGENT_WINDOW_MS;
    expect((await conversationOf(user))!.replyWindow).toBe('closed');
    const before = server.count('messenger_messages');
    const refused = await server.send('POST', '/api/messenger/send', {
      recipientId: user,
      messageText: 'Still there?',
    });
    expect(refused.status).toBe(422);
    expect(errorBodySchema.parse(await refused.json()).error.message).toBe(MESSENGER_WINDOW_CLOSED);
    expect(server.count('messenger_messages')).toBe(before);
  });

  it('keeps a message Meta refused with its error, and Retry delivers it', async () => {
    const user = '8100000000000001';
    await customerWrites(user, 'Hello');
    meta.answer = 'bad-token';
    const res = await server.send('POST', '/api/messenger/send', {
      recipientId: user,
      messageText: 'Tuesday at 9?',
    });
    expect(res.status).toBe(502);
    const kept = (await threadOf(user)).at(-1)!;
    expect(kept).toMatchObject({
      deliveryStatus: 'not_delivered',
      deliveryError: 'not delivered: the Meta page access token is invalid or expired',
    });
    meta.answer = 'accept';
    const retried = await server.send('POST', `/api/messenger/messages/${kept.id}/retry`);
    expect(retried.status).toBe(200);
    expect((await threadOf(user)).at(-1)).toMatchObject({
      id: kept.id,
      deliveryStatus: 'sent',
      deliveryError: null,
    });
    // Sent is sent: it cannot go twice.
    expect((await server.send('POST', `/api/messenger/messages/${kept.id}/retry`)).status).toBe(409);
  });
});

describe('with an AI model (the fake OpenAI on 127.0.0.1)', () => {
  let openai: FakeOpenAi;
  let modelServer: TestServer;
  beforeAll(async () => {
    openai = await startFakeOpenAi();
    modelServer = await startTestServer({
      clock: () => now,
      env: {
        META_APP_SECRET: APP_SECRET,
        META_PAGE_ACCESS_TOKEN: 'test-page-token',
        META_GRAPH_BASE_URL: meta.url,
        OPENAI_API_KEY: 'sk-test-not-real',
        OPENAI_BASE_URL: openai.url,
        ASSISTANT_TURN_BUDGET_SECONDS: '1',
      },
    });
  });
  afterAll(async () => {
    await modelServer.stop();
    await openai.close();
  });

  it.each(['good', 'malformed', 'refusal', 'rate-limit', 'quota', 'server-error', 'hang'])(
    'ends in exactly one reply when the model answers %s',
    async (mode) => {
      openai.setScenario(mode === 'good' ? { chunks: ['We soft-wash roofs, ', 'yes.'] } : mode);
      const asked = openai.requests.length;
      const user = `90000000000000${nextMid}`;
      const res = await postWebhook(
        modelServer.url,
        webhookBody(now, customerText(user, mid(), 'Do you clean roofs?', now)),
        {
          appSecret: APP_SECRET,
        },
      );
      expect(res.status).toBe(200);
      if (mode === 'hang') {
        // The turn budget is kept on the server's clock: it runs out once the clock passes it.
        await vi.waitFor(() => expect(openai.requests.length).toBeGreaterThan(asked));
        now += 1000;
      }
      await modelServer.settled();
      expect(sentTo(user)).toHaveLength(1);
      expect(modelServer.errors).toEqual([]);
    },
  );
});
