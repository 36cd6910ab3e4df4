import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sentQuoteSchema } from '@washdesk/contract';
import { startFakeSmtp, type FakeSmtp } from '../test/fake-smtp.ts';
import { startFakeTwilio, type FakeTwilio } from '../test/fake-twilio.ts';
import { submitPhotoForm, tokenOf } from '../test/quote-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { phoneNumberOf as e164Of } from '@washdesk/contract';

// "Send quote" with e-mail (nodemailer → a real SMTP server on 127.0.0.1) and SMS (the twilio SDK
// → the fake Twilio API), both configured.

let smtp: FakeSmtp;
let twilio: FakeTwilio;
let server: TestServer;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  twilio = await startFakeTwilio();
  server = await startTestServer({
    env: {
      ...twilio.env,
      SMTP_URL: smtp.url,
      QUOTE_FROM_EMAIL: 'quotes@lostcoast-softwash.example',
      PUBLIC_BASE_URL: 'https://quotes.example.com',
    },
  });
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
  await twilio.close();
});
afterEach(() => {
  expect(server.errors).toEqual([]);
  smtp.answer = 'accept';
  twilio.answer = 'accept';
});

const sendQuote = async (submissionId: number, estimateAmount: unknown) => {
  const res = await server.send('POST', `/api/photo-submissions/${submissionId}/quotes`, { estimateAmount });
  expect(res.status).toBe(201);
  const body = await res.json();
  return { quote: sentQuoteSchema.parse(body.quote), configured: body.deliveryConfigured };
};

describe('a quote sent by e-mail and text', () => {
  it('e-mails the customer the link and texts it to their phone, recording each', async () => {
    const id = await submitPhotoForm(server.anonymous, { firstName: 'Rosa', lastName: 'Delgado' });
    const mailsBefore = smtp.mails.length;
    const { quote, configured } = await sendQuote(id, '1,875.50');
    expect(configured).toEqual({ email: true, text: true });
    expect(quote.deliveries.map((d) => [d.channel, d.outcome, d.recipient, d.problem])).toEqual([
      ['email', 'sent', 'maya.alder@example.com', null],
      ['text', 'sent', '(707) 555-0188', null],
    ]);
    await smtp.received(mailsBefore + 1);
    const mail = smtp.mails.at(-1)!;
    expect(smtp.recipients.at(-1)).toEqual(['maya.alder@example.com']);
    expect(mail.subject).toBe('Your quote from Lost Coast Soft Wash (demo): $1,875.50');
    expect(mail.from?.value[0]?.address).toBe('quotes@lostcoast-softwash.example');
    expect(mail.replyTo?.value[0]?.address).toBe('office@lostcoast-softwash.example');
    expect(mail.text).toContain(`\n${quote.link}\n`);
    expect(mail.text).toContain('Hello Rosa Delgado,');

    const text = twilio.texts.at(-1)!;
    expect(text.to).toBe('+17075550188');
    expect(text.from).toBe(twilio.phoneNumber);
    expect(text.body).toBe(
      `Lost Coast Soft Wash (demo): your quote is $1,875.50. See it, accept it or ask a question: ${quote.link}\nAll your quotes, visits and invoices: ${new URL(quote.link).origin}/account`,
    );
    // The link in both opens this quote.
    const page = await server.anonymous.get(`/api/public/quotes/${tokenOf(quote.link)}`);
    expect((await page.json()).amountCents).toBe(187550);
  });

  it('shows a refused e-mail and text with their reasons, and keeps the quote and its link', async () => {
    const id = await submitPhotoForm(server.anonymous);
    smtp.answer = 'refuse';
    twilio.answer = 'invalid-to';
    const { quote } = await sendQuote(id, 700);
    const [email, sms] = quote.deliveries;
    expect(email).toMatchObject({ channel: 'email', outcome: 'failed' });
    expect(email!.problem).toContain('Mailbox unavailable');
    expect(sms).toMatchObject({ channel: 'text', outcome: 'failed' });
    expect(sms!.problem).toContain("Invalid 'To' Phone Number");
    const page = await server.anonymous.get(`/api/public/quotes/${tokenOf(quote.link)}`);
    expect(page.status).toBe(200);
    const listed = (await (await server.get(`/api/photo-submissions/${id}/quotes`)).json()).quotes;
    expect(listed[0].deliveries.map((d: { outcome: string }) => d.outcome)).toEqual(['failed', 'failed']);
  });

  it('says when the customer left no e-mail address, and sends nothing there', async () => {
    const id = await submitPhotoForm(server.anonymous, { email: '' });
    const mailsBefore = smtp.mails.length;
    const { quote } = await sendQuote(id, 500);
    expect(quote.deliveries.map((d) => [d.channel, d.outcome])).toEqual([
      ['email', 'no-recipient'],
      ['text', 'sent'],
    ]);
    expect(smtp.mails.length).toBe(mailsBefore);
  });
});

describe('phone numbers for texts', () => {
  it('turns North American numbers as typed into E.164 and refuses what is not one', () => {
    expect(e164Of('(707) 555-0188')).toBe('+17075550188');
    expect(e164Of('1-707-555-0188')).toBe('+17075550188');
    expect(e164Of('+44 20 7946 0958')).toBe('+442079460958');
    expect(e164Of('707-555-0188 x12')).toBe('+17075550188');
    expect(e164Of('555-0188')).toBeNull();
  });
});
