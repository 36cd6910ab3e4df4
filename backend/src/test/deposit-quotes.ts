import { leadSchema, publicQuoteSchema, quoteSentSchema, type QuoteDraft } from '@washdesk/contract';
import { phoneCaller } from './phone-caller.ts';
import { tokenOf } from './quote-fixtures.ts';
import type { TestServer } from './test-server.ts';

// Quotes with deposits for the deposit tests (issue 35): a missed call's lead quoted line by line
// (a $320 house wash and a $60 add-on), opened and accepted over HTTP as a customer's phone would.
// A server started with PHONE_ENV is needed (the lead is a missed call).

export const DEPOSIT_DRAFT: QuoteDraft = {
  lines: [{ service: 'House soft wash', areaSqFt: null, unitPriceCents: 32_000 }],
  addOns: [{ service: 'Gutter brightening', amountCents: 6_000 }],
  validUntil: '2027-12-31',
};

let caller = 0;
export async function quoteForNewLead(server: TestServer, draft: unknown = DEPOSIT_DRAFT) {
  const phone = `+1707555${String(6000 + ++caller)}`;
  const status = await phoneCaller(server.url, phone).status('no-answer', { sequence: 1 });
  if (status.status !== 204) throw new Error(`missed call answered ${status.status}`);
  const leads = leadSchema.array().parse(await (await server.get('/api/leads?channel=phone')).json());
  const lead = leads.find((l) => l.phone === phone)!;
  const res = await server.send('POST', `/api/leads/${lead.id}/quotes`, draft);
  if (res.status !== 201)
    throw new Error(`quote not sent: ${res.status} ${JSON.stringify(await res.json())}`);
  const { quote } = quoteSentSchema.parse(await res.json());
  return { lead, quote, token: tokenOf(quote.link) };
}

export const publicQuote = async (server: TestServer, token: string) =>
  publicQuoteSchema.parse(await (await server.anonymous.get(`/api/public/quotes/${token}`)).json());

export async function acceptQuote(server: TestServer, token: string, addOnIds: number[] = []) {
  const res = await server.anonymous.send('POST', `/api/public/quotes/${token}/accept`, {
    fullName: 'Rosa Ortega',
    agreed: true,
    addOnIds,
  });
  if (res.status !== 200) throw new Error(`not accepted: ${res.status}`);
  return publicQuoteSchema.parse(await res.json());
}

export const payDeposit = (server: TestServer, token: string, body?: unknown) =>
  server.anonymous.send('POST', `/api/public/quotes/${token}/pay`, body);
