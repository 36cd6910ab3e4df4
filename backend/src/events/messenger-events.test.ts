import { afterEach, expect, it } from 'vitest';
import { openEventStream, type EventStreamClient } from '../test/event-stream-client.ts';
import { customerText, postWebhook, startFakeMeta, webhookBody, type FakeMeta } from '../test/fake-meta.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
let meta: FakeMeta;
let stream: EventStreamClient | undefined;
afterEach(async () => {
  stream?.close();
  await server.settled();
  expect(server.errors).toEqual([]);
  await server.stop();
  await meta.close();
});

it('announces each new customer message on Messenger once, even when Meta delivers it twice', async () => {
  meta = await startFakeMeta();
  server = await startTestServer({
    env: {
      META_APP_SECRET: 'app-secret',
      META_VERIFY_TOKEN: 'verify',
      META_PAGE_ACCESS_TOKEN: 'token',
      META_GRAPH_BASE_URL: meta.url,
    },
  });
  stream = await openEventStream(server.url, server.owner.cookie);
  const now = Date.now();
  const body = webhookBody(now, customerText('6000000000004321', 'm_live_1', 'Do you do roofs?', now));
  expect((await postWebhook(server.url, body, { appSecret: 'app-secret' })).status).toBe(200);
  expect((await postWebhook(server.url, body, { appSecret: 'app-secret' })).status).toBe(200);
  const second = webhookBody(now, customerText('6000000000004321', 'm_live_2', 'And gutters?', now));
  expect((await postWebhook(server.url, second, { appSecret: 'app-secret' })).status).toBe(200);
  const received = () => stream!.live().filter((e) => e.type === 'message.received');
  await stream.next(() => received().length >= 2);
  await server.settled();
  expect(received().map((e) => [e.type, e.summary])).toEqual([
    ['message.received', 'New Messenger message from Facebook User 4321'],
    ['message.received', 'New Messenger message from Facebook User 4321'],
  ]);
});
