import { startFakeOpenAi, type FakeOpenAi } from './fake-openai.ts';
import { CLOCKED_OWNER, startClockedServer } from './clocked-server.ts';
import { DASHBOARD_NOW, seedDashboardWeek } from './dashboard-week.ts';
import { PHONE_ENV, TEST_TWILIO } from './phone-caller.ts';
import { fakeMetaOrigin, startFakeMeta, type FakeMeta } from './fake-meta.ts';
import { startFakeTwilio, type FakeTwilio } from './fake-twilio.ts';
import { sendVisitReminder } from './e2e-visit-reminder.ts';
import { seedCustomerAccount } from './e2e-account.ts';
import { seedSpanishQuote } from './e2e-spanish-quote.ts';
import { SCHEDULE_TOOLS_ENV, SCHEDULE_TOOLS_NOW, seedScheduleTools } from './e2e-schedule-tools.ts';
import { MONEY_NOW, seedE2eMoney } from './e2e-money.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { STRIPE_WEBHOOK } from '../payments/stripe-webhook.routes.ts';

// A server of its own for one browser test file, in a child process (the e2e tests may not import
// backend code): `tsx backend/src/test/e2e-server.ts <scenario>`. It prints one JSON line with its
// URL and owner account, and stops when its parent closes stdin or sends SIGTERM.
//   dashboard-week  the clock stands at DASHBOARD_NOW, with that week's submissions seeded
//   ai-key          an AI key, answered by the fake OpenAI on 127.0.0.1
//   phone-line      Twilio's webhooks on (its line also prints the token and the public address
//                   they are signed for); the clock stands at PHONE_LINE_NOW, so "next Tuesday" is known;
//                   Twilio's REST API is a fake on 127.0.0.1 holding one recording (its sid and the
//                   API's address are on the line too), so a voicemail can be played
//   messenger       Meta configured (app secret, verify token, page token), the Graph API a fake
//                   Meta on 127.0.0.1; the line adds metaUrl (GET metaUrl/__calls lists what it
//                   was asked to send) and the app secret to sign webhooks with
//   customer-messages  the real clock, Twilio's webhooks on (a fake Twilio REST API on 127.0.0.1)
//                   and Meta configured as in messenger: customers text and message the business;
//                   the line adds the Twilio token and public address, metaUrl and the app secret
//   visit-reminder  texting on (a fake Twilio on 127.0.0.1); a customer's visit booked and its
//                   48-hour reminder sent (e2e-visit-reminder.ts); the line adds visitPath, the
//                   reminder's link on this server, and appointmentId
//   customer-account  the visit-reminder customer with an open invoice asks for a sign-in link on
//                   /account (e2e-account.ts); the line adds accountLinkPath (the texted link),
//                   customerId and invoicePath; Stripe is configured against the fake Stripe, on the
//                   scenario's clock (its hosted page comes back to this server's /account)
//   spanish-quote   texting on (a fake Twilio); a customer who wrote from the Spanish photo form has
//                   a quote sent (frozen in Spanish) and a plan job to pick a slot for
//                   (e2e-spanish-quote.ts); the line adds quotePath, planVisitPath and planTitle
//   schedule-tools  texting on (a fake Twilio), the base set, the clock at Monday 30 November 2026,
//                   and three visits on the rained-out Tuesday (e2e-schedule-tools.ts); the line
//                   adds rainedOutDay and visitIds
//   money           the clock at Wednesday 4 March 2026, six weeks of quotes, invoices and the
//                   ledger's payments seeded (e2e-money.ts): the dashboard's money, the weekly
//                   report's, the customers' open balances and the QuickBooks exports have figures

const SCENARIOS = [
  'dashboard-week',
  'ai-key',
  'phone-line',
  'messenger',
  'visit-reminder',
  'customer-messages',
  'schedule-tools',
  'money',
  'customer-account',
  'spanish-quote',
] as const;
/** Monday 23 November 2026, 9:30 AM in California: "next Tuesday" is December 1. */
const PHONE_LINE_NOW = new Date('2026-11-23T17:30:00Z');
const E2E_APP_SECRET = 'e2e-meta-app-secret';
const scenario = process.argv[2] as (typeof SCENARIOS)[number];
if (!SCENARIOS.includes(scenario)) {
  console.error(`Usage: e2e-server.ts <${SCENARIOS.join('|')}>`);
  process.exit(2);
}

let fake: FakeOpenAi | undefined;
if (scenario === 'ai-key') fake = await startFakeOpenAi();
let twilio: FakeTwilio | undefined;
/** The voicemail the fake Twilio holds in the phone-line scenario. */
const E2E_RECORDING_SID = `RE${'e2e0'.repeat(8)}`;
const twilioLine = scenario === 'phone-line' || scenario === 'customer-messages';
if (
  twilioLine ||
  scenario === 'visit-reminder' ||
  scenario === 'schedule-tools' ||
  scenario === 'customer-account' ||
  scenario === 'spanish-quote'
) {
  twilio = await startFakeTwilio(TEST_TWILIO);
  twilio.recordings.set(E2E_RECORDING_SID, oneSecondTone());
}
let meta: FakeMeta | undefined;
if (scenario === 'messenger' || scenario === 'customer-messages') meta = await startFakeMeta();
// The visit-reminder scenario moves its clock once, to the reminder's minute (the server reads it
// through this Date).
const now =
  scenario === 'dashboard-week'
    ? DASHBOARD_NOW
    : scenario === 'phone-line' ||
        scenario === 'visit-reminder' ||
        scenario === 'customer-account' ||
        scenario === 'spanish-quote'
      ? new Date(PHONE_LINE_NOW)
      : scenario === 'schedule-tools'
        ? SCHEDULE_TOOLS_NOW
        : scenario === 'money'
          ? MONEY_NOW
          : undefined;
// The fake Stripe signs its events on the server's clock, so the webhook finds them fresh.
let stripe: FakeStripe | undefined;
if (scenario === 'customer-account') stripe = await startFakeStripe({ clock: () => now!.getTime() });
const server = await startClockedServer({
  now,
  env: {
    ...(stripe
      ? {
          STRIPE_SECRET_KEY: stripe.secretKey,
          STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
          STRIPE_API_BASE_URL: stripe.url,
        }
      : {}),
    ...(scenario === 'schedule-tools' ? SCHEDULE_TOOLS_ENV : {}),
    ...(fake ? { OPENAI_API_KEY: 'sk-test-not-real', OPENAI_BASE_URL: fake.url } : {}),
    ...(twilio ? { ...PHONE_ENV, TWILIO_API_BASE_URL: twilio.url } : {}),
    ...(meta
      ? {
          META_APP_SECRET: E2E_APP_SECRET,
          META_VERIFY_TOKEN: 'e2e-verify',
          META_PAGE_ACCESS_TOKEN: 'e2e-page-token',
          META_GRAPH_BASE_URL: meta.url,
        }
      : {}),
  },
});
if (scenario === 'dashboard-week') seedDashboardWeek(server.db);
if (scenario === 'money') seedE2eMoney(server.db);
const visit = scenario === 'visit-reminder' ? await sendVisitReminder(server, twilio!, now!) : {};
const account = scenario === 'customer-account' ? await seedCustomerAccount(server, twilio!, now!) : {};
if (stripe) {
  stripe.setWebhookUrl(`${server.url}${STRIPE_WEBHOOK}`);
  // Signed Twilio texts were checked against the phone line's address while seeding; from here
  // the links the server makes (Stripe's way back) are this server's own, which the browser reaches.
  server.publicUrl.set(server.url);
}
const scheduleTools = scenario === 'schedule-tools' ? await seedScheduleTools(server) : {};
const spanishQuote = scenario === 'spanish-quote' ? await seedSpanishQuote(server, now!) : {};

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop();
  await fake?.close();
  await meta?.close();
  await twilio?.close();
  await stripe?.close();
  // Faults the server reported while the test ran fail the test through the exit code.
  process.exit(server.errors.length ? 1 : 0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
const phoneLine = twilioLine
  ? {
      twilio: {
        authToken: TEST_TWILIO.authToken,
        publicBaseUrl: TEST_TWILIO.publicBaseUrl,
        accountSid: TEST_TWILIO.accountSid,
        apiUrl: twilio!.url,
        recordingSid: E2E_RECORDING_SID,
      },
    }
  : {};
const messenger = meta ? { metaUrl: fakeMetaOrigin(meta.url), appSecret: E2E_APP_SECRET } : {};
process.stdout.write(
  `${JSON.stringify({ url: server.url, ...CLOCKED_OWNER, ...phoneLine, ...messenger, ...visit, ...account, ...scheduleTools, ...spanishQuote })}\n`,
);

/** A real, playable recording: one second of a 440 Hz tone as 8 kHz 16-bit mono WAV. */
function oneSecondTone(): Buffer {
  const rate = 8000;
  const samples = Buffer.alloc(rate * 2);
  for (let i = 0; i < rate; i++)
    samples.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}
