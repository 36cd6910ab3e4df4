import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { phoneCaller } from '../test/phone-caller.ts';
import { startTextingServer, TEXTING_PUBLIC_URL, type TextingServer } from '../test/texting-server.ts';
import { postAsTwilio } from '../test/twilio-signing.ts';

// An automatic text on the customer's timeline: a missed call earns the text-back, Twilio reports
// it delivered (or failed), and the customer's page shows the text with where it stands — the
// same state the Texts screen shows, read through the texts feature.

/** Tuesday 24 November 2026, 10:00 AM in California: outside quiet hours. */
const NOW = Date.parse('2026-11-24T18:00:00Z');
let office: TextingServer;
beforeAll(async () => {
  office = await startTextingServer({ start: NOW, ownTimer: true });
});
afterAll(() => office.stop());
afterEach(() => expect(office.server.errors).toEqual([]));

const status = (messageSid: string, messageStatus: string, errorCode?: string) =>
  postAsTwilio({
    serverUrl: office.server.url,
    path: '/api/twilio/message-status',
    params: {
      AccountSid: office.twilio.accountSid,
      MessageSid: messageSid,
      MessageStatus: messageStatus,
      ...(errorCode ? { ErrorCode: errorCode } : {}),
    },
    authToken: office.twilio.authToken,
    signedBaseUrl: TEXTING_PUBLIC_URL,
  });

interface TimelineItem {
  kind: string;
  messages: { sender: string; text: string; state?: string; problem?: string | null }[];
}
const textsOnTimeline = async (phone: string) => {
  const threads = (await (await office.server.get('/api/texts/threads')).json()) as {
    phone: string;
    customerId: number | null;
  }[];
  const customerId = threads.find((t) => t.phone === phone)?.customerId;
  if (!customerId) return [];
  const items = (await (await office.server.get(`/api/customers/${customerId}/timeline`)).json()) as
    TimelineItem[] | { items: TimelineItem[] };
  const list = Array.isArray(items) ? items : items.items;
  return list.find((i) => i.kind === 'text')?.messages ?? [];
};

describe('automatic texts on the customer timeline', () => {
  it('show with their state: delivered, then a failed one with its error', async () => {
    const phone = '+17075550701';
    const caller = phoneCaller(office.server.url, phone, {
      authToken: office.twilio.authToken,
      publicBaseUrl: TEXTING_PUBLIC_URL,
    });
    await caller.status('no-answer', { sequence: 1 });
    await expect.poll(() => office.textsTo(phone)).toHaveLength(1);
    const sid = office.twilio.texts.find((t) => t.to === phone)!.sid;
    expect((await status(sid, 'delivered')).status).toBe(204);
    await expect
      .poll(async () => (await textsOnTimeline(phone)).map((m) => [m.sender, m.state, m.problem]))
      .toEqual([['Automatic text', 'delivered', null]]);

    expect((await office.customerTexts(phone, 'HELP')).status).toBe(200);
    await expect.poll(() => office.textsTo(phone)).toHaveLength(2);
    await status(office.twilio.texts.at(-1)!.sid, 'undelivered', '30003');
    await expect
      .poll(async () =>
        (await textsOnTimeline(phone)).map((m) => [m.sender, m.state ?? null, m.problem ?? null]),
      )
      .toEqual([
        ['Automatic text', 'delivered', null],
        ['Customer', null, null],
        ['Automatic text', 'undelivered', 'Twilio error 30003'],
      ]);
  });
});
