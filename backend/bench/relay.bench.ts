// The streamed phone line (ConversationRelay): from a caller's finished prompt (`last: true`) to
// the first `text` token back, on 20 calls at once, with no model and with the fake OpenAI
// answering at once; beside it a bare `ws` echo on the same machine (a token back for each prompt),
// timed the same way. Each time is taken by the client in this process, from sending the prompt
// to receiving the token over 127.0.0.1, so the echo row is the floor of the method. Response
// Delay is skipped: it is a deliberate wait, not work.
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { WebSocketServer } from 'ws';
import { startFakeOpenAi } from '../src/test/fake-openai.ts';
import { TEST_TWILIO } from '../src/test/phone-caller.ts';
import { SimulatedRelayCall, type RelayTwiml } from '../src/phone-simulator/simulated-relay-call.ts';
import { reportBudgets } from './bench-report.ts';
import { percentile, startBenchPhoneLine } from './bench-server.ts';

const CALLS = 20;
const TURNS_PER_CALL = Number(process.env.BENCH_RELAY_TURNS ?? 12);
/** Each call's first turns are warm-up (JIT, statements prepared, the FAQ index built). */
const WARMUP_TURNS = 2;
const QUESTIONS = [
  'Do you clean mossy roofs?',
  'Are you licensed and insured?',
  'Where do you work?',
  'Do you wash decks and fences?',
];

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length };
};

/** CALLS calls at once, each prompting TURNS_PER_CALL times; the prompt → first token times. */
async function timeCalls(
  serverUrl: string,
  open: (call: SimulatedRelayCall) => Promise<RelayTwiml>,
): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: CALLS }, async (_, n) => {
      const call = new SimulatedRelayCall({
        serverUrl,
        publicBaseUrl: TEST_TWILIO.publicBaseUrl,
        authToken: TEST_TWILIO.authToken,
        from: `+1707555${String(2000 + n)}`,
      });
      await call.connect(await open(call));
      for (let turn = 0; turn < TURNS_PER_CALL; turn++) {
        const from = call.received.length;
        const started = performance.now();
        call.prompt(QUESTIONS[(turn + n) % QUESTIONS.length]!);
        await call.next((m) => m.type === 'text', from);
        if (turn >= WARMUP_TURNS) times.push(performance.now() - started);
        await call.reply(from);
      }
      call.hangUp();
      await call.socketClosed();
    }),
  );
  return times;
}

async function measureLine(env: Record<string, string>, before?: () => void) {
  const running = await startBenchPhoneLine({ PHONE_VOICE_MODE: 'stream', ...env });
  before?.();
  const times = await timeCalls(running.url, (call) => call.ring());
  await running.stop();
  return summary(times);
}

async function measureEcho() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  server.on('connection', (socket) =>
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string };
      if (message.type === 'prompt') socket.send(JSON.stringify({ type: 'text', token: 'Yes.', last: true }));
    }),
  );
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const times = await timeCalls(url, (call) =>
    Promise.resolve({
      socketUrl: `ws://127.0.0.1/echo?call=${call.callSid}`,
      welcomeGreeting: '',
      action: '',
    }),
  );
  await new Promise((resolve) => server.close(resolve));
  return summary(times);
}

const fake = await startFakeOpenAi();
const noModel = await measureLine({});
const withModel = await measureLine({ OPENAI_API_KEY: 'sk-bench-not-real', OPENAI_BASE_URL: fake.url }, () =>
  fake.setScenario({
    content: {
      reply: 'Yes, we take care of that.',
      intent: 'service_inquiry',
      usedFacts: [],
      handoff: false,
      endOfConversation: false,
      booking: { name: null, service: null, address: null, when: null },
    },
  }),
);
// The model path must really have been taken, or the second row would measure the first again.
if (fake.requests.length < CALLS * (TURNS_PER_CALL - WARMUP_TURNS))
  throw new Error(`the fake model answered only ${fake.requests.length} turns`);
const echo = await measureEcho();
await fake.close();

const ms = (n: number) => `${n.toFixed(2)}ms`.padStart(10);
const row = (label: string, r: { p50: number; p99: number; n: number }) =>
  `${label.padEnd(62)} ${ms(r.p50)} ${ms(r.p99)} ${String(r.n).padStart(5)}\n`;
process.stdout.write(
  `\nPhone (ConversationRelay): prompt (last: true) → first text token, ${CALLS} calls at once, ` +
    `${TURNS_PER_CALL - WARMUP_TURNS} measured turns each, timed by the client over 127.0.0.1\n` +
    `${'socket'.padEnd(62)} ${'p50'.padStart(10)} ${'p99'.padStart(10)} ${'n'.padStart(5)}\n` +
    row('assistant turn, no model (FAQ retrieval, whole reply at once)', noModel) +
    row('assistant turn, fake OpenAI answering at once', withModel) +
    row('bare ws echo (a token back for each prompt)', echo),
);
const echoed = { name: 'bare ws echo', value: echo.p50 };
// No budget is set for the first token yet: the figures stand beside the bare echo's.
reportBudgets('Phone line streamed: prompt to first token', [
  { name: 'assistant turn, no model, p50', value: noModel.p50, bare: echoed },
  { name: 'assistant turn, fake model, p50', value: withModel.p50, bare: echoed },
]);
