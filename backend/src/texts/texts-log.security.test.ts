import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../http/request-log.ts';
import { startTextingServer, TEXTING_PUBLIC_URL, type TextingServer } from '../test/texting-server.ts';
import { postAsTwilio } from '../test/twilio-signing.ts';

// What a customer texts is theirs: after a text with a refused attachment, the assistant's answer
// and its sending, the server's log (every level) holds no word of it, no number, no attachment
// address (the account's SID) and no credential.

/** Tuesday 24 November 2026, 10:00 AM in California. */
const MORNING = Date.parse('2026-11-24T18:00:00Z');
const lines: string[] = [];
let office: TextingServer;
beforeAll(async () => {
  office = await startTextingServer({
    start: MORNING,
    logger: createLogger(
      'debug',
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(...String(chunk).split('\n').filter(Boolean));
          done();
        },
      }),
    ),
  });
});
afterAll(() => office.stop());
afterEach(() => expect(office.server.errors).toEqual([]));

describe('the log after a customer’s text', () => {
  it('holds nothing the customer sent, nor their number, nor Twilio’s addresses or token', async () => {
    const settings = await office.server.send('PUT', '/api/settings/ai', {
      friendlyTone: false,
      autoScheduleQuotes: false,
      photoRequestPrompts: false,
      messengerAutoReply: false,
      textAutoReply: true,
      responseDelay: 1,
    });
    expect(settings.status).toBe(200);
    const messageSid = `MM${'7'.repeat(32)}`;
    const res = await postAsTwilio({
      serverUrl: office.server.url,
      path: '/api/twilio/incoming-sms',
      params: {
        AccountSid: office.twilio.accountSid,
        MessageSid: messageSid,
        From: '+17075550831',
        To: office.twilio.phoneNumber,
        Body: 'Do you wash decks? Gate code zephyrquartz',
        NumMedia: '1',
        // Not on the fake Twilio: fetched and refused.
        MediaUrl0: `${office.twilio.url}/2010-04-01/Accounts/${office.twilio.accountSid}/Messages/${messageSid}/Media/ME${'8'.repeat(32)}`,
        MediaContentType0: 'image/jpeg',
      },
      authToken: office.twilio.authToken,
      signedBaseUrl: TEXTING_PUBLIC_URL,
    });
    expect(res.status).toBe(200);
    await office.server.settled();
    await office.at(MORNING + 5_000);
    expect(office.textsTo('+17075550831')).toHaveLength(1);
    expect(lines.length).toBeGreaterThan(0);
    const log = lines.join('\n');
    for (const secret of [
      'zephyrquartz',
      '5550831',
      office.twilio.accountSid,
      office.twilio.authToken,
      office.textsTo('+17075550831')[0]!.slice(0, 40),
    ])
      expect(log, secret).not.toContain(secret);
  });
});
