import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeTwilio } from '../test/fake-twilio.ts';
import { saveAiSettings } from '../test/ai-settings.ts';
import { startTwilioLine } from '../test/twilio-line.ts';
import { phoneCaller, TEST_TWILIO } from '../test/phone-caller.ts';
import type { TestServer } from '../test/test-server.ts';
import { spoken } from '../test/twiml.ts';

// Settings → Photo Request Prompts on the phone: the assistant offers to text the photo quote
// link, and a caller's "yes" sends a real SMS through the twilio SDK (to a fake Twilio API on
// 127.0.0.1). The caller is told the truth about whether it went.

const BUSINESS = 'Lost Coast Soft Wash (demo)';
const LINK = `${TEST_TWILIO.publicBaseUrl}/photo-quote-tool`;

let fake: FakeTwilio;
let server: TestServer;
beforeAll(async () => {
  ({ fake, server } = await startTwilioLine());
});
afterAll(() => server.stop());
afterEach(() => {
  expect(server.errors).toEqual([]);
  fake.texts.length = 0;
  fake.answer = 'accept';
});

const photoPrompts = (on: boolean) => saveAiSettings(server, { photoRequestPrompts: on });
const badgeOf = (responseText: string) =>
  (
    server.db
      .prepare('SELECT photo_request_sent FROM ai_responses WHERE ai_response LIKE ? ORDER BY id DESC')
      .get(`${responseText}%`) as { photo_request_sent: number }
  ).photo_request_sent;

describe('the photo quote link by text', () => {
  it('is offered and, on "yes", texted from the business number; the caller hears that it was sent', async () => {
    await photoPrompts(true);
    const caller = phoneCaller(server.url, '+17075550123');
    await caller.dial();
    const offer = spoken(await caller.twiml(await caller.say('Can I get a quote?'))).join(' ');
    expect(offer).toContain(
      'I can text you a link to send us photos for a quick quote. Would you like me to send it?',
    );

    const yes = await caller.twiml(await caller.say('Yes please'));
    expect(spoken(yes)).toEqual(["I've texted you the link. Is there anything else I can help you with?"]);
    expect(fake.texts).toEqual([
      {
        sid: expect.stringMatching(/^SM/),
        to: '+17075550123',
        from: TEST_TWILIO.phoneNumber,
        body: `${BUSINESS}: send us a few photos for a quick quote: ${LINK}`,
      },
    ]);
    // AI Responses shows the spec's "Photo request sent" badge on that answer.
    const log = await (await server.get('/api/ai-responses')).json();
    const badged = log.filter((r: { photoRequestSent: boolean }) => r.photoRequestSent);
    expect(badged).toHaveLength(1);
    // …and records the words the caller heard, the texting sentence included.
    expect(badged[0].aiResponse).toBe(spoken(yes).join(' '));
  });

  it('is neither offered nor sent when Photo Request Prompts is off', async () => {
    await photoPrompts(false);
    const caller = phoneCaller(server.url, '+17075550124');
    await caller.dial();
    const reply = spoken(await caller.twiml(await caller.say('Can I get a quote?'))).join(' ');
    expect(reply).not.toContain('link');
    await caller.say('Yes please');
    expect(fake.texts).toEqual([]);
  });

  it('is never claimed when Twilio refuses the text: the caller hears the web address instead', async () => {
    await photoPrompts(true);
    fake.answer = 'invalid-to';
    const caller = phoneCaller(server.url, '+17075550125');
    await caller.dial();
    await caller.say('Can I get a quote?');
    const reply = spoken(await caller.twiml(await caller.say('Yes'))).join(' ');
    expect(reply).toBe(
      "Sorry, I couldn't send the text just now. You can find the photo quote form at washdesk dot example dot com slash photo dash quote dash tool. Is there anything else I can help you with?",
    );
    expect(reply).not.toContain('texted');
    expect(fake.texts).toEqual([]);
    // The log keeps the words the caller heard, the failure included, and no "sent" badge.
    expect(badgeOf(reply)).toBe(0);
  });

  it('is not offered to a caller whose number cannot receive a text', async () => {
    await photoPrompts(true);
    const caller = phoneCaller(server.url, 'anonymous');
    await caller.dial();
    const reply = spoken(await caller.twiml(await caller.say('Can I get a quote?'))).join(' ');
    expect(reply).not.toContain('text you a link');
  });
});
