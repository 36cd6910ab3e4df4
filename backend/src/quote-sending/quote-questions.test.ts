import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  leadSchema,
  publicQuoteSchema,
  quoteSentSchema,
  sentQuoteSchema,
  submissionQuotesSchema,
  type SentQuote,
} from '@washdesk/contract';
import { startFakeSmtp, type FakeSmtp } from '../test/fake-smtp.ts';
import { startFakeTwilio, type FakeTwilio } from '../test/fake-twilio.ts';
import { submitPhotoForm, tokenOf } from '../test/quote-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// A customer's question on their quote reaches staff beyond the submission's dialog (the inbox,
// the card), and staff answer it: by e-mail and text where this server sends them (nodemailer →
// SMTP on 127.0.0.1, the twilio SDK → the fake Twilio API), or noted as answered by phone.

let smtp: FakeSmtp;
let twilio: FakeTwilio;
let sending: TestServer;
let bare: TestServer;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  twilio = await startFakeTwilio();
  sending = await startTestServer({
    env: { ...twilio.env, SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://quotes.example.com' },
  });
  bare = await startTestServer();
});
afterAll(async () => {
  await sending.stop();
  await bare.stop();
  await smtp.close();
  await twilio.close();
});
afterEach(() => {
  expect(sending.errors).toEqual([]);
  expect(bare.errors).toEqual([]);
  smtp.answer = 'accept';
  twilio.answer = 'accept';
});

/** A submission with a quote sent and a question asked on it by the customer. */
async function askedOn(server: TestServer, lastName: string) {
  const submissionId = await submitPhotoForm(server.anonymous, { firstName: 'Rosa', lastName });
  const sent = await server.send('POST', `/api/photo-submissions/${submissionId}/quotes`, {
    estimateAmount: '1,250',
  });
  expect(sent.status).toBe(201);
  const quote = quoteSentSchema.parse(await sent.json()).quote;
  const asked = await server.anonymous.send('POST', `/api/public/quotes/${tokenOf(quote.link)}/questions`, {
    question: 'Does the price include the fence?',
  });
  expect(asked.status).toBe(201);
  const quotes = submissionQuotesSchema.parse(
    await (await server.get(`/api/photo-submissions/${submissionId}/quotes`)).json(),
  );
  return { submissionId, quote, question: quotes.quotes[0]!.questions[0]! };
}

const answer = (server: TestServer, submissionId: number, questionId: number, body: unknown) =>
  server.send('POST', `/api/photo-submissions/${submissionId}/quotes/questions/${questionId}/answer`, body);

const leadOf = async (server: TestServer, lastName: string) => {
  const leads = leadSchema.array().parse(await (await server.get(`/api/leads?q=${lastName}`)).json());
  expect(leads).toHaveLength(1);
  return leads[0]!;
};
const cardOf = async (server: TestServer, submissionId: number) => {
  const res = await server.get(`/api/photo-submissions/${submissionId}`);
  return (await res.json()) as { latestQuote: { reachedBy: string[]; openQuestions: number } | null };
};

describe("a customer's question on a quote", () => {
  it('reaches the requests inbox and the card until staff answer it', async () => {
    const { submissionId, question } = await askedOn(sending, 'Inbox');
    expect(question).toMatchObject({ question: 'Does the price include the fence?', answer: null });
    expect(await leadOf(sending, 'Inbox')).toMatchObject({
      openQuestions: 1,
      openQuestion: 'Does the price include the fence?',
    });
    expect((await cardOf(sending, submissionId)).latestQuote).toMatchObject({ openQuestions: 1 });

    const res = await answer(sending, submissionId, question.id, {
      answer: 'Yes, the fence is included.',
      how: 'phoned',
    });
    expect(res.status).toBe(200);
    expect(await leadOf(sending, 'Inbox')).toMatchObject({ openQuestions: 0, openQuestion: null });
    expect((await cardOf(sending, submissionId)).latestQuote).toMatchObject({ openQuestions: 0 });
  });

  it('is answered by e-mail and text where configured, each recorded, with the question quoted', async () => {
    const { submissionId, quote, question } = await askedOn(sending, 'Sent');
    const mails = smtp.mails.length;
    const res = await answer(sending, submissionId, question.id, {
      answer: 'Yes, the fence is included.',
      how: 'send',
    });
    expect(res.status).toBe(200);
    const after: SentQuote = sentQuoteSchema.parse(await res.json());
    expect(after.questions[0]).toMatchObject({
      answer: 'Yes, the fence is included.',
      answeredBy: 'test-owner',
      answeredAt: expect.any(String),
    });
    expect(after.questions[0]!.answerDeliveries.map((d) => [d.channel, d.outcome])).toEqual([
      ['email', 'sent'],
      ['text', 'sent'],
    ]);
    await smtp.received(mails + 1);
    expect(smtp.mails.at(-1)!.text).toContain(
      '> Does the price include the fence?\n\nYes, the fence is included.',
    );
    expect(smtp.mails.at(-1)!.text).toContain(quote.link);
    expect(twilio.texts.at(-1)!.body).toBe(
      `Lost Coast Soft Wash (demo): Yes, the fence is included. Your quote: ${quote.link}\nAll your quotes, visits and invoices: ${new URL(quote.link).origin}/account`,
    );
    // Once is enough: a second answer is refused.
    expect(
      (await answer(sending, submissionId, question.id, { answer: 'Again', how: 'phoned' })).status,
    ).toBe(409);
    // The customer's page shows their question, never who answered it.
    const page = await sending.anonymous.get(`/api/public/quotes/${tokenOf(quote.link)}`);
    expect(publicQuoteSchema.strict().parse(await page.json()).questions).toEqual([
      { question: 'Does the price include the fence?', askedAt: question.askedAt },
    ]);
  });

  it('is not recorded as answered when neither e-mail nor text reached the customer', async () => {
    const { submissionId, question } = await askedOn(sending, 'Refused');
    smtp.answer = 'refuse';
    twilio.answer = 'invalid-to';
    const res = await answer(sending, submissionId, question.id, { answer: 'Yes.', how: 'send' });
    expect(res.status).toBe(502);
    expect((await res.json()).error.message).toMatch(/^The answer did not reach the customer: .+ Call them/);
    expect((await leadOf(sending, 'Refused')).openQuestions).toBe(1);
  });

  it('says so on a server without e-mail or texts, and records an answer given by phone', async () => {
    const { submissionId, question } = await askedOn(bare, 'Bare');
    const refused = await answer(bare, submissionId, question.id, { answer: 'Yes.', how: 'send' });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(
      'E-mail and text messages are not configured on this server: call the customer or copy the answer, then record it as answered by phone.',
    );
    expect((await leadOf(bare, 'Bare')).openQuestions).toBe(1);
    const phoned = await answer(bare, submissionId, question.id, { answer: 'Yes, told her.', how: 'phoned' });
    expect(phoned.status).toBe(200);
    expect(sentQuoteSchema.parse(await phoned.json()).questions[0]).toMatchObject({
      answer: 'Yes, told her.',
      answerDeliveries: [],
    });
    expect((await answer(bare, submissionId, question.id, { answer: '', how: 'phoned' })).status).toBe(400);
    expect((await answer(bare, submissionId, 999_999, { answer: 'x', how: 'phoned' })).status).toBe(404);
  });
});

describe('whether the customer has their quote', () => {
  it('says how it reached them: sent by e-mail and text, or its link copied by staff', async () => {
    const { submissionId, quote } = await askedOn(sending, 'Reached');
    expect((await cardOf(sending, submissionId)).latestQuote?.reachedBy).toEqual(['email', 'text']);

    const { submissionId: bareId, quote: bareQuote } = await askedOn(bare, 'NotSent');
    expect((await cardOf(bare, bareId)).latestQuote?.reachedBy).toEqual([]);
    const copied = await bare.send(
      'POST',
      `/api/photo-submissions/${bareId}/quotes/${bareQuote.id}/link-copied`,
    );
    expect(copied.status).toBe(200);
    expect(sentQuoteSchema.parse(await copied.json()).deliveries.at(-1)).toMatchObject({
      channel: 'link',
      outcome: 'copied',
    });
    expect((await cardOf(bare, bareId)).latestQuote?.reachedBy).toEqual(['link']);
    // Another submission's quote cannot be marked through this one.
    expect(
      (
        await sending.send(
          'POST',
          `/api/photo-submissions/${submissionId}/quotes/${quote.id + 1000}/link-copied`,
        )
      ).status,
    ).toBe(404);
  });
});
