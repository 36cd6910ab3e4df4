import { randomBytes } from 'node:crypto';
import { quoteSentSchema } from '@washdesk/contract';
import { DEPOSIT_DRAFT } from './deposit-quotes.ts';
import { tokenOf } from './quote-fixtures.ts';
import type { FakeTwilio } from './fake-twilio.ts';
import type { TestServer } from './test-server.ts';
import { REMINDED_VISIT, sendVisitReminder } from './e2e-visit-reminder.ts';

// The customer-account scenario of e2e-server.ts: the visit-reminder customer (a house wash booked
// for Wednesday 25 November 2026, its reminder sent) also has an open invoice for an earlier job,
// and asks for a sign-in link on /account with their phone: the link the fake Twilio took is what
// the browser test opens. The invoices are written as the invoices' owner would leave them; the
// second one, #1002, is another customer's (Otto's). Dana also accepted a $320 quote asking a 25 %
// deposit ($80), still to pay.

export const ACCOUNT_INVOICE = { number: 1001, totalCents: 42500 };
/** Another customer's open invoice: Dana's session may not pay it. */
export const OTHER_INVOICE = { number: 1002, totalCents: 18000 };

export async function seedCustomerAccount(server: TestServer, twilio: FakeTwilio, clock: Date) {
  const visit = await sendVisitReminder(server, twilio, clock);
  const db = server.db;
  const customerId = (
    db
      .prepare("SELECT customer_id AS id FROM customer_items WHERE kind = 'appointment' AND source_id = ?")
      .get(visit.appointmentId) as { id: number }
  ).id;
  const at = clock.toISOString();
  const job = Number(
    db
      .prepare(
        `INSERT INTO jobs (customer_id, customer_name, customer_phone, address, title, price_cents, duration_minutes,
        status, created_at, updated_at) VALUES (?, 'Dana Whitfield', ?, '512 Redwood Drive, Garberville', 'gutter cleaning',
        ?, 90, 'done', ?, ?)`,
      )
      .run(customerId, REMINDED_VISIT.phone, ACCOUNT_INVOICE.totalCents, at, at).lastInsertRowid,
  );
  const invoiceToken = randomBytes(32).toString('base64url');
  db.prepare(
    `INSERT INTO invoices (number, job_id, customer_id, customer_name, customer_phone, address, token,
      subtotal_cents, total_cents, issued_on, due_on, created_at, updated_at)
    VALUES (?, ?, ?, 'Dana Whitfield', ?, '512 Redwood Drive, Garberville', ?, ?, ?, '2026-11-20', '2026-12-04', ?, ?)`,
  ).run(
    ACCOUNT_INVOICE.number,
    job,
    customerId,
    REMINDED_VISIT.phone,
    invoiceToken,
    ACCOUNT_INVOICE.totalCents,
    ACCOUNT_INVOICE.totalCents,
    at,
    at,
  );
  const other = await server.anonymous.send('POST', '/api/service-requests', {
    firstName: 'Otto',
    lastName: 'Berg',
    email: 'otto@example.com',
    phone: '707-555-0142',
    address: '3 Briceland Road',
    city: 'Redway',
    serviceType: 'house-washing',
    urgency: 'week',
    description: 'Moss on the deck',
  });
  if (other.status !== 201) throw new Error(`The other customer's request was refused: ${other.status}`);
  const otherId = (db.prepare("SELECT id FROM customers WHERE name = 'Otto Berg'").get() as { id: number })
    .id;
  const otherJob = Number(
    db
      .prepare(
        `INSERT INTO jobs (customer_id, customer_name, customer_phone, address, title, price_cents,
        duration_minutes, status, created_at, updated_at)
        VALUES (?, 'Otto Berg', '+17075550142', '3 Briceland Road, Redway', 'deck cleaning', ?, 60, 'done', ?, ?)`,
      )
      .run(otherId, OTHER_INVOICE.totalCents, at, at).lastInsertRowid,
  );
  db.prepare(
    `INSERT INTO invoices (number, job_id, customer_id, customer_name, address, token, subtotal_cents,
      total_cents, issued_on, due_on, created_at, updated_at)
    VALUES (?, ?, ?, 'Otto Berg', '3 Briceland Road, Redway', ?, ?, ?, '2026-11-20', '2026-12-04', ?, ?)`,
  ).run(
    OTHER_INVOICE.number,
    otherJob,
    otherId,
    randomBytes(32).toString('base64url'),
    OTHER_INVOICE.totalCents,
    OTHER_INVOICE.totalCents,
    at,
    at,
  );
  const rule = await server.send('PUT', '/api/settings/payments', {
    deposit: { kind: 'percent', percent: 25, minimumCents: 0 },
  });
  if (rule.status !== 200) throw new Error(`The deposit rule was refused: ${rule.status}`);
  const quoted = await server.send('POST', `/api/customers/${customerId}/quotes`, DEPOSIT_DRAFT);
  if (quoted.status !== 201) throw new Error(`Dana's quote was not sent: ${quoted.status}`);
  const { quote } = quoteSentSchema.parse(await quoted.json());
  const accepted = await server.anonymous.send('POST', `/api/public/quotes/${tokenOf(quote.link)}/accept`, {
    fullName: 'Dana Whitfield',
    agreed: true,
    addOnIds: [],
  });
  if (accepted.status !== 200) throw new Error(`Dana's quote was not accepted: ${accepted.status}`);
  const asked = await server.anonymous.send('POST', '/api/public/account/link', {
    contact: '(707) 555-0188',
  });
  if (asked.status !== 202) throw new Error(`The sign-in link was not asked for: ${asked.status}`);
  await server.settled();
  const text = twilio.texts.filter((t) => t.to === REMINDED_VISIT.phone).at(-1)?.body ?? '';
  const link = /https?:\/\/\S+(\/account\/continue\/[A-Za-z0-9_-]{43})/.exec(text);
  if (!link) throw new Error(`No sign-in link was texted: "${text}"`);
  return {
    accountLinkPath: link[1]!,
    customerId,
    invoicePath: `/invoice/${invoiceToken}`,
    otherInvoiceNumber: OTHER_INVOICE.number,
  };
}
