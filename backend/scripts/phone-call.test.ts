import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callSchema } from '@washdesk/contract';
import { startTestServer, type TestServer } from '../src/test/test-server.ts';
import { PHONE_ENV, TEST_TWILIO } from '../src/test/phone-caller.ts';

// `npm run call` as a person runs it, with what they type piped in. The server runs in this
// process, so the CLI is spawned asynchronously; vitest's test timeout bounds a CLI that hangs,
// and afterEach kills any child still running.

const root = path.resolve(import.meta.dirname, '../..');
const running = new Set<ChildProcess>();

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: PHONE_ENV });
  const saved = await server.send('PUT', '/api/settings/ai', {
    friendlyTone: false,
    autoScheduleQuotes: false,
    photoRequestPrompts: false,
    messengerAutoReply: true,
    responseDelay: 1,
  });
  expect(saved.status).toBe(200);
});
afterAll(() => server.stop());
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
  expect(server.errors).toEqual([]);
});

/** Runs the CLI with `typed` on its standard input; resolves with its output once it exits. */
function npmRunCall(typed: string, env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'backend/scripts/phone-call.ts', ...args], {
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

const lineEnv = () => ({
  WASHDESK_URL: server.url,
  TWILIO_AUTH_TOKEN: TEST_TWILIO.authToken,
  PUBLIC_BASE_URL: TEST_TWILIO.publicBaseUrl,
});

describe('npm run call', () => {
  it('prints the conversation, hangs up at the end of the input, and the call is in Call Logs', async () => {
    const { code, stdout, stderr } = await npmRunCall('Where are you located?\n', lineEnv(), [
      '--from',
      '+17075550188',
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe(`Calling +17075550100 at ${server.url} from +17075550188…`);
    expect(lines[1]).toBe(
      'Assistant: Thank you for calling Lost Coast Soft Wash (demo). This is the virtual assistant. How may I help you?',
    );
    expect(lines[2]).toBe('You: Where are you located?');
    expect(lines[3]).toMatch(/^Assistant: \S/);
    const sid = /^You hung up\. Call (CA[0-9a-f]{32}) is over\.$/.exec(lines.at(-2)!)?.[1];
    expect(sid, lines.at(-2)).toBeDefined();
    expect(lines.at(-1)).toBe(`Open Call Logs: ${server.url}/admin/call-logs`);

    const calls = callSchema.array().parse(await (await server.get('/api/calls?limit=200')).json());
    expect(calls.find((c) => c.callSid === sid)).toMatchObject({
      status: 'completed',
      phoneNumber: '+17075550188',
      durationSeconds: expect.any(Number),
    });
  });

  it('stops at /hangup, whatever is typed after it', async () => {
    const before = server.count('ai_responses');
    const { code, stdout } = await npmRunCall('/hangup\nDo you clean roofs?\n', lineEnv());
    expect(code).toBe(0);
    expect(stdout).toContain('You: /hangup\nYou hung up.');
    expect(stdout).not.toContain('You: Do you clean roofs?');
    expect(server.count('ai_responses')).toBe(before);
  });

  it('names the variable when TWILIO_AUTH_TOKEN is missing, and calls nobody', async () => {
    const calls = server.count('calls');
    const { code, stdout, stderr } = await npmRunCall('', { ...lineEnv(), TWILIO_AUTH_TOKEN: '' });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('TWILIO_AUTH_TOKEN is not set.');
    expect(server.count('calls')).toBe(calls);
  });

  it('says what to check when the server refuses the signature', async () => {
    const { code, stderr } = await npmRunCall('', { ...lineEnv(), PUBLIC_BASE_URL: server.url });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'The call failed: /api/twilio/incoming-call answered 403: the server refused the signature: ' +
        'check TWILIO_AUTH_TOKEN and PUBLIC_BASE_URL.\n',
    );
  });
});

describe('npm run call -- --stream', () => {
  it('plays ConversationRelay: signed socket, typed prompts, a cut-in, a key for a person', async () => {
    const streaming = await startTestServer({ env: { ...PHONE_ENV, PHONE_VOICE_MODE: 'stream' } });
    try {
      const env = { ...lineEnv(), WASHDESK_URL: streaming.url };
      const { code, stdout, stderr } = await npmRunCall('Where are you located?\n!\n/0\n', env, ['--stream']);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const lines = stdout.trim().split('\n');
      expect(lines[1]).toMatch(/^Assistant: .*virtual assistant/);
      expect(lines[2]).toBe('You: Where are you located?');
      const reply = /^Assistant: (.+)$/.exec(lines[3]!)?.[1];
      expect(reply, lines[3]).toBeDefined();
      expect(lines[4]).toBe('You: !');
      const heard = /^\(you cut in after: "(.+)"\)$/.exec(lines[5]!)?.[1];
      expect(reply!.startsWith(heard!)).toBe(true);
      expect(lines[6]).toBe('You: /0');
      // No forward number on this line: a call back is promised and a message can be left.
      expect(stdout).toContain('A message would be recorded now. Call CA');
      const [turn] = streaming.db.prepare('SELECT ai_response FROM ai_responses').all() as {
        ai_response: string;
      }[];
      expect(turn!.ai_response).toBe(heard);
      expect(streaming.db.prepare('SELECT status, callback_requested FROM calls').get()).toEqual({
        status: 'completed',
        callback_requested: 1,
      });
    } finally {
      await streaming.stop();
    }
  });
});
