import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  jobSchema,
  leadSchema,
  publicQuoteSchema,
  QUOTE_DRAFT_MESSAGES,
  quoteSentSchema,
  sentQuoteSchema,
  type QuoteDraft,
} from '@washdesk/contract';
import { PHONE_ENV, phoneCaller } from '../test/phone-caller.ts';
import { submitPhotoForm, tokenOf } from '../test/quote-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { shownSha256 } from './accepted-evidence.ts';

// Quotes for any lead (issue 33, item 2) over real HTTP on a real SQLite file: a missed call's
// lead quoted line by line, accepted by the customer with an add-on, booked as one job.

let now = Date.parse('2026-05-04T17:00:00Z'); // 10:00 in California
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock: () => now, env: PHONE_ENV });
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

const DRAFT: QuoteDraft = {
  lines: [
    { service: 'House soft wash', areaSqFt: 2150, unitPriceCents: 35 },
    { service: 'Driveway cleaning', areaSqFt: null, unitPriceCents: 18_500 },
  ],
  addOns: [
    { service: 'Gutter brightening', amountCents: 12_000 },
    { service: 'Window rinse', amountCents: 6_500 },
  ],
  validUntil: '2026-05-20',
};

let caller = 0;
/** A missed call from a new number: its lead, as the inbox lists it. */
async function callLead() {
  const phone = `+1707555${String(4000 + ++caller)}`;
  expect((await phoneCaller(server.url, phone).status('no-answer', { sequence: 1 })).status).toBe(204);
  const leads = leadSchema.array().parse(await (await server.get('/api/leads?channel=phone')).json());
  return leads.find((l) => l.phone === phone)!;
}
const quoteLead = async (leadId: number, draft: unknown = DRAFT) =>
  server.send('POST', `/api/leads/${leadId}/quotes`, draft);
const accept = (token: string, body: unknown, userAgent = 'Mozilla/5.0 (iPhone) Safari/605.1') =>
  fetch(`${server.url}/api/public/quotes/${token}/accept`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': userAgent },
    body: JSON.stringify(body),
  });
const stageOf = (leadId: number) =>
  server.db.prepare('SELECT stage FROM leads WHERE id = ?').pluck().get(leadId) as string;

describe('a quote for a call lead', () => {
  it('is priced from its lines on the server, ticked add-on included, and accepted with the evidence a dispute needs', async () => {
    const lead = await callLead();
    const res = await quoteLead(lead.id);
    expect(res.status).toBe(201);
    const { quote } = quoteSentSchema.strict().parse(await res.json());
    // 2,150 sq ft × 35¢ = $752.50; the driveway is flat.
    expect(quote.lines.map((l) => l.amountCents)).toEqual([75_250, 18_500]);
    expect(quote).toMatchObject({ submissionId: null, leadId: lead.id, amountCents: 93_750, state: 'open' });
    expect(quote.addOns).toEqual([
      { id: 1, service: 'Gutter brightening', amountCents: 12_000 },
      { id: 2, service: 'Window rinse', amountCents: 6_500 },
    ]);
    // The last day is the business's: 23:59:59.999 in California on May 20.
    expect(quote.validUntil).toBe('2026-05-21T06:59:59.999Z');
    expect(stageOf(lead.id)).toBe('quoted');
    // Sent the way every quote is: the text through the gated sender (Twilio is unreachable here).
    expect(quote.deliveries.map((d) => [d.channel, d.outcome])).toEqual([
      ['email', 'not-configured'],
      ['text', 'failed'],
    ]);

    const token = tokenOf(quote.link);
    const page = publicQuoteSchema
      .strict()
      .parse(await (await server.anonymous.get(`/api/public/quotes/${token}`)).json());
    expect(page).toMatchObject({
      amountCents: 93_750,
      state: 'open',
      acceptance: null,
      addOns: quote.addOns,
    });

    const accepted = await accept(token, { fullName: '  Rosa Ortega ', agreed: true, addOnIds: [1] });
    expect(accepted.status).toBe(200);
    const after = publicQuoteSchema.parse(await accepted.json());
    expect(after.state).toBe('accepted');
    expect(after.acceptance).toEqual({
      name: 'Rosa Ortega',
      at: new Date(now).toISOString(),
      addOnIds: [1],
      totalCents: 105_750,
    });
    const row = server.db
      .prepare(
        `SELECT accepted_ip AS ip, accepted_user_agent AS ua, accepted_shown_sha256 AS sha,
          accepted_total_cents AS total, document, amount_cents, valid_until FROM sent_quotes WHERE id = ?`,
      )
      .get(quote.id) as {
      ip: string;
      ua: string;
      sha: string;
      total: number;
      document: string;
      amount_cents: number;
      valid_until: string;
    };
    expect(row.ip).toMatch(/127\.0\.0\.1/);
    expect(row.ua).toBe('Mozilla/5.0 (iPhone) Safari/605.1');
    expect(row.total).toBe(105_750);
    expect(row.sha).toMatch(/^[0-9a-f]{64}$/);
    // The hash is of what was shown: recomputed from the stored document it matches, and any
    // other choice gives another hash.
    const shown = {
      document: JSON.parse(row.document),
      amountCents: row.amount_cents,
      validUntil: row.valid_until,
    };
    expect(shownSha256(shown, { name: 'Rosa Ortega', addOnIds: [1], totalCents: 105_750 })).toBe(row.sha);
    expect(shownSha256(shown, { name: 'Rosa Ortega', addOnIds: [], totalCents: 93_750 })).not.toBe(row.sha);
    expect(createHash('sha256').update(row.document).digest('hex')).not.toBe(row.sha);
    expect(stageOf(lead.id)).toBe('won');
    const events = server.db
      .prepare(
        `SELECT entity_id AS entityId, summary FROM events WHERE type = 'quote.accepted' ORDER BY id DESC LIMIT 1`,
      )
      .get();
    expect(events).toEqual({
      entityId: null,
      summary: 'Customer accepted their quote ($1,057.50): book the job',
    });

    // "Book the job": the accepted lines and the ticked add-on, at the accepted price, once.
    const booked = await server.send('POST', `/api/quotes/${quote.id}/book`, {});
    expect(booked.status).toBe(201);
    const { job } = (await booked.json()) as { job: unknown };
    const made = jobSchema.strict().parse(job);
    expect(made).toMatchObject({
      quoteId: quote.id,
      priceCents: 105_750,
      status: 'unscheduled',
      customerPhone: lead.phone,
    });
    expect(made.lineItems).toEqual([
      { service: 'House soft wash', areaSqFt: 2150, unitPriceCents: 35, amountCents: 75_250 },
      { service: 'Driveway cleaning', areaSqFt: null, unitPriceCents: 18_500, amountCents: 18_500 },
      { service: 'Gutter brightening', areaSqFt: null, unitPriceCents: null, amountCents: 12_000 },
    ]);
    const again = await server.send('POST', `/api/quotes/${quote.id}/book`, {});
    expect(again.status).toBe(200);
    expect(jobSchema.parse(((await again.json()) as { job: unknown }).job).id).toBe(made.id);
    expect(server.db.prepare('SELECT count(*) FROM jobs WHERE quote_id = ?').pluck().get(quote.id)).toBe(1);
    // Staff's view says who accepted, when, and which job it became.
    const list = (await (await server.get(`/api/leads/${lead.id}/quotes`)).json()) as { quotes: unknown[] };
    expect(sentQuoteSchema.strict().parse(list.quotes[0])).toMatchObject({
      state: 'accepted',
      acceptance: { name: 'Rosa Ortega', totalCents: 105_750 },
      jobId: made.id,
    });
  });

  it('refuses a last day already past, a line that is a card fee, and no lines, with their messages', async () => {
    const lead = await callLead();
    const past = await quoteLead(lead.id, { ...DRAFT, validUntil: '2026-05-03' });
    expect(past.status).toBe(400);
    expect((await past.json()).error.fields.validUntil).toBe(QUOTE_DRAFT_MESSAGES.validUntil);
    const fee = await quoteLead(lead.id, {
      ...DRAFT,
      addOns: [{ service: 'Credit card processing fee', amountCents: 300 }],
    });
    expect(fee.status).toBe(400);
    expect((await fee.json()).error.fields['addOns.0.service']).toBe(QUOTE_DRAFT_MESSAGES.cardFee);
    const surcharge = await quoteLead(lead.id, {
      ...DRAFT,
      lines: [{ service: 'Card surcharge 3%', areaSqFt: null, unitPriceCents: 2_800 }],
    });
    expect((await surcharge.json()).error.fields['lines.0.service']).toBe(QUOTE_DRAFT_MESSAGES.cardFee);
    const empty = await quoteLead(lead.id, { ...DRAFT, lines: [] });
    expect((await empty.json()).error.fields.lines).toBe(QUOTE_DRAFT_MESSAGES.lines);
    expect(server.db.prepare('SELECT count(*) FROM sent_quotes WHERE lead_id = ?').pluck().get(lead.id)).toBe(
      0,
    );
    expect(stageOf(lead.id)).toBe('new');
  });

  it('expires after its last day: the page says so and acceptance is refused', async () => {
    const lead = await callLead();
    const { quote } = quoteSentSchema.parse(
      await (await quoteLead(lead.id, { ...DRAFT, validUntil: '2026-05-05' })).json(),
    );
    const saved = now;
    try {
      now = Date.parse('2026-05-06T07:00:00Z'); // May 6, 00:00 in California
      const page = publicQuoteSchema.parse(
        await (await server.anonymous.get(`/api/public/quotes/${tokenOf(quote.link)}`)).json(),
      );
      expect(page.state).toBe('expired');
      const res = await accept(tokenOf(quote.link), { fullName: 'Rosa Ortega', agreed: true, addOnIds: [] });
      expect(res.status).toBe(410);
      expect((await server.send('POST', `/api/quotes/${quote.id}/book`, {})).status).toBe(409);
    } finally {
      now = saved;
    }
  });

  it('a newer quote for the same lead replaces the open one', async () => {
    const lead = await callLead();
    const first = quoteSentSchema.parse(await (await quoteLead(lead.id)).json()).quote;
    const second = quoteSentSchema.parse(
      await (await quoteLead(lead.id, { ...DRAFT, addOns: [] })).json(),
    ).quote;
    const res = await accept(tokenOf(first.link), { fullName: 'Rosa Ortega', agreed: true });
    expect(res.status).toBe(410);
    expect((await accept(tokenOf(second.link), { fullName: 'Rosa Ortega', agreed: true })).status).toBe(200);
  });
});

describe('a quote for a photo submission’s lead or a customer’s record', () => {
  it('quotes a submission through its lead: the submission is quoted at the lines’ sum, as the spec reads it', async () => {
    const submissionId = await submitPhotoForm(server.anonymous);
    const leads = leadSchema.array().parse(await (await server.get('/api/leads?channel=photo-form')).json());
    const lead = leads.find((l) => l.sourceId === submissionId)!;
    const { quote } = quoteSentSchema.parse(await (await quoteLead(lead.id)).json());
    expect(quote).toMatchObject({ submissionId, leadId: lead.id, amountCents: 93_750 });
    const submission = (await (await server.get(`/api/photo-submissions/${submissionId}`)).json()) as {
      status: string;
      estimateAmount: number;
    };
    expect(submission).toMatchObject({ status: 'quoted', estimateAmount: 937.5 });
    // The spec's PUT still quotes a submission by its amount in dollars.
    const put = await server.send('PUT', `/api/photo-submissions/${submissionId}`, {
      status: 'quoted',
      estimateAmount: 1200,
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ status: 'quoted', estimateAmount: 1200 });
  });

  it("quotes a customer's record, listed on the record", async () => {
    const lead = await callLead();
    const customerId = lead.customerId!;
    expect(customerId).toBeGreaterThan(0);
    const res = await server.send('POST', `/api/customers/${customerId}/quotes`, DRAFT);
    expect(res.status).toBe(201);
    const { quote } = quoteSentSchema.parse(await res.json());
    expect(quote).toMatchObject({ customerId, leadId: null, submissionId: null, amountCents: 93_750 });
    const list = (await (await server.get(`/api/customers/${customerId}/quotes`)).json()) as {
      quotes: { id: number }[];
    };
    expect(list.quotes.map((q) => q.id)).toEqual([quote.id]);
    expect((await server.send('POST', '/api/customers/999999/quotes', DRAFT)).status).toBe(404);
  });
});
