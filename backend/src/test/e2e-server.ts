import { startFakeOpenAi, type FakeOpenAi } from './fake-openai.ts';
import { CLOCKED_OWNER, startClockedServer } from './clocked-server.ts';
import { DASHBOARD_NOW, seedDashboardWeek } from './dashboard-week.ts';
import { PHONE_ENV, TEST_TWILIO } from './phone-caller.ts';

// A server of its own for one browser test file, in a child process (the e2e tests may not import
// backend code): `tsx backend/src/test/e2e-server.ts <scenario>`. It prints one JSON line with its
// URL and owner account, and stops when its parent closes stdin or sends SIGTERM.
//   dashboard-week  the clock stands at DASHBOARD_NOW, with that week's submissions seeded
//   ai-key          an AI key, answered by the fake OpenAI on 127.0.0.1
//   phone-line      Twilio's webhooks on (its line also prints the token and the public address
//                   they are signed for); the clock stands at PHONE_LINE_NOW, so "next Tuesday" is known

const SCENARIOS = ['dashboard-week', 'ai-key', 'phone-line'] as const;
/** Monday 23 November 2026, 9:30 AM in California: "next Tuesday" is December 1. */
const PHONE_LINE_NOW = new Date('2026-11-23T17:30:00Z');
const scenario = process.argv[2] as (typeof SCENARIOS)[number];
if (!SCENARIOS.includes(scenario)) {
  console.error(`Usage: e2e-server.ts <${SCENARIOS.join('|')}>`);
  process.exit(2);
}

let fake: FakeOpenAi | undefined;
if (scenario === 'ai-key') fake = await startFakeOpenAi();
const server = await startClockedServer({
  now: scenario === 'dashboard-week' ? DASHBOARD_NOW : scenario === 'phone-line' ? PHONE_LINE_NOW : undefined,
  env: fake
    ? { OPENAI_API_KEY: 'sk-test-not-real', OPENAI_BASE_URL: fake.url }
    : scenario === 'phone-line'
      ? PHONE_ENV
      : {},
});
if (scenario === 'dashboard-week') seedDashboardWeek(server.db);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop();
  await fake?.close();
  // Faults the server reported while the test ran fail the test through the exit code.
  process.exit(server.errors.length ? 1 : 0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
const phoneLine =
  scenario === 'phone-line'
    ? { twilio: { authToken: TEST_TWILIO.authToken, publicBaseUrl: TEST_TWILIO.publicBaseUrl } }
    : {};
process.stdout.write(`${JSON.stringify({ url: server.url, ...CLOCKED_OWNER, ...phoneLine })}\n`);
