import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeTwilio } from '../test/fake-twilio.ts';
import { startTwilioLine, twilioLineEnv } from '../test/twilio-line.ts';
import { phoneCaller, TEST_TWILIO } from '../test/phone-caller.ts';
import { postAsTwilio } from '../test/twilio-signing.ts';
import { twilioSignature } from '../phone-simulator/twilio-signature.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { spoken, verb, verbNames } from '../test/twiml.ts';

// Issue 24 item 5: a caller nobody can take leaves a message. Twilio's side is played through the
// real signed webhooks; the recording's audio lives on a fake Twilio API on 127.0.0.1, which only
// the account's credentials open. Monday 23 November 2026, 9:30 AM in California (office open).
const MONDAY_MORNING = Date.parse('2026-11-23T17:30:00Z');
const PUBLIC = TEST_TWILIO.publicBaseUrl;
const FORWARD = '+17075550177';
const AUDIO = Buffer.from('ID3 a caller says: please call me back about the roof');

let fake: FakeTwilio;
let server: TestServer;
beforeAll(async () => {
  ({ fake, server } = await startTwilioLine({ clock: () => MONDAY_MORNING }));
});
afterAll(() => server.stop());
afterEach(() => {
  expect(server.errors).toEqual([]);
  server.db.exec('DELETE FROM ai_responses; DELETE FROM assistant_conversations; DELETE FROM calls;');
});

let recordings = 0;
const newRecordingSid = () => `RE${String(++recordings).padStart(32, 'a')}`;
const mediaUrl = (sid: string) =>
  `${fake.url}/2010-04-01/Accounts/${TEST_TWILIO.accountSid}/Recordings/${sid}`;

/** Twilio's recording status callback for a call, signed unless told otherwise. */
function recordingStatus(
  callSid: string,
  fields: Record<string, string>,
  options: { authToken?: string; sentParams?: Record<string, string>; path?: string } = {},
) {
  const params = {
    AccountSid: TEST_TWILIO.accountSid,
    CallSid: callSid,
    RecordingChannels: '1',
    RecordingSource: 'RecordVerb',
    RecordingStartTime: 'Mon, 23 Nov 2026 17:31:02 +0000',
    ...fields,
  };
  return postAsTwilio({
    serverUrl: server.url,
    path: options.path ?? '/api/twilio/recording-status',
    params,
    sentParams: options.sentParams && { ...params, ...options.sentParams },
    authToken: options.authToken ?? TEST_TWILIO.authToken,
    signedBaseUrl: PUBLIC,
  });
}
const callRow = (sid: string) =>
  server.db.prepare('SELECT * FROM calls WHERE call_sid = ?').get(sid) as Record<string, unknown>;

describe('asking for a person with no forward number', () => {
  it('promises a call back, offers to record a message, and the message lands on the call', async () => {
    const caller = phoneCaller(server.url, '+17075550142');
    await caller.dial();
    const reply = await caller.twiml(await caller.say('Can I talk to a real person, please?'));
    expect(verbNames(reply)).toEqual(['Say', 'Record', 'Say', 'Hangup']);
    expect(spoken(reply)[0]).toBe(
      "I can't put you through to a person right now, but someone from the office will call you back at this number. You can also leave a message after the tone with your name and what you need. Press the pound key or hang up when you're done.",
    );
    expect(verb(reply, 'Record').attrs).toMatchObject({
      action: '/api/twilio/process-speech?recorded=1',
      method: 'POST',
      maxLength: '120',
      finishOnKey: '#',
      recordingStatusCallback: `${PUBLIC}/api/twilio/recording-status`,
      recordingStatusCallbackMethod: 'POST',
      transcribe: 'true',
      transcribeCallback: `${PUBLIC}/api/twilio/recording-transcript`,
    });
    // A call back is owed from the moment the message is offered: the call is a lead already.
    const id = callRow(caller.callSid).id as number;
    expect(callRow(caller.callSid).callback_requested).toBe(1);
    expect(
      server.db.prepare("SELECT COUNT(*) AS n FROM leads WHERE source_id = ? AND channel = 'phone'").get(id),
    ).toEqual({ n: 1 });

    // The caller finishes (the <Record> action), then Twilio reports the recording.
    const done = await caller.twiml(
      await postAsTwilio({
        serverUrl: server.url,
        path: '/api/twilio/process-speech?recorded=1',
        params: {
          AccountSid: TEST_TWILIO.accountSid,
          CallSid: caller.callSid,
          From: caller.from,
          CallStatus: 'in-progress',
        },
        authToken: TEST_TWILIO.authToken,
        signedBaseUrl: PUBLIC,
      }),
    );
    expect(spoken(done)[0]).toBe(
      'Thank you, your message is recorded and someone from the office will call you back.',
    );
    expect(verbNames(done).at(-1)).toBe('Hangup');

    const sid = newRecordingSid();
    fake.recordings.set(sid, AUDIO);
    const stored = await recordingStatus(caller.callSid, {
      RecordingSid: sid,
      RecordingUrl: mediaUrl(sid),
      RecordingStatus: 'completed',
      RecordingDuration: '14',
    });
    expect(stored.status).toBe(204);
    const transcribed = await recordingStatus(
      caller.callSid,
      {
        RecordingSid: sid,
        RecordingUrl: mediaUrl(sid),
        TranscriptionSid: 'TR0123456789abcdef0123456789abcdef',
        TranscriptionStatus: 'completed',
        TranscriptionText: 'Please call me back about the roof.',
      },
      { path: '/api/twilio/recording-transcript' },
    );
    expect(transcribed.status).toBe(204);

    const call = await (await server.get(`/api/calls/${id}`)).json();
    expect(call).toMatchObject({
      callbackRequested: true,
      voicemail: { durationSeconds: 14, transcript: 'Please call me back about the roof.' },
    });
    // Staff never see where the audio is kept, nor anything to open it with.
    const listed = JSON.stringify(await (await server.get('/api/calls?limit=50')).json());
    for (const secret of [fake.url, 'Recordings', sid, TEST_TWILIO.authToken])
      expect(listed).not.toContain(secret);

    // Played through the backend, with the account's credentials, byte for byte.
    const audio = await server.get(`/api/calls/${id}/recording`);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await audio.arrayBuffer())).toEqual(AUDIO);
    expect(fake.recordingFetches).toBe(1);
    expect(fake.unauthorized).toBe(0);
    // Only for staff.
    expect((await server.anonymous.get(`/api/calls/${id}/recording`)).status).toBe(401);
  });

  it('keeps a message the caller did not speak as none: nothing to play', async () => {
    const caller = phoneCaller(server.url, '+17075550143');
    await caller.dial();
    await caller.say('A person please');
    const sid = newRecordingSid();
    const res = await recordingStatus(caller.callSid, {
      RecordingSid: sid,
      RecordingUrl: mediaUrl(sid),
      RecordingStatus: 'absent',
      RecordingDuration: '0',
    });
    expect(res.status).toBe(204);
    const id = callRow(caller.callSid).id as number;
    expect((await (await server.get(`/api/calls/${id}`)).json()).voicemail).toBeNull();
    expect((await server.get(`/api/calls/${id}/recording`)).status).toBe(404);
  });
});

describe('recording callbacks out of order', () => {
  it("a late 'failed' (or 'absent') after 'completed' never erases the message; the latest state wins", async () => {
    const caller = phoneCaller(server.url, '+17075550144');
    await caller.dial();
    await caller.say('A person please');
    const sid = newRecordingSid();
    fake.recordings.set(sid, AUDIO);
    const report = (status: string, duration: string) =>
      recordingStatus(caller.callSid, {
        RecordingSid: sid,
        RecordingUrl: mediaUrl(sid),
        RecordingStatus: status,
        RecordingDuration: duration,
      });
    expect((await report('completed', '12')).status).toBe(204);
    expect((await report('failed', '0')).status).toBe(204);
    expect((await report('absent', '0')).status).toBe(204);
    const id = callRow(caller.callSid).id as number;
    expect((await (await server.get(`/api/calls/${id}`)).json()).voicemail).toMatchObject({
      durationSeconds: 12,
    });
    expect(callRow(caller.callSid)).toMatchObject({ recording_status: 'completed', recording_seconds: 12 });
    expect((await server.get(`/api/calls/${id}/recording`)).status).toBe(200);

    // In the other order, the finished recording arriving last is what staff get.
    const other = phoneCaller(server.url, '+17075550145');
    await other.dial();
    await other.say('A person please');
    const second = newRecordingSid();
    const fields = { RecordingSid: second, RecordingUrl: mediaUrl(second) };
    await recordingStatus(other.callSid, { ...fields, RecordingStatus: 'failed', RecordingDuration: '0' });
    await recordingStatus(other.callSid, { ...fields, RecordingStatus: 'completed', RecordingDuration: '7' });
    expect(callRow(other.callSid)).toMatchObject({ recording_status: 'completed', recording_seconds: 7 });
  });
});

describe('a put-through nobody answers', () => {
  it('offers the message too, after saying nobody could take the call', async () => {
    const forwarding = await startTestServer({
      env: twilioLineEnv(fake, { STAFF_FORWARD_NUMBER: FORWARD }),
      clock: () => MONDAY_MORNING,
    });
    try {
      const caller = phoneCaller(forwarding.url);
      await caller.dial();
      expect(verbNames(await caller.twiml(await caller.say('A person, please')))).toEqual(['Say', 'Dial']);
      for (const status of ['no-answer', 'busy']) {
        const nobody = await caller.twiml(await caller.dialEnded(status));
        expect(verbNames(nobody)).toEqual(['Say', 'Say', 'Record', 'Say', 'Hangup']);
        expect(spoken(nobody)[0]).toBe(
          'Sorry, nobody in the office could take the call. Someone will call you back at this number.',
        );
      }
      expect(forwarding.errors).toEqual([]);
    } finally {
      await forwarding.stop();
    }
  });
});

describe('the recording callbacks refuse what Twilio did not send', () => {
  const WRITTEN = [
    'recording_sid',
    'recording_url',
    'recording_seconds',
    'recording_status',
    'recording_transcript',
  ];
  const nothingStored = (callSid: string) => {
    const row = callRow(callSid);
    for (const column of WRITTEN) expect(row[column], column).toBeNull();
  };
  async function callerWhoAskedForAPerson() {
    const caller = phoneCaller(server.url, '+17075550144');
    await caller.dial();
    await caller.say('A person please');
    return caller;
  }

  it('a forged signature (another token) → 403, nothing stored', async () => {
    const caller = await callerWhoAskedForAPerson();
    const sid = newRecordingSid();
    for (const path of ['/api/twilio/recording-status', '/api/twilio/recording-transcript']) {
      const res = await recordingStatus(
        caller.callSid,
        {
          RecordingSid: sid,
          RecordingUrl: mediaUrl(sid),
          RecordingStatus: 'completed',
          RecordingDuration: '9',
          TranscriptionStatus: 'completed',
          TranscriptionText: 'forged',
        },
        { authToken: 'not-the-account-token', path },
      );
      expect(res.status).toBe(403);
    }
    nothingStored(caller.callSid);
  });

  it('a genuine callback replayed with another RecordingUrl (the attacker’s server) → 403, nothing stored', async () => {
    const caller = await callerWhoAskedForAPerson();
    const sid = newRecordingSid();
    const res = await recordingStatus(
      caller.callSid,
      {
        RecordingSid: sid,
        RecordingUrl: mediaUrl(sid),
        RecordingStatus: 'completed',
        RecordingDuration: '9',
      },
      { sentParams: { RecordingUrl: 'http://127.0.0.1:9/steal' } },
    );
    expect(res.status).toBe(403);
    nothingStored(caller.callSid);
  });

  it("a call-status signature replayed on the recording callback → 403, and a signed one naming another host's URL → 400", async () => {
    const caller = await callerWhoAskedForAPerson();
    const sid = newRecordingSid();
    const fields = {
      RecordingSid: sid,
      RecordingUrl: mediaUrl(sid),
      RecordingStatus: 'completed',
      RecordingDuration: '9',
    };
    const params = { AccountSid: TEST_TWILIO.accountSid, CallSid: caller.callSid, ...fields };
    const signedForCallStatus = await postAsTwilio({
      serverUrl: server.url,
      path: '/api/twilio/recording-status',
      params,
      authToken: TEST_TWILIO.authToken,
      signedBaseUrl: PUBLIC,
      signature: twilioSignature(TEST_TWILIO.authToken, `${PUBLIC}/api/twilio/call-status`, params),
    });
    expect(signedForCallStatus.status).toBe(403);
    const elsewhere = await recordingStatus(caller.callSid, {
      ...fields,
      RecordingUrl: `https://recordings.example.net/2010-04-01/Accounts/${TEST_TWILIO.accountSid}/Recordings/${sid}`,
    });
    expect(elsewhere.status).toBe(400);
    nothingStored(caller.callSid);
  });

  it('unsigned → 403; a JSON body → 415; nothing stored', async () => {
    const caller = await callerWhoAskedForAPerson();
    const sid = newRecordingSid();
    const fields = { RecordingSid: sid, RecordingUrl: mediaUrl(sid), RecordingStatus: 'completed' };
    const unsigned = await postAsTwilio({
      serverUrl: server.url,
      path: '/api/twilio/recording-status',
      params: { CallSid: caller.callSid, ...fields },
      authToken: TEST_TWILIO.authToken,
      signedBaseUrl: PUBLIC,
      signature: null,
    });
    expect(unsigned.status).toBe(403);
    const json = await fetch(`${server.url}/api/twilio/recording-status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Twilio-Signature': 'x' },
      body: JSON.stringify({ CallSid: caller.callSid, ...fields }),
    });
    expect(json.status).toBe(415);
    nothingStored(caller.callSid);
  });

  it('a genuine callback repeated (a retry or a replay) tells staff once', async () => {
    const caller = await callerWhoAskedForAPerson();
    const sid = newRecordingSid();
    const told = (what: string) =>
      (
        server.db.prepare('SELECT count(*) AS n FROM events WHERE summary LIKE ?').get(`%${what}`) as {
          n: number;
        }
      ).n;
    const [left, transcribed] = [told('left a message'), told('message transcribed')];
    const fields = {
      RecordingSid: sid,
      RecordingUrl: mediaUrl(sid),
      RecordingStatus: 'completed',
      RecordingDuration: '9',
      TranscriptionStatus: 'completed',
      TranscriptionText: 'Please call me back about the roof.',
    };
    for (let i = 0; i < 3; i++)
      for (const path of ['/api/twilio/recording-status', '/api/twilio/recording-transcript'])
        expect((await recordingStatus(caller.callSid, fields, { path })).status).toBe(204);
    expect([told('left a message') - left, told('message transcribed') - transcribed]).toEqual([1, 1]);
    expect(callRow(caller.callSid)).toMatchObject({
      recording_sid: sid,
      recording_transcript: 'Please call me back about the roof.',
    });
  });
});
