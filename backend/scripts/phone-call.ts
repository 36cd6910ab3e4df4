// `npm run call`: a phone call to the assistant, in the terminal. It plays Twilio against a
// running server (the same webhooks, fields and signature), so the call lands in Call Logs.
//   WASHDESK_URL       where the server answers (default http://localhost:PORT, PORT 3000)
//   TWILIO_AUTH_TOKEN  the token the server checks signatures with (required)
//   PUBLIC_BASE_URL    the address the server believes Twilio calls (default WASHDESK_URL)
//   --from +1707...    the caller's number; --to the business line (TWILIO_PHONE_NUMBER)
//   --stream           Twilio's ConversationRelay side instead (PHONE_VOICE_MODE=stream on the
//                      server): a signed WebSocket; `!` cuts in, /0 presses a key (see phone-call-stream.ts)
// Type what the caller says; an empty line is silence; /hangup or Ctrl-D hangs up.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import {
  DEMO_BUSINESS_LINE,
  DEMO_CALLER,
  SimulatedCall,
  WebhookRefused,
  type CallTurn,
} from '../src/phone-simulator/simulated-call.ts';
import { streamCall } from './phone-call-stream.ts';
import { env, fail } from './simulator-env.ts';

const { values: args } = parseArgs({
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    stream: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  process.stdout.write('Usage: TWILIO_AUTH_TOKEN=… npm run call [-- --from +17075550123] [--stream]\n');
  process.exit(0);
}

const authToken = env('TWILIO_AUTH_TOKEN');
if (!authToken) {
  fail(
    'TWILIO_AUTH_TOKEN is not set. Start the server with TWILIO_AUTH_TOKEN=some-local-secret and run\n' +
      'TWILIO_AUTH_TOKEN=some-local-secret npm run call (the simulator signs every request with it).',
  );
}
const serverUrl = env('WASHDESK_URL') ?? `http://localhost:${env('PORT') ?? '3000'}`;
const publicBaseUrl = env('PUBLIC_BASE_URL') ?? serverUrl;
for (const [name, value] of [
  ['WASHDESK_URL', serverUrl],
  ['PUBLIC_BASE_URL', publicBaseUrl],
] as const) {
  if (!URL.canParse(value))
    fail(`${name} must be a full URL such as http://localhost:3000 (it is "${value}").`);
}

const print = (line: string) => process.stdout.write(`${line}\n`);
const show = (turn: CallTurn) => turn.said.forEach((text) => print(`Assistant: ${text}`));
const interactive = process.stdin.isTTY;

function explain(error: unknown): never {
  if (error instanceof WebhookRefused)
    fail(`The call failed: ${error.path} answered ${error.status}: ${error.hint}.`);
  if (error instanceof TypeError && /fetch failed/.test(error.message)) {
    fail(`No server answers at ${serverUrl}. Start it with npm start, or set WASHDESK_URL.`);
  }
  fail(`The call failed: ${error instanceof Error ? error.message : String(error)}`);
}

async function main() {
  print(
    `Calling ${args.to ?? env('TWILIO_PHONE_NUMBER') ?? DEMO_BUSINESS_LINE} at ${serverUrl} from ${args.from ?? DEMO_CALLER}…`,
  );
  if (args.stream) {
    const lines = createInterface({ input: process.stdin, output: process.stdout, terminal: interactive });
    lines.on('SIGINT', () => lines.close());
    lines.setPrompt('You: ');
    await streamCall({
      serverUrl,
      publicBaseUrl,
      authToken: authToken!,
      from: args.from ?? DEMO_CALLER,
      to: args.to ?? env('TWILIO_PHONE_NUMBER') ?? DEMO_BUSINESS_LINE,
      lines,
      interactive,
      print,
      write: (text) => void process.stdout.write(text),
    });
    print(`Open Call Logs: ${serverUrl.replace(/\/+$/, '')}/admin/call-logs`);
    return;
  }
  const { call, turn } = await SimulatedCall.place({
    serverUrl,
    publicBaseUrl,
    authToken: authToken!,
    from: args.from ?? DEMO_CALLER,
    to: args.to ?? env('TWILIO_PHONE_NUMBER') ?? DEMO_BUSINESS_LINE,
  });
  show(turn);
  let ended = turn.ended;
  const lines = createInterface({ input: process.stdin, output: process.stdout, terminal: interactive });
  // Ctrl-C hangs up like Ctrl-D, rather than leaving the call open on the server.
  lines.on('SIGINT', () => lines.close());
  if (!ended) lines.setPrompt('You: ');
  if (!ended && interactive) lines.prompt();
  // Lines are taken one at a time: piped input waits for each answer like a person would.
  for await (const line of ended ? [] : lines) {
    if (!interactive) print(`You: ${line}`);
    const next = line.trim() === '/hangup' ? await call.hangUp() : await call.say(line);
    show(next);
    ended = next.ended;
    if (ended) break;
    if (interactive) lines.prompt();
  }
  lines.close();
  // Ctrl-D (or the end of piped input) hangs up.
  if (!ended) ended = (await call.hangUp()).ended;
  const how =
    ended!.by === 'caller'
      ? 'You hung up.'
      : ended!.by === 'dial'
        ? `Put through to ${ended!.dialed}.`
        : 'The assistant hung up.';
  print(`${how} Call ${call.callSid} is over.`);
  print(`Open Call Logs: ${serverUrl.replace(/\/+$/, '')}/admin/call-logs`);
}

await main().catch(explain);
