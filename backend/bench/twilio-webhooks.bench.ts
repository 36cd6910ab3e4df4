// How fast Twilio gets its answer for a signed webhook (issue 38: verify, store, answer; nothing
// else on that path), beside a bare Express handler that reads the same form and checks the same
// signature with the one rule (phone/twilio-signature.ts): a customer's text (a new sender each
// time: a thread, a message, the assistant's reply queued after the answer), a call's status
// (a new call each time, ended: its row, its summary) and a sent text's delivery status. The two
// alternate, so a busy neighbour slows both alike. Budget: p50 within 3x the bare handler's.
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import express from 'express';
import { twilioSignatureCheck } from '../src/phone/twilio-signature.ts';
import { twilioSignature } from '../src/phone-simulator/twilio-signature.ts';
import { startFakeTwilio } from '../src/test/fake-twilio.ts';
import { startThrowawayServer } from './bench-server.ts';

const RUNS = Number(process.env.BENCH_WEBHOOK_RUNS ?? 300);
const PUBLIC_URL = 'https://washdesk.example.com';
/** Issue 38: an acknowledgement within 3x a bare handler's (p50). */
const BUDGET_TIMES_BARE = 3;

const twilio = await startFakeTwilio();
const server = await startThrowawayServer(
  { ...twilio.env, PUBLIC_BASE_URL: PUBLIC_URL, BUSINESS_NAME: 'Lost Coast Soft Wash' },
  { start: { pause: () => Promise.resolve() } },
);
const bare = express();
bare.post(
  '/api/twilio/:hook',
  twilioSignatureCheck(twilio.authToken, { get: () => PUBLIC_URL, set: () => {} }),
  (_req, res) => void res.status(200).type('text/xml').send('<Response></Response>'),
);
const bareServer = bare.listen(0, '127.0.0.1');
await new Promise((resolve) => bareServer.once('listening', resolve));
const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}`;

let n = 0;
const hex = (i: number) => i.toString(16).padStart(32, '0');
const WEBHOOKS: [string, string, () => Record<string, string>][] = [
  [
    "a customer's text (new sender)",
    '/api/twilio/incoming-sms',
    () => ({
      AccountSid: twilio.accountSid,
      MessageSid: `SM${hex(++n)}`,
      From: `+1707${String(2_000_000 + n)}`,
      To: twilio.phoneNumber,
      Body: 'Do you clean roofs?',
      NumMedia: '0',
    }),
  ],
  [
    "a call's status (ended)",
    '/api/twilio/call-status',
    () => ({
      AccountSid: twilio.accountSid,
      CallSid: `CA${hex(++n)}`,
      From: `+1707${String(3_000_000 + n)}`,
      To: twilio.phoneNumber,
      CallStatus: 'completed',
      CallDuration: '75',
      SequenceNumber: '3',
    }),
  ],
  [
    "a sent text's delivery status",
    '/api/twilio/message-status',
    () => ({ AccountSid: twilio.accountSid, MessageSid: `SM${hex(++n)}`, MessageStatus: 'delivered' }),
  ],
];

async function post(base: string, path: string, params: Record<string, string>) {
  const start = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': twilioSignature(twilio.authToken, `${PUBLIC_URL}${path}`, params),
    },
    body: new URLSearchParams(params).toString(),
  });
  await res.arrayBuffer();
  if (res.status >= 300) throw new Error(`${base}${path}: ${res.status}`);
  return performance.now() - start;
}

const p = (list: number[], at: number) => {
  list.sort((a, b) => a - b);
  return list[Math.min(list.length - 1, Math.floor((at / 100) * list.length))]!;
};
const ms = (v: number) => `${v.toFixed(1)}ms`.padStart(9);
const missed: string[] = [];
const lines = [
  `${'webhook'.padEnd(36)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'bare p50'.padStart(9)} ${'bare p95'.padStart(9)}  ratio p50 (budget ${BUDGET_TIMES_BARE}x)`,
];
for (const [name, path, params] of WEBHOOKS) {
  const times = { webhook: [] as number[], bare: [] as number[] };
  for (let i = 0; i < RUNS + 5; i++) {
    const webhook = await post(server.url, path, params());
    const plain = await post(bareUrl, path, params());
    if (i < 5) continue;
    times.webhook.push(webhook);
    times.bare.push(plain);
  }
  const ratio = p(times.webhook, 50) / p(times.bare, 50);
  if (ratio > BUDGET_TIMES_BARE) missed.push(name);
  lines.push(
    `${name.padEnd(36)} ${ms(p(times.webhook, 50))} ${ms(p(times.webhook, 95))} ${ms(p(times.bare, 50))} ${ms(p(times.bare, 95))}  ` +
      `${ratio.toFixed(1)}x ${ratio > BUDGET_TIMES_BARE ? 'MISSED' : 'ok'}`,
  );
}
lines.push(
  missed.length ? `Budgets missed: ${missed.join('; ')}` : 'Every Twilio acknowledgement budget met.',
);
process.stdout.write(
  `${lines.join('\n')}\n(${RUNS} signed POSTs each, alternating with the bare handler, after 5 warm-up)\n`,
);
process.exitCode = missed.length ? 1 : 0;
bareServer.close();
await server.stop();
await twilio.close();
