// The bare counterpart of the Twilio webhooks, in a process of its own like the measured server:
// Express reading the same form and checking the same signature with the one rule
// (phone/twilio-signature.ts), then answering an empty TwiML. Configured from the environment
// (TWILIO_AUTH_TOKEN, PUBLIC_BASE_URL).
//   child → parent: { type: 'ready', url } once it listens
import type { AddressInfo } from 'node:net';
import express from 'express';
import { loadConfig } from '../src/config.ts';
import { twilioSignatureCheck } from '../src/phone/twilio-signature.ts';

if (!process.send) throw new Error('start me with fork()');
const config = loadConfig();
const bare = express();
bare.post(
  '/api/twilio/:hook',
  twilioSignatureCheck(config.providers.twilio.authToken ?? '', {
    get: () => config.publicBaseUrl,
    set: () => {},
  }),
  (_req, res) => void res.status(200).type('text/xml').send('<Response></Response>'),
);
const server = bare.listen(0, '127.0.0.1', () =>
  process.send!({ type: 'ready', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
);
