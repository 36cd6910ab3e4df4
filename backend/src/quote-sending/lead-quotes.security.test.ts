import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  leadSchema,
  publicQuoteSchema,
  QUOTE_REFUSALS,
  quoteSentSchema,
  type QuoteDraft,
} from '@washdesk/contract';
import { PHONE_ENV, phoneCaller } from '../test/phone-caller.ts';
import { tokenOf } from '../test/quote-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// Attacks on a lead's quote over real HTTP: another customer's token, totals and add-ons made up
// by the client, an expired or already accepted quote, wrong types, and staff routes without a session.

let now = Date.parse('2026-05-04T17:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock: () => now, env: PHONE_ENV });
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

const DRAFT: QuoteDraft = {
  lines: [{ service: 'House soft wash', areaSqFt: 2000, unitPriceCents: 40 }],
  addOns: [{ service: 'Gutter brightening', amountCents: 12_000 }],
  validUntil: '2026-05-20',
};
let caller = 0;
async function quoted(draft: unknown = DRAFT) {
  const phone = `+1707555${String(6000 + ++caller)}`;
  await phoneCaller(server.url, phone).status('no-answer', { sequence: 1 });
  const leads = leadSchema.array().parse(await (await server.get('/api/leads?channel=phone')).json());
  const lead = leads.find((l) => l.phone === phone)!;
  const res = await server.send('POST', `/api/leads/${lead.id}/quotes`, draft);
  expect(res.status).toBe(201);
  const { quote } = quoteSentSchema.parse(await res.json());
  return { lead, quote, token: tokenOf(quote.link) };
}
const accept = (token: string, body: unknown) =>
  server.anonymous.send('POST', `/api/public/quotes/${token}/accept`, body);
const acceptance = (id: number) =>
  server.db
    .prepare('SELECT accepted_at, accepted_name, accepted_total_cents FROM sent_quotes WHERE id = ?')
    .get(id) as {
    accepted_at: string | null;
    accepted_name: string | null;
    accepted_total_cents: number | null;
  };
const GOOD = { fullName: 'Rosa Ortega', agreed: true, addOnIds: [1] };

describe("a lead's quote under attack", () => {
  it("opens only with its own token: another customer's token shows theirs, a made-up one nothing", async () => {
    const mine = await quoted();
    const theirs = await quoted({
      ...DRAFT,
      lines: [{ service: 'Roof wash', areaSqFt: 1500, unitPriceCents: 65 }],
    });
    const page = publicQuoteSchema.parse(
      await (await server.anonymous.get(`/api/public/quotes/${theirs.token}`)).json(),
    );
    expect(page.lines.map((l) => l.service)).toEqual(['Roof wash']);
    // Accepting with their token accepts theirs, never mine.
    expect((await accept(theirs.token, GOOD)).status).toBe(200);
    expect(acceptance(mine.quote.id).accepted_at).toBeNull();
    const forged = `${mine.token.slice(0, -1)}${mine.token.endsWith('A') ? 'B' : 'A'}`;
    expect((await accept(forged, GOOD)).status).toBe(404);
    expect((await server.anonymous.get(`/api/public/quotes/${forged}`)).status).toBe(404);
  });

  it('never reads a total from the client: a sent total, a line amount or a fee field is refused', async () => {
    const { quote, token } = await quoted();
    for (const body of [
      { ...GOOD, totalCents: 1 },
      { ...GOOD, amountCents: 1 },
      { ...GOOD, cardFeeCents: 300 },
    ]) {
      expect((await accept(token, body)).status).toBe(400);
    }
    expect(acceptance(quote.id).accepted_at).toBeNull();
    // The staff side too: a line's amount or a quote's total is not a field.
    const lead = (await quoted()).lead;
    for (const draft of [
      { ...DRAFT, totalCents: 5 },
      { ...DRAFT, lines: [{ ...DRAFT.lines[0], amountCents: 5 }] },
      { ...DRAFT, cardFeeCents: 300 },
      { ...DRAFT, lines: [{ service: 'Debit card fee', areaSqFt: null, unitPriceCents: 300 }] },
    ]) {
      expect((await server.send('POST', `/api/leads/${lead.id}/quotes`, draft)).status).toBe(400);
    }
    // The accepted total is the server's sum: 2,000 × 40¢ + the ticked $120.
    const ok = await accept(token, GOOD);
    expect(publicQuoteSchema.parse(await ok.json()).acceptance?.totalCents).toBe(92_000);
  });

  it('refuses add-on ids that are not on this quote (another quote’s, made up, negative), storing nothing', async () => {
    const { quote, token } = await quoted();
    const res = await accept(token, { ...GOOD, addOnIds: [2] });
    expect(res.status).toBe(422);
    expect((await res.json()).error.message).toBe(QUOTE_REFUSALS.unknownAddOn);
    expect((await accept(token, { ...GOOD, addOnIds: [-1] })).status).toBe(400);
    expect((await accept(token, { ...GOOD, addOnIds: [1, 1] })).status).toBe(200);
    // A repeated id counts once.
    expect(acceptance(quote.id).accepted_total_cents).toBe(92_000);
  });

  it('answers an accepted quote with its first acceptance: a second name or choice changes nothing', async () => {
    const { quote, token } = await quoted();
    expect((await accept(token, GOOD)).status).toBe(200);
    const first = acceptance(quote.id);
    now += 60_000;
    const again = await accept(token, { fullName: 'Mallory Someone', agreed: true, addOnIds: [] });
    expect(again.status).toBe(200);
    expect(publicQuoteSchema.parse(await again.json()).acceptance).toMatchObject({
      name: 'Rosa Ortega',
      totalCents: 92_000,
    });
    expect(acceptance(quote.id)).toEqual(first);
  });

  it('refuses an expired quote, leaving it unaccepted', async () => {
    const { quote, token } = await quoted({ ...DRAFT, validUntil: '2026-05-04' });
    const saved = now;
    now = Date.parse('2026-05-05T07:00:00Z');
    try {
      const res = await accept(token, GOOD);
      expect(res.status).toBe(410);
      expect((await res.json()).error.message).toBe(QUOTE_REFUSALS.expired);
    } finally {
      now = saved;
    }
    expect(acceptance(quote.id).accepted_at).toBeNull();
  });

  it('refuses wrong types: no name, a number for a name, a tick that is not true, ids that are not numbers', async () => {
    const { quote, token } = await quoted();
    for (const body of [
      {},
      { agreed: true },
      { fullName: 'Rosa Ortega' },
      { fullName: 'Rosa Ortega', agreed: false },
      { fullName: 'Rosa Ortega', agreed: 'true' },
      { fullName: 42, agreed: true },
      { fullName: ' ', agreed: true },
      { fullName: 'Rosa\u0000Ortega', agreed: true },
      { ...GOOD, addOnIds: ['1'] },
      { ...GOOD, addOnIds: 1 },
      { ...GOOD, addOnIds: [1.5] },
      'fullName=Rosa',
    ]) {
      const res = await accept(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(acceptance(quote.id).accepted_at).toBeNull();
  });

  it('keeps the staff routes staff-only, and books only an accepted quote', async () => {
    const { lead, quote } = await quoted();
    expect((await server.anonymous.send('POST', `/api/leads/${lead.id}/quotes`, DRAFT)).status).toBe(401);
    expect((await server.anonymous.get(`/api/leads/${lead.id}/quotes`)).status).toBe(401);
    expect((await server.anonymous.send('POST', `/api/quotes/${quote.id}/book`, {})).status).toBe(401);
    const early = await server.send('POST', `/api/quotes/${quote.id}/book`, {});
    expect(early.status).toBe(409);
    expect(server.db.prepare('SELECT count(*) FROM jobs WHERE quote_id = ?').pluck().get(quote.id)).toBe(0);
    expect(
      (await server.send('POST', `/api/quotes/${quote.id}/book`, { durationMinutes: 'long' })).status,
    ).toBe(400);
    expect((await server.send('POST', '/api/quotes/999999/book', {})).status).toBe(404);
  });
});
