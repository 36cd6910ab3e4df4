import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { holdKeptAliveSockets } from '../http/keep-alive.ts';

// A stand-in for graph.facebook.com on 127.0.0.1, answering the Send API and user profiles in
// Meta's documented formats, so tests exercise the real HTTP calls and never the internet. It
// also builds and signs webhook bodies the way Meta does.

export type FakeMetaAnswer = 'accept' | 'outside-24h' | 'bad-token';

export interface FakeMeta {
  /** The Graph base URL (META_GRAPH_BASE_URL), e.g. http://127.0.0.1:PORT/v21.0 */
  url: string;
  /** Every profile look-up: the path as requested (e.g. /v21.0/6000000000004321). */
  profileLookups: string[];
  /** Every Send API call: its auth header and JSON body. */
  calls: { path: string; authorization: string | undefined; body: unknown }[];
  /** How the Send API answers from now on. */
  answer: FakeMetaAnswer;
  /** Profiles the Graph API knows, by user id; others answer Meta's "no such object" error. */
  profiles: Map<string, { first_name: string; last_name: string; profile_pic?: string }>;
  /** Accepted sends so far; the last one's message id is `m_fake_${accepted}`. */
  accepted(): number;
  /** Resolves at the Send API call number `n` (1-based): a test waits for a state, not a time. */
  sent(n: number): Promise<void>;
  close(): Promise<void>;
}

const ANSWERS: Record<FakeMetaAnswer, [number, object]> = {
  accept: [200, { recipient_id: 'x' }],
  'outside-24h': [
    400,
    {
      error: {
        message: '(#10) This message is sent outside of allowed window.',
        type: 'OAuthException',
        code: 10,
        error_subcode: 2018278,
      },
    },
  ],
  'bad-token': [
    400,
    { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } },
  ],
};

const NO_OBJECT = {
  error: {
    message:
      'Unsupported get request. Object with ID does not exist, cannot be loaded due to missing permissions, or does not support this operation.',
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
  },
};

export async function startFakeMeta(): Promise<FakeMeta> {
  const waiters: { n: number; resolve: () => void }[] = [];
  let accepted = 0;
  const fake = {
    calls: [],
    profileLookups: [],
    answer: 'accept',
    profiles: new Map(),
  } as unknown as FakeMeta;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const reply = (status: number, body: object) =>
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      const url = new URL(req.url ?? '/', 'http://fake');
      // For browser tests in another process: what the fake was asked to send.
      if (req.method === 'GET' && url.pathname === '/__calls') return reply(200, fake.calls);
      if (req.method === 'GET') {
        fake.profileLookups.push(req.url ?? '');
        const profile = fake.profiles.get(decodeURIComponent(url.pathname.split('/').pop() ?? ''));
        return profile
          ? reply(200, { ...profile, id: url.pathname.split('/').pop() })
          : reply(400, NO_OBJECT);
      }
      fake.calls.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(raw),
      });
      const [status, body] = ANSWERS[fake.answer];
      // Meta gives every accepted message its own id (m_fake_1, m_fake_2, ... for this fake).
      if (status === 200) accepted += 1;
      reply(status, status === 200 ? { ...body, message_id: `m_fake_${accepted}` } : body);
      const n = fake.calls.length;
      for (const w of waiters.filter((x) => x.n <= n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    });
  });
  // As the real server does: the SDK's kept-alive socket must not be closed under its next request.
  holdKeptAliveSockets(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  fake.accepted = () => accepted;
  fake.sent = (n) =>
    fake.calls.length >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }));
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

/** The fake's own address, without the Graph API version its `url` ends in: where GET /__calls is. */
export const fakeMetaOrigin = (url: string) => url.replace(/\/v[\d.]+$/, '');

/** The page's id in test webhooks. */
export const TEST_PAGE_ID = '104000000000001';

type Messaging = Record<string, unknown>;
/** A customer's text message event, as Meta sends it. */
export const customerText = (userId: string, mid: string, text: string, timestamp: number): Messaging => ({
  sender: { id: userId },
  recipient: { id: TEST_PAGE_ID },
  timestamp,
  message: { mid, text },
});

/** A webhook body of one entry with these events. */
export const webhookBody = (time: number, ...messaging: Messaging[]) => ({
  object: 'page',
  entry: [{ id: TEST_PAGE_ID, time, messaging }],
});

/** X-Hub-Signature-256 for these exact bytes. */
export const signatureOf = (raw: string, appSecret: string) =>
  `sha256=${crypto.createHmac('sha256', appSecret).update(raw).digest('hex')}`;

/** POSTs a body to the webhook as Meta would: JSON bytes, signed with the app secret. */
export function postWebhook(
  serverUrl: string,
  body: unknown,
  options: { appSecret?: string; signature?: string | null } = {},
) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const signature =
    options.signature === undefined ? signatureOf(raw, options.appSecret ?? '') : options.signature;
  return fetch(`${serverUrl}/api/messenger/webhook`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(signature === null ? {} : { 'X-Hub-Signature-256': signature }),
    },
    body: raw,
  });
}
