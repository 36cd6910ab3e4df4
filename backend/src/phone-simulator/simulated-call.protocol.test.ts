import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import twilio from 'twilio';
import { SimulatedCall, WebhookRefused } from './simulated-call.ts';

// The simulator against a stand-in for the voice webhooks that checks every signature with the
// twilio SDK and answers scripted TwiML: how the simulator follows Twilio's rules, whatever the
// real webhooks say. (simulated-call.test.ts drives the real server.)

const TOKEN = 'some-local-secret';
/** What the server believes Twilio calls; deliberately not where it listens. */
const PUBLIC = 'https://phones.example.com';

interface Received {
  path: string;
  params: Record<string, string>;
}
let received: Received[] = [];
let answers: Record<string, string | { status: number; body: string }> = {};
let url: string;
let server: http.Server;

const twiml = (build: (r: InstanceType<typeof twilio.twiml.VoiceResponse>) => void) => {
  const r = new twilio.twiml.VoiceResponse();
  build(r);
  return r.toString();
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      const valid = twilio.validateRequest(
        TOKEN,
        String(req.headers['x-twilio-signature'] ?? ''),
        `${PUBLIC}${req.url}`,
        params,
      );
      if (!valid) return void res.writeHead(403).end('forged');
      received.push({ path: req.url!, params });
      const answer = answers[req.url!] ?? twiml((r) => r.hangup());
      if (typeof answer !== 'string') return void res.writeHead(answer.status).end(answer.body);
      res.writeHead(200, { 'Content-Type': 'text/xml' }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
  answers = {};
});

/** A clock that moves 4 seconds each time the simulator reads it. */
const steppingClock = () => {
  let now = Date.UTC(2026, 10, 23, 18, 0);
  return () => (now += 4000);
};
const place = (token = TOKEN) =>
  SimulatedCall.place({ serverUrl: url, publicBaseUrl: PUBLIC, authToken: token, clock: steppingClock() });

describe('a simulated call follows Twilio’s rules', () => {
  it('rings, posts speech to the Gather action (relative, with its query), and reports the call completed', async () => {
    answers['/api/twilio/incoming-call'] = twiml((r) => {
      r.say('Hi, this is the virtual assistant.');
      r.gather({ input: ['speech'], action: '/api/twilio/process-speech?turn=1&x=a%26b' }).say(
        'How can I help?',
      );
    });
    answers['/api/twilio/process-speech?turn=1&x=a%26b'] = twiml((r) => {
      r.say(`We're happy to help & we'll call back.`);
      r.hangup();
    });

    const { call, turn } = await place();
    expect(call.callSid).toMatch(/^CA[0-9a-f]{32}$/);
    expect(turn).toEqual({ said: ['Hi, this is the virtual assistant.', 'How can I help?'], ended: null });

    const reply = await call.say('  Do you clean roofs?  ');
    expect(reply).toEqual({ said: [`We're happy to help & we'll call back.`], ended: { by: 'assistant' } });
    expect(call.isOver).toBe(true);

    expect(received.map((r) => r.path)).toEqual([
      '/api/twilio/incoming-call',
      '/api/twilio/process-speech?turn=1&x=a%26b',
      '/api/twilio/call-status',
    ]);
    const [ringing, speech, status] = received.map((r) => r.params);
    expect(ringing).toMatchObject({
      CallSid: call.callSid,
      From: '+17075550123',
      To: '+17075550100',
      CallStatus: 'ringing',
      Direction: 'inbound',
    });
    expect(speech).toMatchObject({
      CallSid: call.callSid,
      SpeechResult: 'Do you clean roofs?',
      Confidence: '0.9',
    });
    // Started at the first reading (+4 s), ended at the second (+8 s).
    expect(status).toMatchObject({
      CallSid: call.callSid,
      CallStatus: 'completed',
      CallDuration: '4',
      SequenceNumber: '1',
    });
  });

  it('on silence runs the verbs after the Gather, following a Redirect', async () => {
    answers['/api/twilio/incoming-call'] = twiml((r) => {
      r.gather({ input: ['speech'], action: `${PUBLIC}/api/twilio/process-speech` }).say('Hello?');
      r.say('Are you still there?');
      r.redirect('/api/twilio/process-speech?silence=1');
    });
    answers['/api/twilio/process-speech?silence=1'] = twiml((r) => {
      r.gather({ input: ['speech'], action: '/api/twilio/process-speech', actionOnEmptyResult: true });
    });
    answers['/api/twilio/process-speech'] = twiml((r) => r.say('Goodbye.'));

    const { call } = await place();
    expect(await call.say('')).toEqual({ said: ['Are you still there?'], ended: null });
    // With actionOnEmptyResult the silence itself is posted, without a SpeechResult.
    expect(await call.say('')).toEqual({ said: ['Goodbye.'], ended: { by: 'assistant' } });
    expect(received.map((r) => r.path)).toEqual([
      '/api/twilio/incoming-call',
      '/api/twilio/process-speech?silence=1',
      '/api/twilio/process-speech',
      '/api/twilio/call-status',
    ]);
    expect(received[2]!.params).not.toHaveProperty('SpeechResult');
  });

  it('ends when the caller is put through, and when the caller hangs up', async () => {
    answers['/api/twilio/incoming-call'] = twiml((r) => {
      r.say('Connecting you now.');
      r.dial('+17075550199');
    });
    const put = await place();
    expect(put.turn).toEqual({
      said: ['Connecting you now.', '(Putting you through to +17075550199)'],
      ended: { by: 'dial', dialed: '+17075550199' },
    });

    answers['/api/twilio/incoming-call'] = twiml((r) => r.gather({ input: ['speech'] }).say('Hi.'));
    const { call } = await place();
    expect(await call.hangUp()).toEqual({ said: [], ended: { by: 'caller' } });
    expect(await call.hangUp()).toEqual({ said: [], ended: { by: 'caller' } });
    expect(received.filter((r) => r.path === '/api/twilio/call-status')).toHaveLength(2);
  });

  it('says what to check when the server refuses the call', async () => {
    const refused = await place('not-the-token').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WebhookRefused);
    expect((refused as WebhookRefused).hint).toBe(
      'the server refused the signature: check TWILIO_AUTH_TOKEN and PUBLIC_BASE_URL',
    );

    answers['/api/twilio/incoming-call'] = { status: 503, body: 'phone line not configured' };
    const off = (await place().catch((e: unknown) => e)) as WebhookRefused;
    expect([off.status, off.hint]).toEqual([503, 'the server has no TWILIO_AUTH_TOKEN']);
    // A refused call goes no further: no status callback follows.
    expect(received.map((r) => r.path)).toEqual(['/api/twilio/incoming-call']);
  });
});
