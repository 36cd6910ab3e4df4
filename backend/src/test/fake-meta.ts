import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for graph.facebook.com on 127.0.0.1, answering the Send API in Meta's documented
// formats, so tests exercise the real HTTP call and never the internet.

export type FakeMetaAnswer = 'accept' | 'outside-24h' | 'bad-token';

export interface FakeMeta {
  url: string;
  /** Every Send API call: its auth header and JSON body. */
  calls: { path: string; authorization: string | undefined; body: unknown }[];
  answer: FakeMetaAnswer;
  close(): Promise<void>;
}

const ANSWERS: Record<FakeMetaAnswer, [number, object]> = {
  accept: [200, { recipient_id: 'x', message_id: 'm_fake_1' }],
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

export async function startFakeMeta(): Promise<FakeMeta> {
  const fake = { calls: [], answer: 'accept' } as unknown as FakeMeta;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      fake.calls.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(raw),
      });
      const [status, body] = ANSWERS[fake.answer];
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
