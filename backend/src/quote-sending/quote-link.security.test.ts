import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  publicQuoteSchema,
  QUOTE_REFUSALS,
  quoteSentSchema,
  submissionQuotesSchema,
} from '@washdesk/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { submitPhotoForm, tokenOf } from '../test/quote-fixtures.ts';

// The quote link over real HTTP: the token alone opens one quote, to anyone, and nothing else.

let now = Date.parse('2026-03-02T20:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    clock: () => now,
    env: { PUBLIC_BASE_URL: 'https://quotes.example.com' },
  });
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

const sendQuote = async (submissionId: number, estimateAmount: unknown = '1,250') => {
  const res = await server.send('POST', `/api/photo-submissions/${submissionId}/quotes`, { estimateAmount });
  expect(res.status).toBe(201);
  const body = quoteSentSchema.strict().parse(await res.json());
  return { quote: body.quote, configured: body.deliveryConfigured };
};
const openQuote = (token: string) => server.anonymous.get(`/api/public/quotes/${token}`);
const acceptQuote = (token: string) =>
  server.anonymous.send('POST', `/api/public/quotes/${token}/accept`, {
    fullName: 'Ada Brook',
    agreed: true,
  });
const leadOf = (submissionId: number) =>
  server.db
    .prepare(`SELECT id, stage, stage_changed_by FROM leads WHERE channel = 'photo-form' AND source_id = ?`)
    .get(submissionId) as { id: number; stage: string; stage_changed_by: number | null };
const stageChanges = (leadId: number) =>
  server.db
    .prepare('SELECT stage, changed_by FROM lead_stage_changes WHERE lead_id = ? ORDER BY id')
    .all(leadId) as { stage: string; changed_by: number | null }[];
const eventsOf = (type: string) =>
  server.db.prepare('SELECT entity_id, summary FROM events WHERE type = ?').all(type) as {
    entity_id: number;
    summary: string;
  }[];
const notFoundBody = async (res: Response) => {
  expect(res.status).toBe(404);
  return errorBodySchema.parse(await res.json());
};

describe('a quote sent from a photo submission', () => {
  it('is quoted at the typed amount, moves its lead to quoted by the sender, and answers its link', async () => {
    const id = await submitPhotoForm(server.anonymous);
    const { quote, configured } = await sendQuote(id, '1,250');
    expect(configured).toEqual({ email: false, text: false });
    expect(quote.link).toMatch(/^https:\/\/quotes\.example\.com\/quote\/[A-Za-z0-9_-]{43}$/);
    expect(quote).toMatchObject({ amountCents: 125000, state: 'open', openedAt: null, acceptedAt: null });
    expect(quote.validUntil).toBe('2026-04-01T20:00:00.000Z');
    // Nothing pretends to send: both channels say why not.
    expect(quote.deliveries.map((d) => [d.channel, d.outcome])).toEqual([
      ['email', 'not-configured'],
      ['text', 'not-configured'],
    ]);
    const submission = await (await server.get(`/api/photo-submissions/${id}`)).json();
    expect(submission).toMatchObject({
      status: 'quoted',
      estimateAmount: 1250,
      latestQuote: { state: 'open' },
    });
    const lead = leadOf(id);
    expect(lead.stage).toBe('quoted');
    expect(lead.stage_changed_by).not.toBeNull();
    expect(stageChanges(lead.id)).toEqual([{ stage: 'quoted', changed_by: lead.stage_changed_by }]);
  });

  it('has a 256-bit random token, different for every quote', async () => {
    const id = await submitPhotoForm(server.anonymous);
    const tokens = new Set<string>();
    for (let i = 0; i < 20; i++) tokens.add(tokenOf((await sendQuote(id)).quote.link));
    expect(tokens.size).toBe(20);
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    // 20 tokens × 43 characters: a fixed or counting token would repeat characters far more.
    const characters = new Set([...tokens].join(''));
    expect(characters.size).toBeGreaterThan(50);
  });

  it('opens without a session and shows only that quote: no phone, e-mail, notes or other submissions', async () => {
    const mine = await submitPhotoForm(server.anonymous, { firstName: 'Iris', lastName: 'Quinn' });
    const other = await submitPhotoForm(server.anonymous, { firstName: 'Otto', lastName: 'Vale' });
    const { quote } = await sendQuote(mine, '980.50');
    const { quote: otherQuote } = await sendQuote(other, '3,100');
    const res = await openQuote(tokenOf(quote.link));
    expect(res.status).toBe(200);
    const text = await res.clone().text();
    const page = publicQuoteSchema.strict().parse(await res.json());
    expect(page).toMatchObject({
      customerName: 'Iris Quinn',
      address: '12 Elk Ridge Rd, Redway, CA',
      lines: [{ service: 'House Soft Wash', squareFeet: null, unitPriceCents: null, amountCents: null }],
      addOns: [],
      amountCents: 98050,
      state: 'open',
      validityDays: 30,
      business: { name: 'Lost Coast Soft Wash (demo)' },
    });
    for (const secret of ['555-0188', 'maya.alder@example.com', 'gate code', 'Otto', '3100', 'token']) {
      expect(text).not.toContain(secret);
    }
    // The other quote's token opens the other quote, never this one.
    const theirs = publicQuoteSchema.parse(await (await openQuote(tokenOf(otherQuote.link))).json());
    expect(theirs.customerName).toBe('Otto Vale');
  });

  it('answers one and the same 404 to unknown, tampered and malformed tokens', async () => {
    const id = await submitPhotoForm(server.anonymous);
    const token = tokenOf((await sendQuote(id)).quote.link);
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const bodies = [];
    for (const bad of [flipped, token.toLowerCase(), token.slice(1), `${token}A`, 'x', 'A'.repeat(43)]) {
      bodies.push(await notFoundBody(await openQuote(bad)));
      bodies.push(await notFoundBody(await acceptQuote(bad)));
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]!.error.message).toBe(QUOTE_REFUSALS.notFound);
    expect(leadOf(id).stage).toBe('quoted');
  });

  it('records the first open only, and not a signed-in staff member’s preview', async () => {
    const id = await submitPhotoForm(server.anonymous);
    const token = tokenOf((await sendQuote(id)).quote.link);
    expect((await server.get(`/api/public/quotes/${token}`)).status).toBe(200);
    let [latest] = (await (await server.get(`/api/photo-submissions/${id}/quotes`)).json()).quotes;
    expect(latest.openedAt).toBeNull();
    const opened = eventsOf('quote.opened').length;
    now += 60_000;
    await openQuote(token);
    now += 60_000;
    await openQuote(token);
    [latest] = (await (await server.get(`/api/photo-submissions/${id}/quotes`)).json()).quotes;
    expect(latest.openedAt).toBe(new Date(now - 60_000).toISOString());
    expect(eventsOf('quote.opened').length).toBe(opened + 1);
  });

  it('shows a signed-in staff member a preview, and refuses their accept or question in the customer’s name', async () => {
    const id = await submitPhotoForm(server.anonymous);
    const token = tokenOf((await sendQuote(id)).quote.link);
    const preview = publicQuoteSchema
      .strict()
      .parse(await (await server.get(`/api/public/quotes/${token}`)).json());
    expect(preview).toMatchObject({ state: 'open', staffPreview: true });
    expect(publicQuoteSchema.parse(await (await openQuote(token)).json()).staffPreview).toBe(false);

    const accepted = await server.send('POST', `/api/public/quotes/${token}/accept`, {
      fullName: 'Ada Brook',
      agreed: true,
    });
    expect(accepted.status).toBe(403);
    expect(errorBodySchema.parse(await accepted.json()).error.message).toBe(QUOTE_REFUSALS.staff);
    const asked = await server.send('POST', `/api/public/quotes/${token}/questions`, {
      question: 'Gutters too?',
    });
    expect(asked.status).toBe(403);

    // Nothing changed: the quote waits for the customer, the lead is still quoted, no question.
    const [latest] = submissionQuotesSchema.parse(
      await (await server.get(`/api/photo-submissions/${id}/quotes`)).json(),
    ).quotes;
    expect(latest).toMatchObject({ state: 'open', acceptedAt: null, questions: [] });
    expect(leadOf(id).stage).toBe('quoted');
    // An unknown token is still the same 404 for staff.
    expect((await server.send('POST', `/api/public/quotes/${'x'.repeat(43)}/accept`)).status).toBe(404);
    // The customer accepts.
    expect((await acceptQuote(token)).status).toBe(200);
  });

  it('is accepted once: the same acceptedAt, one stage change to won by the customer, one event', async () => {
    const id = await submitPhotoForm(server.anonymous, { firstName: 'Ada', lastName: 'Brook' });
    const token = tokenOf((await sendQuote(id, 2400)).quote.link);
    const first = publicQuoteSchema.parse(await (await acceptQuote(token)).json());
    expect(first.state).toBe('accepted');
    expect(first.acceptedAt).toBe(new Date(now).toISOString());
    now += 3_600_000;
    const again = await acceptQuote(token);
    expect(again.status).toBe(200);
    expect((await again.json()).acceptedAt).toBe(first.acceptedAt);
    const lead = leadOf(id);
    expect(lead.stage).toBe('won');
    expect(stageChanges(lead.id).map((c) => [c.stage, c.changed_by === null])).toEqual([
      ['quoted', false],
      ['won', true],
    ]);
    const accepted = eventsOf('quote.accepted').filter((e) => e.entity_id === id);
    expect(accepted).toEqual([
      { entity_id: id, summary: 'Ada Brook accepted their quote ($2,400): book the job' },
    ]);
    const staff = submissionQuotesSchema.parse(
      await (await server.get(`/api/photo-submissions/${id}/quotes`)).json(),
    );
    expect(staff.quotes[0]).toMatchObject({ state: 'accepted', acceptedAt: first.acceptedAt });
    expect(staff.leadStage).toBe('won');
  });

  it('refuses a superseded or expired quote with a clear 410, and the page says why', async () => {
    const id = await submitPhotoForm(server.anonymous);
    const old = tokenOf((await sendQuote(id, 900)).quote.link);
    const fresh = tokenOf((await sendQuote(id, 950)).quote.link);
    const superseded = await acceptQuote(old);
    expect(superseded.status).toBe(410);
    expect((await superseded.json()).error.message).toBe(QUOTE_REFUSALS.superseded);
    expect(publicQuoteSchema.parse(await (await openQuote(old)).json()).state).toBe('superseded');

    now += 30 * 86_400_000 + 1000;
    const expired = await acceptQuote(fresh);
    expect(expired.status).toBe(410);
    expect((await expired.json()).error.message).toBe(QUOTE_REFUSALS.expired);
    expect(publicQuoteSchema.parse(await (await openQuote(fresh)).json()).state).toBe('expired');
    expect(leadOf(id).stage).toBe('quoted');
    expect(
      server.db
        .prepare('SELECT COUNT(*) AS n FROM sent_quotes WHERE accepted_at IS NOT NULL AND submission_id = ?')
        .get(id),
    ).toEqual({ n: 0 });
  });

  // Issue 21, 6a: a quote sent after the first was accepted could be accepted too, leaving two.
  it('accepting a quote closes the others on the submission, the accepted one included', async () => {
    const id = await submitPhotoForm(server.anonymous);
    const first = tokenOf((await sendQuote(id, 900)).quote.link);
    expect((await acceptQuote(first)).status).toBe(200);
    const second = tokenOf((await sendQuote(id, 850)).quote.link);
    const third = tokenOf((await sendQuote(id, 800)).quote.link);
    expect(publicQuoteSchema.parse(await (await openQuote(second)).json()).state).toBe('superseded');
    const accepted = await acceptQuote(third);
    expect(accepted.status).toBe(200);
    expect(publicQuoteSchema.parse(await accepted.json()).state).toBe('accepted');

    const rows = server.db
      .prepare(
        `SELECT amount_cents AS cents, accepted_at IS NOT NULL AS accepted, superseded_at IS NOT NULL AS closed
         FROM sent_quotes WHERE submission_id = ? ORDER BY id`,
      )
      .all(id);
    expect(rows).toEqual([
      { cents: 90000, accepted: 1, closed: 1 },
      { cents: 85000, accepted: 0, closed: 1 },
      { cents: 80000, accepted: 1, closed: 0 },
    ]);
    const staff = submissionQuotesSchema.parse(
      await (await server.get(`/api/photo-submissions/${id}/quotes`)).json(),
    );
    expect(staff.quotes.map((q) => [q.amountCents, q.state])).toEqual([
      [80000, 'accepted'],
      [85000, 'superseded'],
      [90000, 'superseded'],
    ]);
    // The first link now says it was replaced, and accepting it again changes nothing.
    const again = await acceptQuote(first);
    expect(again.status).toBe(410);
    expect((await again.json()).error.message).toBe(QUOTE_REFUSALS.superseded);
    expect(
      server.db
        .prepare(
          'SELECT COUNT(*) AS n FROM sent_quotes WHERE submission_id = ? AND accepted_at IS NOT NULL AND superseded_at IS NULL',
        )
        .get(id),
    ).toEqual({ n: 1 });
    expect(leadOf(id).stage).toBe('won');
  });

  it('keeps a customer’s question with the quote and tells staff', async () => {
    const id = await submitPhotoForm(server.anonymous, { firstName: 'Lena', lastName: 'Park' });
    const token = tokenOf((await sendQuote(id)).quote.link);
    const res = await server.anonymous.send('POST', `/api/public/quotes/${token}/questions`, {
      question: '  Does the price include the garage?\nThanks ',
    });
    expect(res.status).toBe(201);
    expect((await res.json()).questions).toEqual([
      { question: 'Does the price include the garage?\nThanks', askedAt: new Date(now).toISOString() },
    ]);
    const staff = (await (await server.get(`/api/photo-submissions/${id}/quotes`)).json()).quotes[0];
    expect(staff.questions).toHaveLength(1);
    expect(eventsOf('quote.question-asked').filter((e) => e.entity_id === id)).toEqual([
      { entity_id: id, summary: 'Lena Park asked a question about their quote ($1,250)' },
    ]);
  });
});

describe('bad inputs', () => {
  it('refuses bad amounts and questions with 400 and writes nothing', async () => {
    const id = await submitPhotoForm(server.anonymous);
    const before = server.count('sent_quotes');
    for (const estimateAmount of ['', 'abc', -5, '1e3', null, true]) {
      const res = await server.send('POST', `/api/photo-submissions/${id}/quotes`, { estimateAmount });
      expect(res.status).toBe(400);
    }
    const extra = await server.send('POST', `/api/photo-submissions/${id}/quotes`, {
      estimateAmount: 5,
      x: 1,
    });
    expect(extra.status).toBe(400);
    expect(server.count('sent_quotes')).toBe(before);
    expect((await (await server.get(`/api/photo-submissions/${id}`)).json()).status).toBe('pending');

    const token = tokenOf((await sendQuote(id)).quote.link);
    const questions = server.count('quote_questions');
    for (const question of ['', '   ', 'a'.repeat(2001), 'bell\u0007']) {
      const res = await server.anonymous.send('POST', `/api/public/quotes/${token}/questions`, { question });
      expect(res.status).toBe(400);
    }
    expect(server.count('quote_questions')).toBe(questions);
  });

  it('answers 404 for unknown submissions and needs a staff session to send or list', async () => {
    const before = server.count('sent_quotes');
    expect(
      (await server.send('POST', '/api/photo-submissions/999999/quotes', { estimateAmount: 5 })).status,
    ).toBe(404);
    expect((await server.get('/api/photo-submissions/999999/quotes')).status).toBe(404);
    expect(
      (await server.send('POST', '/api/photo-submissions/0x1/quotes', { estimateAmount: 5 })).status,
    ).toBe(404);
    const id = await submitPhotoForm(server.anonymous);
    expect(
      (await server.anonymous.send('POST', `/api/photo-submissions/${id}/quotes`, { estimateAmount: 5 }))
        .status,
    ).toBe(401);
    expect((await server.anonymous.get(`/api/photo-submissions/${id}/quotes`)).status).toBe(401);
    expect(server.count('sent_quotes')).toBe(before);
  });
});
