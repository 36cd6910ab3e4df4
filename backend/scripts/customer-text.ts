// `npm run text`: a customer texting the business, in the terminal, as `npm run call` plays a
// call. Each line typed is one text, posted to a running server as Twilio posts it (the incoming-SMS
// webhook, its form fields and X-Twilio-Signature), or with --messenger as Meta posts a Messenger
// message (signed X-Hub-Signature-256). The business's replies are read back from the server's own
// database (read-only), each with what became of it: sent to Twilio or Messenger, waiting in the
// outbox, or not sent and why. Without a Twilio account the server sends nothing, and this says so.
//   WASHDESK_URL       where the server answers (default http://localhost:PORT, PORT 3000)
//   TWILIO_AUTH_TOKEN  the token the server checks Twilio's signatures with (texts)
//   META_APP_SECRET    the secret the server checks Meta's signatures with (--messenger)
//   PUBLIC_BASE_URL    the address the server believes Twilio calls (default WASHDESK_URL)
//   DATA_DIR           the server's data folder, where its replies are read (default ./data)
//   --from +1707...    the customer's number; --to the business number (TWILIO_PHONE_NUMBER)
//   --messenger        a Messenger customer instead (--psid their page-scoped id, digits)
//   --wait 20          how many seconds to wait for each reply
// Type what the customer writes; Ctrl-D (or the end of piped input) ends.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_BUSINESS_LINE, DEMO_CALLER } from '../src/phone-simulator/simulated-call.ts';
import { twilioSignature } from '../src/phone-simulator/twilio-signature.ts';
import { customerReplies, type CustomerReplies, type Reply } from './customer-replies.ts';
import { env, fail } from './simulator-env.ts';

const root = path.resolve(import.meta.dirname, '../..');

const { values: args } = parseArgs({
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    messenger: { type: 'boolean' },
    psid: { type: 'string' },
    wait: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  process.stdout.write(
    'Usage: TWILIO_AUTH_TOKEN=… npm run text [-- --from +17075550123] [--wait 20]\n' +
      '       META_APP_SECRET=… npm run text -- --messenger [--psid 7000000000000001]\n',
  );
  process.exit(0);
}

const serverUrl = (env('WASHDESK_URL') ?? `http://localhost:${env('PORT') ?? '3000'}`).replace(/\/+$/, '');
const publicBaseUrl = (env('PUBLIC_BASE_URL') ?? serverUrl).replace(/\/+$/, '');
for (const [name, value] of [
  ['WASHDESK_URL', serverUrl],
  ['PUBLIC_BASE_URL', publicBaseUrl],
] as const) {
  if (!URL.canParse(value))
    fail(`${name} must be a full URL such as http://localhost:3000 (it is "${value}").`);
}
const secret = args.messenger ? env('META_APP_SECRET') : env('TWILIO_AUTH_TOKEN');
if (!secret) {
  fail(
    args.messenger
      ? 'META_APP_SECRET is not set. Start the server with META_APP_SECRET=some-local-secret and run\n' +
          'META_APP_SECRET=some-local-secret npm run text -- --messenger (messages are signed with it).'
      : 'TWILIO_AUTH_TOKEN is not set. Start the server with TWILIO_AUTH_TOKEN=some-local-secret and run\n' +
          'TWILIO_AUTH_TOKEN=some-local-secret npm run text (every text is signed with it).',
  );
}
const waitSeconds = Number(args.wait ?? '20');
if (!Number.isFinite(waitSeconds) || waitSeconds < 0) fail('--wait is a number of seconds, such as 20.');
const from = args.from ?? DEMO_CALLER;
const to = args.to ?? env('TWILIO_PHONE_NUMBER') ?? DEMO_BUSINESS_LINE;
const psid = args.psid ?? '7000000000000001';
if (args.messenger && !/^\d{1,32}$/.test(psid)) fail('--psid is digits, as Meta gives page-scoped ids.');
/** Meta's page id in the body; the server reads only the sender. */
const PAGE_ID = '100000000000001';

const print = (line: string) => process.stdout.write(`${line}\n`);
const interactive = process.stdin.isTTY;
const databaseFile = path.join(path.resolve(root, env('DATA_DIR') ?? './data'), 'washdesk.sqlite');
const screen = `${serverUrl}/admin/${args.messenger ? 'messenger-conversations' : 'texts'}`;

/** One customer text, as Twilio's incoming-SMS webhook posts it. */
async function postText(body: string): Promise<Response> {
  const sid = `SM${crypto.randomBytes(16).toString('hex')}`;
  const params = {
    AccountSid: env('TWILIO_ACCOUNT_SID') ?? `AC${'0'.repeat(32)}`,
    ApiVersion: '2010-04-01',
    Body: body,
    From: from,
    MessageSid: sid,
    NumMedia: '0',
    NumSegments: '1',
    SmsMessageSid: sid,
    SmsSid: sid,
    SmsStatus: 'received',
    To: to,
  };
  const webhook = '/api/twilio/incoming-sms';
  return fetch(`${serverUrl}${webhook}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': twilioSignature(secret!, `${publicBaseUrl}${webhook}`, params),
    },
    body: new URLSearchParams(params).toString(),
  });
}

/** One Messenger message, as Meta's webhook posts it: JSON bytes signed with the app secret. */
async function postMessage(text: string): Promise<Response> {
  const now = Date.now();
  const raw = JSON.stringify({
    object: 'page',
    entry: [
      {
        id: PAGE_ID,
        time: now,
        messaging: [
          {
            sender: { id: psid },
            recipient: { id: PAGE_ID },
            timestamp: now,
            message: { mid: `m_${crypto.randomBytes(12).toString('hex')}`, text },
          },
        ],
      },
    ],
  });
  const signature = crypto.createHmac('sha256', secret!).update(raw).digest('hex');
  return fetch(`${serverUrl}/api/messenger/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': `sha256=${signature}` },
    body: raw,
  });
}

const REFUSALS: Record<number, string> = {
  403: args.messenger
    ? 'the server refused the signature: META_APP_SECRET differs from the server’s'
    : 'the server refused the signature: check TWILIO_AUTH_TOKEN and PUBLIC_BASE_URL',
  503: args.messenger
    ? 'the server was started without META_APP_SECRET'
    : 'the server was started without TWILIO_AUTH_TOKEN',
};

const WHO: Record<string, string> = {
  assistant: 'AI assistant',
  staff: 'Staff',
  automatic: 'Automatic text',
};
const show = (reply: Reply) =>
  print(`Business (${WHO[reply.sender] ?? reply.sender}): ${reply.body}  [${reply.fate}]`);

/** Waits (up to --wait seconds) for the replies after `afterId` to be stored and settled. */
async function repliesAfter(replies: CustomerReplies, afterId: number): Promise<Reply[]> {
  const read = () => (args.messenger ? replies.messagesTo(psid, afterId) : replies.textsTo(from, afterId));
  const deadline = Date.now() + waitSeconds * 1000;
  let found = read();
  while (!(found.length > 0 && found.every((r) => r.settled)) && Date.now() < deadline) {
    await sleep(200);
    found = read();
  }
  return found;
}

const NO_REPLY = args.messenger
  ? 'The assistant answers Messenger when Messenger auto-reply is on in Settings → AI Settings and no one has taken the conversation over.'
  : 'The assistant answers texts when text auto-reply is on in Settings → AI Settings, texting is set up ' +
    '(TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_PHONE_NUMBER) and no one has taken the thread over; ' +
    'STOP, START and HELP are answered by Twilio or not at all.';

async function main() {
  print(
    args.messenger
      ? `Messaging the business's page at ${serverUrl} as Messenger user ${psid}…`
      : `Texting ${to} at ${serverUrl} from ${from}…`,
  );
  const replies = fs.existsSync(databaseFile) ? customerReplies(databaseFile) : undefined;
  if (!replies)
    print(`(No database at ${databaseFile} to read the replies from: set DATA_DIR as the server has it.)`);
  const lines = createInterface({ input: process.stdin, output: process.stdout, terminal: interactive });
  lines.on('SIGINT', () => lines.close());
  lines.setPrompt('You: ');
  if (interactive) lines.prompt();
  try {
    // Lines are taken one at a time: piped input waits for each answer like a person would.
    for await (const line of lines) {
      if (!line.trim()) {
        if (interactive) lines.prompt();
        continue;
      }
      if (!interactive) print(`You: ${line}`);
      const afterId = replies ? (args.messenger ? replies.lastMessageId() : replies.lastTextId()) : 0;
      const res = await (args.messenger ? postMessage(line) : postText(line));
      if (!res.ok)
        fail(
          `The message was refused: the webhook answered ${res.status}: ${REFUSALS[res.status] ?? (await res.text())}.`,
        );
      if (replies) {
        const found = await repliesAfter(replies, afterId);
        found.forEach(show);
        if (found.length === 0) print(`(No reply within ${waitSeconds} s. ${NO_REPLY})`);
      }
      if (interactive) lines.prompt();
    }
  } finally {
    lines.close();
    replies?.close();
  }
  print(`Open ${args.messenger ? 'Messenger' : 'Texts'}: ${screen}`);
}

await main().catch((error: unknown) => {
  if (error instanceof TypeError && /fetch failed/.test(error.message))
    fail(`No server answers at ${serverUrl}. Start it with npm start, or set WASHDESK_URL.`);
  fail(`The text failed: ${error instanceof Error ? error.message : String(error)}`);
});
