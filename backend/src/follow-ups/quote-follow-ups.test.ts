import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../test/fake-smtp.ts';
import { postPhotoForm, submitPhotoForm, tokenOf } from '../test/quote-fixtures.ts';
import type { TestServer } from '../test/test-server.ts';
import { startTextingServer, type TextingServer } from '../test/texting-server.ts';

// Quote follow-ups through the real server: "Send quote" plans them, the outbox e-mails them
// (nodemailer → a fake SMTP server) on day 2 and day 7 on the injected clock, and they stop when
// the quote is accepted, replaced, or stopped by staff. The photo form's customer never called or
// texted, so no follow-up is texted to them.

/** Monday 23 November 2026, 10:00 AM in California. */
const MONDAY = Date.parse('2026-11-23T18:00:00Z');
const DAY = 86_400_000;
let smtp: FakeSmtp;
let office: TextingServer;
let server: TestServer;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  office = await startTextingServer({
    start: MONDAY,
    env: { SMTP_URL: smtp.url, QUOTE_FROM_EMAIL: 'quotes@lostcoast-softwash.example' },
  });
  server = office.server;
});
afterAll(async () => {
  await office.stop();
  await smtp.close();
});
afterEach(() => expect(server.errors).toEqual([]));

const sendQuote = async (submissionId: number) => {
  const res = await server.send('POST', `/api/photo-submissions/${submissionId}/quotes`, {
    estimateAmount: '950',
  });
  expect(res.status).toBe(201);
  return (await res.json()).quote as { id: number; link: string };
};
const mailsTo = (address: string) =>
  smtp.mails.filter((_m, i) => smtp.recipients[i]!.includes(address)).map((m) => m.text?.trim() ?? '');
const at = (ms: number) => office.at(ms);

describe('quote follow-ups', () => {
  it('go on day 2 and day 7 while the quote is open, and stop once it is accepted', async () => {
    office.now.ms = MONDAY;
    const id = await submitPhotoForm(server.anonymous, { email: 'ana@example.com', firstName: 'Ana' });
    const quote = await sendQuote(id);
    const sentMails = mailsTo('ana@example.com').length;
    await at(MONDAY + 2 * DAY - 60_000);
    expect(mailsTo('ana@example.com')).toHaveLength(sentMails);
    await at(MONDAY + 2 * DAY);
    await smtp.received(smtp.mails.length);
    expect(mailsTo('ana@example.com').slice(sentMails)).toEqual([
      `Lost Coast Soft Wash: just checking you received your quote, Ana. It's here with the price and terms: ${quote.link} Any questions, reply or call (707) 555-0142.\nAll your quotes, visits and invoices: ${new URL(quote.link).origin}/account`,
    ]);
    const accept = await server.anonymous.send('POST', `/api/public/quotes/${tokenOf(quote.link)}/accept`, {
      fullName: 'A Customer',
      agreed: true,
    });
    expect(accept.status).toBe(200);
    await at(MONDAY + 8 * DAY);
    expect(mailsTo('ana@example.com').slice(sentMails)).toHaveLength(1);
    // The texted follow-ups were never sent: this customer never called or texted the business.
    expect(office.twilio.texts.filter((t) => t.body.includes('just checking'))).toEqual([]);
  });

  it('stop when staff stop them, and a replaced quote’s give way to the new one’s', async () => {
    office.now.ms = MONDAY;
    const stopped = await sendQuote(await submitPhotoForm(server.anonymous, { email: 'ben@example.com' }));
    const res = await server.send('POST', `/api/quotes/${stopped.id}/follow-ups/stop`);
    expect(res.status).toBe(200);
    const replacedSubmission = await submitPhotoForm(server.anonymous, { email: 'cy@example.com' });
    const first = await sendQuote(replacedSubmission);
    office.now.ms = MONDAY + DAY;
    const second = await sendQuote(replacedSubmission);
    const before = { ben: mailsTo('ben@example.com').length, cy: mailsTo('cy@example.com').length };
    for (let d = 1; d <= 9; d++) await at(MONDAY + d * DAY);
    expect(mailsTo('ben@example.com')).toHaveLength(before.ben);
    const cy = mailsTo('cy@example.com').slice(before.cy);
    expect(cy).toHaveLength(2);
    for (const mail of cy) {
      expect(mail).toContain(second.link);
      expect(mail).not.toContain(first.link);
    }
  });

  it('say where they stand: planned with the next due, paused by staff and resumed, stopped with the reason', async () => {
    office.now.ms = MONDAY;
    const quote = await sendQuote(await submitPhotoForm(server.anonymous, { email: 'dee@example.com' }));
    const status = async () => (await server.send('GET', `/api/quotes/${quote.id}/follow-ups`)).json();
    expect(await status()).toEqual({
      state: 'planned',
      nextDueAt: new Date(MONDAY + 2 * DAY).toISOString(),
      reason: null,
      sent: 0,
    });
    const stop = await server.send('POST', `/api/quotes/${quote.id}/follow-ups/stop`);
    expect(await stop.json()).toEqual({
      state: 'paused',
      nextDueAt: null,
      reason: 'Stopped by staff',
      sent: 0,
    });
    const before = mailsTo('dee@example.com').length;
    await at(MONDAY + 3 * DAY);
    expect(mailsTo('dee@example.com')).toHaveLength(before);
    // Resumed on day 3: the day-2 follow-up stays skipped, the day-7 one is planned again.
    const resume = await server.send('POST', `/api/quotes/${quote.id}/follow-ups/resume`);
    expect((await resume.json()).nextDueAt).toBe(new Date(MONDAY + 7 * DAY).toISOString());
    await at(MONDAY + 7 * DAY);
    await smtp.received(smtp.mails.length);
    expect(mailsTo('dee@example.com').slice(before)).toHaveLength(1);
    expect(await status()).toEqual({ state: 'finished', nextDueAt: null, reason: null, sent: 1 });
    // The e-mail that went shows on the customer's timeline, on the submission, as sent.
    const [customer] = (await (await server.get('/api/customers?q=dee@example.com')).json()) as {
      id: number;
    }[];
    const timeline = (await (await server.get(`/api/customers/${customer!.id}/timeline`)).json()) as {
      kind: string;
      messages: { sender: string; text: string; state?: string }[];
    }[];
    const submission = timeline.find((i) => i.kind === 'submission')!;
    expect(submission.messages.map((m) => [m.sender, m.state])).toEqual([['Automatic e-mail', 'sent']]);
    expect(submission.messages[0]!.text).toContain(quote.link);
    // Accepted before its follow-ups went: stopped, and why.
    const accepted = await sendQuote(await submitPhotoForm(server.anonymous, { email: 'eve@example.com' }));
    const accept = await server.anonymous.send(
      'POST',
      `/api/public/quotes/${tokenOf(accepted.link)}/accept`,
      { fullName: 'A Customer', agreed: true },
    );
    expect(accept.status).toBe(200);
    expect(await (await server.send('GET', `/api/quotes/${accepted.id}/follow-ups`)).json()).toEqual({
      state: 'stopped',
      nextDueAt: null,
      reason: 'The customer accepted the quote',
      sent: 0,
    });
    const missing = await server.send('GET', '/api/quotes/999999/follow-ups');
    expect(missing.status).toBe(404);
  });

  it("are texted to a customer who ticked the form's consent line for texts, and not to one who did not", async () => {
    office.now.ms = MONDAY;
    const refused = await postPhotoForm(server.anonymous, {
      firstName: 'Flo',
      lastName: 'Bad',
      phone: '(707) 555-0179',
      serviceType: 'House Soft Wash',
      textConsent: 'maybe',
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      textConsent: 'textConsent must be true or false',
    });
    const agreed = await sendQuote(
      await submitPhotoForm(server.anonymous, {
        email: 'flo@example.com',
        phone: '(707) 555-0177',
        textConsent: 'true',
      }),
    );
    await sendQuote(
      await submitPhotoForm(server.anonymous, { email: 'gil@example.com', phone: '(707) 555-0178' }),
    );
    await at(MONDAY + 2 * DAY);
    const textsTo = (phone: string) => office.twilio.texts.filter((t) => t.to === phone).map((t) => t.body);
    expect(textsTo('+17075550177').filter((b) => b.includes('just checking'))).toEqual([
      `Lost Coast Soft Wash: just checking you received your quote, Maya. It's here with the price and terms: ${agreed.link} Any questions, reply or call (707) 555-0142.\nAll your quotes, visits and invoices: ${new URL(agreed.link).origin}/account`,
    ]);
    expect(textsTo('+17075550178').filter((b) => b.includes('just checking'))).toEqual([]);
  });
});
