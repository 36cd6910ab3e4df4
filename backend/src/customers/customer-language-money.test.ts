import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutAnswerSchema,
  invoiceSchema,
  leadSchema,
  quoteSentSchema,
  serviceNameIn,
  type Invoice,
} from '@washdesk/contract';
import { isSpanish } from '../assistant/spanish.ts';
import { jobRepository } from '../jobs/job.repository.ts';
import { stripeClient } from '../payments/stripe-client.ts';
import { acceptQuote, DEPOSIT_DRAFT } from '../test/deposit-quotes.ts';
import { tokenOf } from '../test/quote-fixtures.ts';
import { startFakeSmtp, type FakeSmtp } from '../test/fake-smtp.ts';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe.ts';
import { fixturePhoto, photoForm } from '../test/test-server.ts';
import { startTextingServer, TEXTING_PUBLIC_URL, type TextingServer } from '../test/texting-server.ts';

// Money in the customer's language through the real server (issue 37): a Spanish customer's
// invoice, its reminders and the receipt of their payment leave the outbox in Spanish (texts
// through the twilio SDK to a fake Twilio, e-mails to a fake SMTP server), each with the link to
// their own page (issue 36); Stripe's page is opened in Spanish ('es-419', read back from the fake
// Stripe) for the invoice and the quote's deposit, from the customer's stored language or from
// the page they pressed Pay on. An English customer beside them reads English throughout.

// Monday 23 November 2026, 9 AM in California.
const MONDAY_9AM = Date.parse('2026-11-23T17:00:00Z');
/** Both reminders have gone by then (the due date and a week after it, 10 AM). */
const AFTER_REMINDERS = Date.parse('2026-12-14T19:00:00Z');
const ROSA = { phone: '+17075550181', email: 'rosa.ortega@example.com' };
const ED = { phone: '+17075550182', email: 'ed.shaw@example.com' };
const ACCOUNT_ES = `${TEXTING_PUBLIC_URL}/account?lang=es`;
const ACCOUNT_EN = `${TEXTING_PUBLIC_URL}/account`;

/** English words none of our Spanish messages has (a name, a town or a service may be in either). */
const ENGLISH = /\b(your|the|you|and|reply|invoice|receipt|reminder|thank you|still due|paid in full)\b/i;
const SPANISH = (text: string) => isSpanish(text) || /(?<!\p{L})(su|gracias|hola|factura)(?!\p{L})/iu.test(text);

let office: TextingServer;
let smtp: FakeSmtp;
let stripe: FakeStripe;
let sdk: ReturnType<typeof stripeClient>;
beforeAll(async () => {
  // One clock for both: Stripe's signatures are fresh by the server's clock.
  stripe = await startFakeStripe({ clock: () => office?.now.ms ?? MONDAY_9AM });
  smtp = await startFakeSmtp();
  office = await startTextingServer({
    start: MONDAY_9AM,
    env: {
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE_URL: stripe.url,
    },
  });
  stripe.setWebhookUrl(`${office.server.url}/api/stripe/webhook`);
  sdk = stripeClient({ secretKey: stripe.secretKey, apiBaseUrl: stripe.url });
});
afterAll(async () => {
  await office.stop();
  await smtp.close();
  await stripe.close();
});
afterEach(() => expect(office.server.errors).toEqual([]));

const sessionOf = async (url: string) => sdk.checkout.sessions.retrieve(url.split('/').pop()!);

let hour = 9;
/** A job for this customer, booked on the board and moved to done: its invoice as staff see it. */
async function doneJob(customer: { name: string; phone: string; email: string; service: string }): Promise<Invoice> {
  const server = office.server;
  const job = jobRepository(server.db).create({
    customerName: customer.name,
    customerPhone: customer.phone,
    customerEmail: customer.email,
    address: '8 Alder Point Rd, Garberville',
    title: customer.service,
    durationMinutes: 60,
    lineItems: [{ service: customer.service, areaSqFt: null, unitPriceCents: null, amountCents: 30_000 }],
  });
  return invoiceOfDoneJob(job.id);
}

/** A job booked on the board and moved to done: its invoice as staff see it. */
async function invoiceOfDoneJob(jobId: number, date = '2026-11-24'): Promise<Invoice> {
  const server = office.server;
  const job = { id: jobId };
  hour += 1;
  const time = `${hour > 12 ? hour - 12 : hour}:00 ${hour >= 12 ? 'PM' : 'AM'}`;
  const booked = await server.send('POST', `/api/schedule/jobs/${job.id}/visit`, {
    date,
    time,
    crewId: 1,
  });
  expect(booked.status).toBe(201);
  for (const status of ['on_the_way', 'in_progress', 'done'])
    expect((await server.send('POST', `/api/jobs/${job.id}/status`, { status })).status).toBe(200);
  const list = (await (await server.get('/api/invoices?limit=100')).json()) as { id: number; jobId: number }[];
  const id = list.find((i) => i.jobId === job.id)!.id;
  return invoiceSchema.parse(await (await server.get(`/api/invoices/${id}`)).json());
}

/** Every message about these invoices that left the outbox, as stored and sent. */
const sentAbout = (invoiceId: number) =>
  office.server.db
    .prepare(
      `SELECT template, channel, subject, body FROM outbox_messages
       WHERE about = ? AND state = 'sent' ORDER BY id`,
    )
    .all(`invoice:${invoiceId}`) as { template: string; channel: string; subject: string | null; body: string }[];

let texters = 0;
/** A customer who texted the business (in `words`), quoted a $320 house wash line by line, and accepted it. */
async function acceptedQuoteOfTexter(words: string) {
  const phone = `+1707555${String(7000 + ++texters)}`;
  expect((await office.customerTexts(phone, words)).status).toBe(200);
  const leads = leadSchema.array().parse(await (await office.server.get('/api/leads?channel=text')).json());
  const lead = leads.find((l) => l.phone === phone)!;
  const res = await office.server.send('POST', `/api/leads/${lead.id}/quotes`, DEPOSIT_DRAFT);
  expect(res.status).toBe(201);
  const { quote } = quoteSentSchema.parse(await res.json());
  await acceptQuote(office.server, tokenOf(quote.link));
  return { quote, token: tokenOf(quote.link) };
}

const payInvoice = (token: string, headers: Record<string, string> = {}) =>
  fetch(`${office.server.url}/api/public/invoices/${token}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ amountCents: 10_000, tipCents: 1_500 }),
  });

describe('money in the customer’s language', () => {
  it('sends a Spanish customer’s invoice, reminders and receipt in Spanish, each with their own page, and opens Stripe in Spanish', async () => {
    // Rosa texted in Spanish: that is remembered. Ed texted in English.
    expect((await office.customerTexts(ROSA.phone, 'Hola, gracias por el lavado de la casa')).status).toBe(200);
    expect((await office.customerTexts(ED.phone, 'Hi, thanks for the house wash')).status).toBe(200);
    const rosaInvoice = await doneJob({ name: 'Rosa Ortega', ...ROSA, service: 'Lavado de casa' });
    const edInvoice = await doneJob({ name: 'Ed Shaw', ...ED, service: 'House wash' });
    await office.at(MONDAY_9AM + 60_000);

    // Rosa pays $100 and a $15 tip from a page that did not say its language: her stored Spanish opens Stripe.
    const res = await payInvoice(rosaInvoice.token);
    expect(res.status).toBe(200);
    const checkoutUrl = checkoutAnswerSchema.parse(await res.json()).url;
    const session = await sessionOf(checkoutUrl);
    expect(session.locale).toBe('es-419');
    // Stripe's page says its own words in Spanish (locale) and our lines in Spanish too.
    const checkoutPage = await (await fetch(checkoutUrl)).text();
    expect(checkoutPage).toContain(`Factura n.º ${rosaInvoice.number} de Lost Coast Soft Wash`);
    expect(checkoutPage).toContain('Propina para el equipo');
    expect(checkoutPage).not.toMatch(/Invoice #|Tip for the crew/);
    expect(session.success_url).toBe(`${rosaInvoice.link}?paid=1&lang=es`);
    await stripe.pay(session.id, 'card');
    await stripe.deliveredAll();
    await office.server.settled();
    // Ed's page says English: Stripe follows his browser (no locale sent).
    const edSession = await sessionOf(
      checkoutAnswerSchema.parse(await (await payInvoice(edInvoice.token, { 'Content-Language': 'en' })).json()).url,
    );
    expect(edSession.locale).toBe(null);
    expect(edSession.success_url).toBe(`${edInvoice.link}?paid=1`);

    await office.at(AFTER_REMINDERS);

    const rosa = sentAbout(rosaInvoice.id);
    expect(new Set(rosa.map((m) => `${m.template} ${m.channel}`))).toEqual(
      new Set(
        ['invoice', 'invoice-receipt', 'invoice-reminder'].flatMap((t) => [`${t} text`, `${t} email`]),
      ),
    );
    // 100 %: every one is Spanish, none has English left, each links her own page in Spanish.
    const words = (text: string) => text.replace(/https?:\/\/\S+/g, '');
    const notSpanish = rosa.filter(
      (m) => !SPANISH(m.body) || ENGLISH.test(words(m.body)) || (m.subject !== null && ENGLISH.test(m.subject)),
    );
    expect(notSpanish).toEqual([]);
    expect(rosa.filter((m) => !m.body.includes(ACCOUNT_ES))).toEqual([]);
    expect(rosa.filter((m) => !m.body.includes(`${rosaInvoice.link}?lang=es`))).toEqual([]);
    // Word for word, as her phone shows them.
    expect(office.textsTo(ROSA.phone).filter((t) => t.includes('factura n.º'))).toEqual([
      `Lost Coast Soft Wash: su factura n.º ${rosaInvoice.number} por $300 está lista: ${rosaInvoice.link}?lang=es\nTodos sus presupuestos, visitas y facturas: ${ACCOUNT_ES}`,
      `Lost Coast Soft Wash: gracias, recibimos $115 de su factura n.º ${rosaInvoice.number}. Quedan $200 por pagar: ${rosaInvoice.link}?lang=es\nTodos sus presupuestos, visitas y facturas: ${ACCOUNT_ES}`,
      `Lost Coast Soft Wash: le recordamos que su factura n.º ${rosaInvoice.number} tiene $200 pendiente de pago: ${rosaInvoice.link}?lang=es\nTodos sus presupuestos, visitas y facturas: ${ACCOUNT_ES}`,
      `Lost Coast Soft Wash: le recordamos que su factura n.º ${rosaInvoice.number} tiene $200 pendiente de pago: ${rosaInvoice.link}?lang=es\nTodos sus presupuestos, visitas y facturas: ${ACCOUNT_ES}`,
    ]);
    const receiptMail = smtp.mails.find((m) => m.subject === `Recibo de la factura n.º ${rosaInvoice.number} de Lost Coast Soft Wash`);
    expect(receiptMail?.text).toContain('Gracias: recibimos $115 de la factura');

    // Ed reads the contract's English words, with his page's link too.
    const ed = sentAbout(edInvoice.id);
    expect(ed.filter((m) => SPANISH(m.body))).toEqual([]);
    expect(ed.filter((m) => !m.body.includes(ACCOUNT_EN) || m.body.includes('lang=es'))).toEqual([]);
    expect(office.textsTo(ED.phone)).toContain(
      `Lost Coast Soft Wash: your invoice #${edInvoice.number} for $300 is ready: ${edInvoice.link}\nAll your quotes, visits and invoices: ${ACCOUNT_EN}`,
    );
  });

  it('books a Spanish customer’s accepted quote as a job and invoice staff read in English, sent to her in Spanish', async () => {
    // Her photos came from a Spanish page: her quote was frozen in Spanish (quote-document.ts).
    const sent = await fetch(`${office.server.url}/api/photo-submissions`, {
      method: 'POST',
      headers: { 'Content-Language': 'es' },
      body: photoForm(
        {
          firstName: 'Lucía',
          lastName: 'Paredes',
          phone: '+17075550183',
          email: 'lucia.paredes@example.com',
          serviceType: 'House Soft Wash',
          address: '8 Alder Point Rd, Garberville, CA',
        },
        [{ path: fixturePhoto('pixel-gps-orientation1.jpg') }],
      ),
    });
    expect(sent.status).toBe(201);
    const submissions = (await (await office.server.get('/api/photo-submissions')).json()) as {
      id: number;
      email: string | null;
    }[];
    const submission = submissions.find((s) => s.email === 'lucia.paredes@example.com')!;
    const quoted = await office.server.send('POST', `/api/photo-submissions/${submission.id}/quotes`, {
      estimateAmount: 450,
    });
    expect(quoted.status).toBe(201);
    const { quote } = (await quoted.json()) as { quote: { id: number; link: string } };
    const page = await acceptQuote(office.server, tokenOf(quote.link));
    expect(page.lines.map((l) => l.service)).toEqual(['Lavado suave de la casa']);

    // Staff book it: the job's lines and title are our English names, and so are the invoice's.
    const booked = await office.server.send('POST', `/api/quotes/${quote.id}/book`, {});
    expect(booked.status).toBe(201);
    const { job } = (await booked.json()) as { job: { id: number; title: string; lineItems: { service: string }[] } };
    expect(job.title).toBe('House Soft Washing');
    expect(job.lineItems.map((l) => l.service)).toEqual(['House Soft Washing']);
    // The day after the other test's reminders: the clock has moved on.
    const invoice = await invoiceOfDoneJob(job.id, '2026-12-15');
    expect(invoice.lines.map((l) => l.service)).toEqual(['House Soft Washing']);
    // Her page gets the same lines; it names them in its language (InvoicePage, service-names.ts).
    const open = (await (await office.server.anonymous.get(`/api/public/invoices/${invoice.token}`)).json()) as {
      lines: { service: string }[];
    };
    expect(open.lines.map((l) => serviceNameIn(l.service, 'es'))).toEqual(['Lavado suave de la casa']);

    // What she is sent names the service in Spanish.
    await office.at(office.now.ms + 60_000);
    const mail = sentAbout(invoice.id).find((m) => m.template === 'invoice' && m.channel === 'email')!;
    expect(mail.body).toContain('Lavado suave de la casa: $450');
    expect(mail.body).not.toMatch(/House Soft/);
  });

  it('opens Stripe in Spanish for a quote’s deposit, from the page’s language or the customer’s', async () => {
    const settings = await office.server.send('PUT', '/api/settings/payments', {
      deposit: { kind: 'percent', percent: 25, minimumCents: 0 },
    });
    expect(settings.status).toBe(200);
    const payDeposit = async (token: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${office.server.url}/api/public/quotes/${token}/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: '{}',
      });
      expect(res.status).toBe(200);
      return sessionOf(checkoutAnswerSchema.parse(await res.json()).url);
    };

    // Pressed on a Spanish page: Spanish, whoever the customer is.
    const fromPage = await acceptedQuoteOfTexter('Hi, how much for a house wash?');
    const spanishPage = await payDeposit(fromPage.token, { 'Content-Language': 'es' });
    expect(spanishPage.locale).toBe('es-419');
    expect(spanishPage.cancel_url).toBe(`${fromPage.quote.link}?lang=es`);
    // Our line on Stripe's page in Spanish; the service staff typed stays as written.
    expect(await (await fetch(spanishPage.url!)).text()).toContain('Depósito por House soft wash');

    // A customer stored as Spanish, from a page that did not say: Spanish; an English one: Stripe's choice.
    const stored = await acceptedQuoteOfTexter('Hola, ¿cuánto cuesta lavar la casa?');
    expect((await payDeposit(stored.token)).locale).toBe('es-419');
    const english = await acceptedQuoteOfTexter('Hi, how much for a house wash?');
    const englishSession = await payDeposit(english.token);
    expect(englishSession.locale).toBe(null);
    expect(englishSession.cancel_url).toBe(english.quote.link);
  });
});
