// How fast Twilio gets its answer for a signed webhook (issue 38: verify, store, answer; nothing
// else on that path), beside a bare Express handler that reads the same form and checks the same
// signature with the one rule (phone/twilio-signature.ts): a customer's text (a new sender each
// time: a thread, a message, the assistant's reply queued after the answer), a customer's photo
// (an MMS: stored with its attachment's name and answered; the photo is fetched from the fake
// Twilio and stripped after the answer, while the next requests are timed), a call's status
// (a new call each time, ended: its row, its summary) and a sent text's delivery status. The two
// alternate, so a busy neighbour slows both alike. Budget: p50 within 3x the bare handler's.
// The server (twilio-server.ts) and the bare handler (bare-twilio-server.ts) each run in a process
// of their own: in the bench's process, what an answer leaves to do ran on the event loop the next
// answer was read on, and counted against the server.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { twilioSignature } from '../src/phone-simulator/twilio-signature.ts';
import { startChildServer } from '../src/test/child-server.ts';
import { startFakeTwilio } from '../src/test/fake-twilio.ts';
import { fixturePhoto } from '../src/test/test-server.ts';
import { reportBudgets, type BenchFigure } from './bench-report.ts';

const RUNS = Number(process.env.BENCH_WEBHOOK_RUNS ?? 300);
const PUBLIC_URL = 'https://washdesk.example.com';
/** Issue 38: an acknowledgement within 3x a bare handler's (p50). */
const BUDGET_TIMES_BARE = 3;

const twilio = await startFakeTwilio();
const cleanup: (() => unknown)[] = [];
/** A server script in a process of its own, on a throwaway data folder. */
function start(script: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-bench-twilio-'));
  cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    ...twilio.env,
    PUBLIC_BASE_URL: PUBLIC_URL,
    BUSINESS_NAME: 'Lost Coast Soft Wash',
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  return startChildServer(script, dataDir, env, cleanup).then((child) => ({ ...child, dataDir }));
}
const [server, bareServer] = await Promise.all([
  start('backend/bench/twilio-server.ts'),
  start('backend/bench/bare-twilio-server.ts'),
]);
const bareUrl = bareServer.url;

let n = 0;
const hex = (i: number) => i.toString(16).padStart(32, '0');
/** A phone photo as a carrier hands it over (about 300 KB, with its GPS). */
const PHOTO = fs.readFileSync(fixturePhoto('pixel-gps-orientation1.jpg'));
/** An MMS's fields, its attachment put on the fake Twilio first. */
function mms(): Record<string, string> {
  const messageSid = `MM${hex(++n)}`;
  const mediaSid = `ME${hex(n)}`;
  twilio.media.set(`/Messages/${messageSid}/Media/${mediaSid}`, { contentType: 'image/jpeg', body: PHOTO });
  return {
    AccountSid: twilio.accountSid,
    MessageSid: messageSid,
    From: `+1707${String(4_000_000 + n)}`,
    To: twilio.phoneNumber,
    Body: 'The north side',
    NumMedia: '1',
    MediaUrl0: `${twilio.url}/2010-04-01/Accounts/${twilio.accountSid}/Messages/${messageSid}/Media/${mediaSid}`,
    MediaContentType0: 'image/jpeg',
  };
}
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
  ["a customer's photo (MMS, new sender)", '/api/twilio/incoming-sms', mms],
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

/**
 * The client asks with Node's own http module on kept-alive connections, as Twilio keeps its
 * connections: fetch's own CPU per request was more than a bare handler's, and on a busy two-core
 * machine the client's CPU is taken from the servers it times.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function post(base: string, path: string, params: Record<string, string>): Promise<number> {
  const body = new URLSearchParams(params).toString();
  const headers = {
    'Content-Type': 'application/x-www-form-urlencoded',
    'Content-Length': Buffer.byteLength(body),
    'X-Twilio-Signature': twilioSignature(twilio.authToken, `${PUBLIC_URL}${path}`, params),
  };
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const asked = http.request(`${base}${path}`, { method: 'POST', agent, headers }, (res) => {
      res.resume();
      res.on('error', reject);
      res.on('end', () =>
        res.statusCode! < 300
          ? resolve(performance.now() - start)
          : reject(new Error(`${base}${path}: ${res.statusCode}`)),
      );
    });
    asked.on('error', reject);
    asked.end(body);
  });
}

const p = (list: number[], at: number) => {
  list.sort((a, b) => a - b);
  return list[Math.min(list.length - 1, Math.floor((at / 100) * list.length))]!;
};
const ms = (v: number) => `${v.toFixed(1)}ms`.padStart(9);
const lines = [
  `${'webhook'.padEnd(38)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'bare p50'.padStart(9)} ${'bare p95'.padStart(9)}`,
];
const figures: BenchFigure[] = [];
for (const [name, path, params] of WEBHOOKS) {
  const times = { webhook: [] as number[], bare: [] as number[] };
  for (let i = 0; i < RUNS + 5; i++) {
    const webhook = await post(server.url, path, params());
    const plain = await post(bareUrl, path, params());
    if (i < 5) continue;
    times.webhook.push(webhook);
    times.bare.push(plain);
  }
  // What the answers left to do (the MMS photos' fetch and stripping) does not slow the next kind.
  await server.settled();
  lines.push(
    `${name.padEnd(38)} ${ms(p(times.webhook, 50))} ${ms(p(times.webhook, 95))} ${ms(p(times.bare, 50))} ${ms(p(times.bare, 95))}`,
  );
  figures.push({
    name: `${name}, p50`,
    value: p(times.webhook, 50),
    bare: { name: 'bare handler, same signature check', value: p(times.bare, 50) },
    timesBare: BUDGET_TIMES_BARE,
  });
}
await server.settled();
const stored = new Database(path.join(server.dataDir, 'washdesk.sqlite'), { readonly: true });
const photos = stored
  .prepare("SELECT count(*) FROM photos WHERE text_message_id IS NOT NULL AND state = 'ready'")
  .pluck()
  .get();
stored.close();
process.stdout.write(
  `${lines.join('\n')}\n(${RUNS} signed POSTs each, alternating with the bare handler, after 5 warm-up;\n` +
    ` the server and the bare handler each run in a process of their own)\n` +
    `MMS photos fetched from the fake Twilio after the answers: ${twilio.mediaFetches}; ${String(photos)} stored and stripped\n`,
);
reportBudgets('Twilio webhook acknowledgements', figures);
agent.destroy();
for (const step of cleanup.reverse()) await step();
await twilio.close();
