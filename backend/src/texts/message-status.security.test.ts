import { describe, expect, it } from 'vitest';
import { TEXTING_PUBLIC_URL, textingServerForTests } from '../test/texting-server.ts';
import { postAsTwilio } from '../test/twilio-signing.ts';

// Twilio's delivery report for a text we sent (/api/twilio/message-status), replayed: the same
// signed report sent again (Twilio retries, or whoever captured it) changes nothing and tells
// staff nothing new, so it cannot fill the event log or their screens.

/** Tuesday 24 November 2026, 10:00 AM in California. */
const MORNING = Date.parse('2026-11-24T18:00:00Z');
const office = textingServerForTests({ start: MORNING });

const report = (messageSid: string, messageStatus: string) =>
  postAsTwilio({
    serverUrl: office.server.url,
    path: '/api/twilio/message-status',
    params: { AccountSid: office.twilio.accountSid, MessageSid: messageSid, MessageStatus: messageStatus },
    authToken: office.twilio.authToken,
    signedBaseUrl: TEXTING_PUBLIC_URL,
  });
const announced = () =>
  (
    office.server.db
      .prepare("SELECT count(*) AS n FROM events WHERE type = 'text.updated' AND summary LIKE '%delivered'")
      .get() as { n: number }
  ).n;

describe('a delivery report, replayed', () => {
  it('is announced once', async () => {
    expect((await office.customerTexts('+17075550821', 'Can I get a quote?')).status).toBe(200);
    const threads = (await (await office.server.get('/api/texts/threads')).json()) as { id: number }[];
    const sent = await office.server.send('POST', `/api/texts/threads/${threads[0]!.id}/messages`, {
      body: 'Sure, send us a photo.',
    });
    expect(sent.status).toBe(201);
    await office.at(MORNING + 1_000);
    const sid = office.twilio.texts.at(-1)!.sid;
    for (let i = 0; i < 4; i++) expect((await report(sid, 'delivered')).status).toBe(204);
    expect(announced()).toBe(1);
  });
});
