// The bare counterpart of Messenger's webhook, in a process of its own like the measured server:
// Express reading the raw body and checking the same HMAC (messenger/meta-webhook.ts), then
// answering as the webhook does. Configured from the environment (META_APP_SECRET).
//   child → parent: { type: 'ready', url } once it listens
import type { AddressInfo } from 'node:net';
import express from 'express';
import { loadConfig } from '../src/config.ts';
import { validSignature } from '../src/messenger/meta-webhook.ts';

if (!process.send) throw new Error('start me with fork()');
const appSecret = loadConfig().providers.meta.appSecret ?? '';
const bare = express();
bare.post('/webhook', express.raw({ type: () => true, limit: '1mb' }), (req, res) => {
  if (!validSignature(req.body as Buffer, req.get('X-Hub-Signature-256'), appSecret)) {
    res.status(403).end();
    return;
  }
  res.status(200).type('text/plain').send('EVENT_RECEIVED');
});
const server = bare.listen(0, '127.0.0.1', () =>
  process.send!({ type: 'ready', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
);
