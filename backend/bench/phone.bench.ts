// The server's own time for one signed process-speech turn (signature check, call row, the
// assistant's retrieval and AI response log, TwiML), with no model and with the fake OpenAI
// answering at once, beside a bare Express handler returning fixed TwiML. Time is taken inside the
// server process, from the request's arrival to the last byte of the answer (so the benchmark's own
// HTTP client is not counted). Response Delay is skipped: it is a deliberate wait, not work.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import express from 'express';
import { lookItUp, startFakeOpenAi } from '../src/test/fake-openai.ts';
import { phoneCaller, TEST_TWILIO } from '../src/test/phone-caller.ts';
import { reportBudgets } from './bench-report.ts';
import { percentile, startBenchPhoneLine } from './bench-server.ts';

const RUNS = Number(process.env.BENCH_PHONE_RUNS ?? 200);
const WARMUP = 20;
/** Turns per call before a new call starts: a call's memory grows, as on a real line. */
const TURNS_PER_CALL = 4;
// Each call also asks after a visit it has (issue 34): the caller id's customer lookup, then the
// name-and-address search of the visits to come, are part of the turn measured.
const QUESTIONS = [
  'Do you clean mossy roofs?',
  'When are you guys coming out for my appointment?',
  'Dana Whitfield, 512 Redwood Drive.',
  'Do you wash decks and fences?',
];

/** Records the server's own time per request: from arrival (before Express) to the answer's end. */
function serverTimes(server: Server): number[] {
  const times: number[] = [];
  server.prependListener('request', (_req, res) => {
    const start = performance.now();
    res.once('finish', () => times.push(performance.now() - start));
  });
  return times;
}

const summary = (times: number[]) => {
  const measured = times.slice(WARMUP).sort((a, b) => a - b);
  return { p50: percentile(measured, 50), p99: percentile(measured, 99), n: measured.length };
};

async function measureTurns(env: Record<string, string>, before?: () => void) {
  const running = await startBenchPhoneLine(env);
  before?.();
  const times = serverTimes(running.server);
  let caller = phoneCaller(running.url);
  for (let i = 0; i < RUNS + WARMUP; i++) {
    if (i % TURNS_PER_CALL === 0) caller = phoneCaller(running.url, `+1707555${String(1000 + (i % 9000))}`);
    const res = await caller.say(QUESTIONS[i % QUESTIONS.length]!);
    const body = await res.text();
    if (res.status !== 200 || !body.includes('<Gather')) throw new Error(`turn ${i}: ${res.status} ${body}`);
  }
  await running.stop();
  return summary(times);
}

async function measureBareHandler() {
  const twiml =
    '<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="Polly.Joanna">Yes, we clean roofs.</Say>' +
    '<Gather input="speech" action="/api/twilio/process-speech" method="POST"/></Response>';
  const app = express();
  app.post('/api/twilio/process-speech', express.urlencoded({ extended: false }), (_req, res) => {
    res.type('text/xml').send(twiml);
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const times = serverTimes(server);
  const caller = phoneCaller(url);
  for (let i = 0; i < RUNS + WARMUP; i++) await (await caller.say(QUESTIONS[i % QUESTIONS.length]!)).text();
  server.close();
  return summary(times);
}

const fake = await startFakeOpenAi();
const noModel = await measureTurns({});
const withModel = await measureTurns({ OPENAI_API_KEY: 'sk-bench-not-real', OPENAI_BASE_URL: fake.url }, () =>
  fake.setScenario({ chunks: ['Yes, we take ', 'care of that.'] }),
);
// The model path must really have been taken, or the second row would measure the first again.
// Half the turns (the visit's) are answered without the model, by the visit's own conversation.
const MODEL_TURNS = RUNS / 2;
if (fake.requests.length < MODEL_TURNS)
  throw new Error(`the fake model answered only ${fake.requests.length} turns`);
// A tool round first (search_answers), then the streamed reply checked sentence by sentence.
const asked = fake.requests.length;
const withTool = await measureTurns({ OPENAI_API_KEY: 'sk-bench-not-real', OPENAI_BASE_URL: fake.url }, () =>
  fake.setScenario(lookItUp),
);
if (fake.requests.length - asked < 2 * MODEL_TURNS)
  throw new Error(
    `the fake model was asked only ${fake.requests.length - asked} times for ${MODEL_TURNS} turns`,
  );
const bare = await measureBareHandler();
await fake.close();

const ms = (n: number) => `${n.toFixed(2)}ms`.padStart(10);
const row = (label: string, r: { p50: number; p99: number }) =>
  `${label.padEnd(58)} ${ms(r.p50)} ${ms(r.p99)}\n`;
process.stdout.write(
  `\nPhone: one signed POST /api/twilio/process-speech turn, server time, ${RUNS} turns each (demo FAQ, ${TEST_TWILIO.publicBaseUrl})\n` +
    `${'request'.padEnd(58)} ${'p50'.padStart(10)} ${'p99'.padStart(10)}\n` +
    row('assistant turn, no model (FAQ retrieval, customer lookup)', noModel) +
    row('assistant turn, fake OpenAI answering at once (streamed)', withModel) +
    row('  the same, one tool call (search_answers) before the reply', withTool) +
    row('bare Express handler, fixed TwiML (same form parsing)', bare),
);
const bareTwiml = { name: 'bare handler, fixed TwiML', value: bare.p50 };
// No budget is set for a turn yet: the figures stand beside the bare handler's.
reportBudgets('Phone line: one assistant turn', [
  { name: 'assistant turn, no model, p50', value: noModel.p50, bare: bareTwiml },
  { name: 'assistant turn, fake model, p50', value: withModel.p50, bare: bareTwiml },
  { name: 'assistant turn, one tool call, p50', value: withTool.p50, bare: bareTwiml },
]);
