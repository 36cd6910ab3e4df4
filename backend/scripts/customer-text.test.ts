import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/test/test-server.ts';
import { PHONE_ENV, TEST_TWILIO } from '../src/test/phone-caller.ts';
import { startFakeTwilio, type FakeTwilio } from '../src/test/fake-twilio.ts';
import { startFakeMeta, type FakeMeta } from '../src/test/fake-meta.ts';

// `npm run text` as a person runs it, with what they type piped in, against a server whose Twilio
// and Meta are fakes on 127.0.0.1 (the real SDKs talk to them). The CLI is spawned asynchronously;
// vitest's timeout bounds one that hangs, and afterEach kills any child still running. Its wait for
// a reply is a budget, never a pause: it returns as soon as the reply is stored and settled.

const root = path.resolve(import.meta.dirname, '../..');
const running = new Set<ChildProcess>();
const APP_SECRET = 'cli-test-app-secret';

let server: TestServer;
let twilio: FakeTwilio;
let meta: FakeMeta;
beforeAll(async () => {
  twilio = await startFakeTwilio(TEST_TWILIO);
  meta = await startFakeMeta();
  server = await startTestServer({
    env: {
      ...PHONE_ENV,
      TWILIO_API_BASE_URL: twilio.url,
      META_APP_SECRET: APP_SECRET,
      META_VERIFY_TOKEN: 'cli-verify',
      META_PAGE_ACCESS_TOKEN: 'cli-page-token',
      META_GRAPH_BASE_URL: meta.url,
    },
  });
  const saved = await server.send('PUT', '/api/settings/ai', {
    friendlyTone: false,
    autoScheduleQuotes: false,
    photoRequestPrompts: false,
    messengerAutoReply: true,
    textAutoReply: true,
    responseDelay: 1,
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await server.stop();
  await twilio.close();
  await meta.close();
});
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
  expect(server.errors).toEqual([]);
});

/** Runs the CLI with `typed` on its standard input; resolves with its output once it exits. */
function npmRunText(typed: string, env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'backend/scripts/customer-text.ts', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(typed);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve({ code, stdout, stderr });
    }),
  );
}

const cliEnv = () => ({
  WASHDESK_URL: server.url,
  TWILIO_AUTH_TOKEN: TEST_TWILIO.authToken,
  PUBLIC_BASE_URL: TEST_TWILIO.publicBaseUrl,
  META_APP_SECRET: APP_SECRET,
  DATA_DIR: server.dataDir,
});
// The budget for each reply: generous, since the CLI stops waiting as soon as the reply settles.
const WAIT = ['--wait', '60'];

describe('npm run text', () => {
  it("texts the business as Twilio would and prints the assistant's reply as the fake Twilio took it", async () => {
    const { code, stdout, stderr } = await npmRunText('Where are you located?\n', cliEnv(), [
      '--from',
      '+17075550177',
      ...WAIT,
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe(`Texting +17075550100 at ${server.url} from +17075550177…`);
    expect(lines[1]).toBe('You: Where are you located?');
    const reply = /^Business \(AI assistant\): (.+) {2}\[sent to Twilio\]$/.exec(lines[2]!)?.[1];
    expect(reply, lines[2]).toBeDefined();
    expect(lines.at(-1)).toBe(`Open Texts: ${server.url}/admin/texts`);
    // The reply printed is the text the (fake) Twilio was asked to send to that number.
    expect(twilio.texts.filter((t) => t.to === '+17075550177').map((t) => t.body)).toEqual([reply]);
    expect(
      server.db
        .prepare(
          `SELECT m.body FROM text_messages m JOIN text_threads t ON t.id = m.thread_id
          WHERE t.phone = '+17075550177' AND m.direction = 'in'`,
        )
        .all(),
    ).toEqual([{ body: 'Where are you located?' }]);
  });

  it('says honestly when a reply could not be sent', async () => {
    twilio.answer = 'invalid-to';
    try {
      const { code, stdout } = await npmRunText('Do you clean roofs?\n', cliEnv(), [
        '--from',
        '+17075550178',
        ...WAIT,
      ]);
      expect(code).toBe(0);
      expect(stdout).toMatch(/\nBusiness \(AI assistant\): .+ {2}\[not sent: .+\]\n/);
      expect(stdout).not.toContain('[sent to Twilio]');
    } finally {
      twilio.answer = 'accept';
    }
  });

  it('plays a Messenger customer with --messenger, signed as Meta signs', async () => {
    const { code, stdout, stderr } = await npmRunText('What are your hours?\n', cliEnv(), [
      '--messenger',
      '--psid',
      '7000000000000042',
      ...WAIT,
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe(
      `Messaging the business's page at ${server.url} as Messenger user 7000000000000042…`,
    );
    expect(lines[1]).toBe('You: What are your hours?');
    const reply = /^Business \(AI assistant\): (.+) {2}\[sent to Messenger\]$/.exec(lines[2]!)?.[1];
    expect(reply, lines[2]).toBeDefined();
    expect(lines.at(-1)).toBe(`Open Messenger: ${server.url}/admin/messenger-conversations`);
    const sent = meta.calls
      .map((c) => c.body as { recipient?: { id?: string }; message?: { text?: string } })
      .filter((b) => b.recipient?.id === '7000000000000042');
    expect(sent.map((b) => b.message?.text)).toEqual([reply]);
  });

  it('names what to check when the server refuses the signature, and stores nothing', async () => {
    const texts = server.count('text_messages');
    const { code, stderr } = await npmRunText('Hello\n', { ...cliEnv(), TWILIO_AUTH_TOKEN: 'not-the-token' });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'The message was refused: the webhook answered 403: the server refused the signature: ' +
        'check TWILIO_AUTH_TOKEN and PUBLIC_BASE_URL.\n',
    );
    expect(server.count('text_messages')).toBe(texts);
  });

  it('names the variable when the secret is missing, and sends nothing', async () => {
    const { code, stdout, stderr } = await npmRunText('', { ...cliEnv(), META_APP_SECRET: '' }, [
      '--messenger',
    ]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('META_APP_SECRET is not set.');
  });
});
