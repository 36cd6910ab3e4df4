// How fast Twilio gets its answer for a signed webhook (issue 38: verify, store, answer; nothing
// else on that path), beside a bare Express handler that reads the same form and checks the same
// signature with the one rule (phone/twilio-signature.ts): a customer's text (a new sender each
// time: a thread, a message, the assistant's reply queued after the answer), a customer's photo
// (an MMS: stored with its attachment's name and answered; the photo is fetched from the fake
// Twilio and stripped after the answer; back to back, while the next requests are timed), a call's status
// (a new call each time, ended: its row, its summary) and a sent text's delivery status. The two
// alternate, so a busy neighbour slows both alike. Budget: p50 within 3x the bare handler's, one at a time
// (each webhook once the work the previous one left is done); back to back is shown beside it.
// The server (webhook-server.ts), the bare handler (bare-twilio-server.ts) and the fake Twilio they
// call (fake-twilio-server.ts) each run in a process of their own (bench-children.ts says why).
import path from 'node:path';
import Database from 'better-sqlite3';
import { twilioSignature } from '../src/phone-simulator/twilio-signature.ts';
import { FAKE_TWILIO_ACCOUNT, fakeTwilioEnv } from '../src/test/fake-twilio.ts';
import { fixturePhoto } from '../src/test/test-server.ts';
import { benchChildren, inTurns } from './bench-children.ts';
import { percentile } from './bench-server.ts';
import { reportBudgets, type BenchFigure } from './bench-report.ts';

const RUNS = Number(process.env.BENCH_WEBHOOK_RUNS ?? 300);
const PUBLIC_URL = 'https://washdesk.example.com';
/** Issue 38: an acknowledgement within 3x a bare handler's (p50). */
const BUDGET_TIMES_BARE = 3;

/** A phone photo as a carrier hands it over (about 300 KB, with its GPS): every MMS's attachment. */
const PHOTO = fixturePhoto('pixel-gps-orientation1.jpg');
const children = benchChildren();
const fakeTwilio = await children.start('backend/bench/fake-twilio-server.ts', {}, [PHOTO]);
const twilio = { ...FAKE_TWILIO_ACCOUNT, url: fakeTwilio.url };
const env = {
  ...fakeTwilioEnv(FAKE_TWILIO_ACCOUNT, twilio.url),
  PUBLIC_BASE_URL: PUBLIC_URL,
  BUSINESS_NAME: 'Lost Coast Soft Wash',
  RATE_LIMIT_PER_MINUTE: '100000',
};
const [server, bareServer] = await Promise.all([
  children.start('backend/bench/webhook-server.ts', env),
  children.start('backend/bench/bare-twilio-server.ts', env),
]);
const bareUrl = bareServer.url;

let n = 0;
const hex = (i: number) => i.toString(16).padStart(32, '0');
/** An MMS's fields; the fake Twilio serves the photo for any attachment. */
function mms(): Record<string, string> {
  const messageSid = `MM${hex(++n)}`;
  const mediaSid = `ME${hex(n)}`;
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

const post = (base: string, path: string, params: Record<string, string>) =>
  children.post(
    `${base}${path}`,
    {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': twilioSignature(twilio.authToken, `${PUBLIC_URL}${path}`, params),
    },
    new URLSearchParams(params).toString(),
  );

const ms = (v: number) => `${v.toFixed(1)}ms`.padStart(9);
const lines = [
  `${'webhook'.padEnd(52)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'bare p50'.padStart(9)} ${'bare p95'.padStart(9)}`,
];
/** One kind of webhook, both ways (bench-children.ts `inTurns`). */
async function measure(path: string, params: () => Record<string, string>, settle?: () => Promise<void>) {
  const ask = {
    bare: () => post(bareUrl, path, params()),
    webhook: () => post(server.url, path, params()),
  };
  const times = await inTurns(RUNS, ask, settle);
  // What the answers left to do does not slow the next measure.
  await server.settled();
  return times;
}
const figures: BenchFigure[] = [];
const bareName = 'bare handler, same signature check';
for (const [name, path, params] of WEBHOOKS) {
  const ways = {
    'one at a time': await measure(path, params, () => server.settled()),
    'back to back': await measure(path, params),
  };
  for (const [way, times] of Object.entries(ways)) {
    lines.push(
      `${`${name}, ${way}`.padEnd(52)} ${ms(percentile(times.webhook, 50))} ${ms(percentile(times.webhook, 95))} ${ms(percentile(times.bare, 50))} ${ms(percentile(times.bare, 95))}`,
    );
    figures.push({
      name: `${name}, ${way}, p50`,
      value: percentile(times.webhook, 50),
      bare: { name: bareName, value: percentile(times.bare, 50) },
      // The budget is the acknowledgement's own path; back to back is shown beside it.
      ...(way === 'one at a time' ? { timesBare: BUDGET_TIMES_BARE } : {}),
    });
  }
}
await server.settled();
const stored = new Database(path.join(server.dataDir, 'washdesk.sqlite'), { readonly: true });
const photos = stored
  .prepare("SELECT count(*) FROM photos WHERE text_message_id IS NOT NULL AND state = 'ready'")
  .pluck()
  .get();
stored.close();
const { mediaFetches } = (await (await fetch(`${twilio.url}/__counts`)).json()) as { mediaFetches: number };
process.stdout.write(
  `${lines.join('\n')}\n(${RUNS} signed POSTs each way, alternating with the bare handler, after 5 warm-up;\n` +
    ` the server and the bare handler each run in a process of their own)\n` +
    `MMS photos fetched from the fake Twilio after the answers: ${mediaFetches}; ${String(photos)} stored and stripped\n`,
);
reportBudgets('Twilio webhook acknowledgements', figures);
await children.stop();
