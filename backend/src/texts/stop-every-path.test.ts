import { beforeEach, describe, expect, it } from 'vitest';
import { quoteSentSchema, submissionQuotesSchema } from '@washdesk/contract';
import { saveAiSettings } from '../test/ai-settings.ts';
import { phoneCaller } from '../test/phone-caller.ts';
import { submitPhotoForm, tokenOf } from '../test/quote-fixtures.ts';
import { textingServerForTests } from '../test/texting-server.ts';
import { spoken } from '../test/twiml.ts';

// Issue 31, item 1: a number that replied STOP (PARAR, BAJA; also typed in fullwidth letters or
// with an invisible character inside) is texted by NO path afterwards: "Send quote", "Send
// answer", the photo link during a call, a staff member's text, a visit reminder from the outbox.
// All through real HTTP, the signed texts webhook and the real twilio SDK against the fake Twilio;
// a number that said something else gets every one of those texts, so the test can fail.

/** Friday 20 November 2026, 10:00 AM in California: business hours, outside quiet hours. */
const START = Date.parse('2026-11-20T18:00:00Z');
const office = textingServerForTests({ start: START, env: { PHONE_VOICE_MODE: 'gather' } });

const HOURS = ['8:00 AM', '9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM'];
/**
 * The visit's slot for the i-th number (eight hours a day, on two days) and the minute of its
 * 48-hour reminder (California is UTC-8 in November), inside business hours.
 */
const slotOf = (i: number) => {
  const day = i < HOURS.length ? 25 : 26;
  return {
    date: `2026-11-${day}`,
    time: HOURS[i % 8]!,
    reminderDue: Date.UTC(2026, 10, day - 2, 8 + (i % 8) + 8),
  };
};

/** Every way the business texts one customer, after they texted `said`; what each path answered. */
async function everyPathAfter(i: number, said: string) {
  const { server } = office;
  const last4 = String(3100 + i);
  const phone = `+1707555${last4}`;
  // The customer asked for a quote on the photo form (no e-mail: only a text can carry it)…
  const submissionId = await submitPhotoForm(server.anonymous, {
    phone: `(707) 555-${last4}`,
    email: '',
    lastName: `Stop${i}`,
  });
  // …and texts the business, through Twilio's signed webhook.
  expect((await office.customerTexts(phone, said)).status).toBe(200);

  // 1. Send quote.
  const sent = await server.send('POST', `/api/photo-submissions/${submissionId}/quotes`, {
    estimateAmount: '850',
  });
  expect(sent.status).toBe(201);
  const quote = quoteSentSchema.parse(await sent.json()).quote;
  const quoteText = quote.deliveries.find((d) => d.channel === 'text')!;

  // 2. Send answer, to the customer's question on that quote.
  const asked = await server.anonymous.send('POST', `/api/public/quotes/${tokenOf(quote.link)}/questions`, {
    question: 'Is the fence included?',
  });
  expect(asked.status).toBe(201);
  const { quotes } = submissionQuotesSchema.parse(
    await (await server.get(`/api/photo-submissions/${submissionId}/quotes`)).json(),
  );
  const answer = await server.send(
    'POST',
    `/api/photo-submissions/${submissionId}/quotes/questions/${quotes[0]!.questions[0]!.id}/answer`,
    { answer: 'Yes, the fence is included.', how: 'send' },
  );

  // 3. The photo link during a call (the Gather line): the caller asks for a quote and says yes.
  const caller = phoneCaller(server.url, phone, { authToken: office.twilio.authToken });
  await caller.dial();
  await caller.say('Can I get a quote?');
  const heard = spoken(await caller.twiml(await caller.say('Yes please'))).join(' ');

  // 4. A staff member's text from the Texts screen.
  const threads = (await (await server.get('/api/texts/threads')).json()) as { id: number; phone: string }[];
  const thread = threads.find((t) => t.phone === phone)!;
  const staffText = await server.send('POST', `/api/texts/threads/${thread.id}/messages`, {
    body: 'Hi, this is the office.',
  });

  // 5. A visit reminder: a visit booked for the number, its reminders due, the outbox's pass.
  const slot = slotOf(i);
  const booked = await server.send('POST', '/api/appointments/create', {
    customerName: `Dana Stop${i}`,
    customerPhone: phone,
    address: '512 Redwood Drive, Garberville',
    serviceType: 'house-wash',
    preferredDate: slot.date,
    preferredTime: slot.time,
  });
  expect(booked.status).toBe(201);
  await office.at(slot.reminderDue);
  office.now.ms = START;
  await office.server.settled();

  return { phone, quoteText, answer, heard, staffText, texts: office.textsTo(phone) };
}

const OPT_OUTS = [
  ['STOP', 'STOP'],
  ['PARAR', 'PARAR'],
  ['BAJA', 'baja'],
  ['fullwidth STOP', 'ＳＴＯＰ'],
  ['STOP with a zero-width space', 'S\u200BTOP'],
  ['BAJA after a byte-order mark', '\uFEFFBAJA'],
  ['PARAR with a soft hyphen', 'PA\u00ADRAR'],
  ['fullwidth BAJA with a zero-width joiner', 'ＢＡＪＡ\u200D'],
] as const;

describe('a number that opted out', () => {
  beforeEach(() => saveAiSettings(office.server, { photoRequestPrompts: true }));

  it.each(OPT_OUTS.map(([name, word], i) => [name, word, i] as const))(
    'is texted by no path after %s',
    async (_name, word, i) => {
      const paths = await everyPathAfter(i, word);
      expect(paths.texts).toEqual([]);
      // Each path says so: nothing claims a text that did not go.
      expect(paths.quoteText).toMatchObject({ outcome: 'failed', problem: expect.stringMatching(/STOP/) });
      expect(paths.answer.status).toBe(502);
      expect(paths.heard).not.toContain("I've texted you the link");
      expect(paths.staffText.status).toBe(409);
    },
  );

  it('differs from a number that did not: every path texts that one', async () => {
    const paths = await everyPathAfter(OPT_OUTS.length, 'Hello, is Tuesday free?');
    expect(paths.quoteText).toMatchObject({ outcome: 'sent' });
    expect(paths.answer.status).toBe(200);
    expect(paths.heard).toContain("I've texted you the link");
    expect(paths.staffText.status).toBe(201);
    const texts = paths.texts.join('\n');
    expect(texts).toContain('$850');
    expect(texts).toContain('Yes, the fence is included.');
    expect(texts).toContain('send us a few photos for a quick quote');
    expect(texts).toContain('Hi, this is the office.');
    expect(texts).toMatch(/\/visit\/[A-Za-z0-9_-]{43}/);
  });
});
