import { randomBytes, randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  INVOICE_DUE_DAYS,
  INVOICE_MESSAGES,
  INVOICE_TOKEN_PATTERN,
  MIN_PAYMENT_CENTS,
  PAY_AT_THE_VISIT,
  formatCents,
  type Invoice,
  type InvoiceRow,
  type InvoiceStatus,
  type PayInvoice,
  type PublicInvoice,
  type RecordPayment,
  MAX_TIP_CENTS,
  pageLinkIn,
  type Language,
} from '@washdesk/contract';
import type { CustomerLanguages } from '../customers/customer-languages.ts';
import { CHECKOUT_LINES, checkoutLanguage, checkoutLocaleOf } from '../payments/checkout-language.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { JobRepository } from '../jobs/job.repository.ts';
import type { CheckoutSessions } from '../payments/checkout-sessions.ts';
import type { LedgerRepository } from '../payments/ledger.repository.ts';
import { addDays, localDate, type Clock } from '../time.ts';
import { fullyRefunded, invoiceMoney, invoiceStatusOf, payableNow } from './invoice-balance.ts';
import type { InvoiceMessages } from './invoice-messages.ts';
import type { InvoiceHead, InvoiceRepository, StoredInvoice } from './invoice.repository.ts';

// Invoicing (issue 35, item 4): a done job's invoice made once, its sending, what staff record
// (cash, checks, other), voiding, and the customer's page and Pay. The status written on the
// invoice is always the ledger's verdict (`invoice-balance.ts`), re-read after every movement.

export interface Actor {
  id: number;
  name: string;
}

/** A link that was never made, a malformed one and a tampered one all get this same 404. */
const NO_SUCH_INVOICE = 'Invoice';
const refused = (message: string, field?: string) =>
  new HttpError(422, ERROR_CODES.validation, message, field ? { [field]: message } : undefined);
const conflict = (message: string) => new HttpError(409, ERROR_CODES.conflict, message);

export function invoicingService(deps: {
  db: Db;
  config: Pick<Config, 'timeZone' | 'business'>;
  invoices: InvoiceRepository;
  jobs: Pick<JobRepository, 'get'>;
  ledger: Pick<
    LedgerRepository,
    'record' | 'settledForInvoice' | 'settledForInvoices' | 'ofInvoice' | 'depositOfQuote' | 'get'
  >;
  /** Stripe's hosted Checkout, when configured; without it the page says PAY_AT_THE_VISIT. */
  checkout: Pick<CheckoutSessions, 'start'> | undefined;
  messages: InvoiceMessages;
  events: EventBus;
  linkOf: (invoice: StoredInvoice) => string;
  /** The customer's language: Stripe's page in Spanish for a Spanish customer (issue 37). */
  languages: Pick<CustomerLanguages, 'languageOf'>;
  clock: Clock;
}) {
  const { db, invoices, ledger, events, messages } = deps;

  const moneyOf = (invoice: StoredInvoice) => invoiceMoney(invoice, ledger.settledForInvoice(invoice.id));
  const statusOf = (invoice: StoredInvoice): InvoiceStatus =>
    invoiceStatusOf(invoice, ledger.settledForInvoice(invoice.id));

  // A row's status and figures from the same sums (a list page reads them all at once).
  const row = (invoice: InvoiceHead, settled = ledger.settledForInvoice(invoice.id)): InvoiceRow => ({
    id: invoice.id,
    number: invoice.number,
    jobId: invoice.jobId,
    customerId: invoice.customerId,
    customerName: invoice.customerName,
    status: invoiceStatusOf(invoice, settled),
    issuedOn: invoice.issuedOn,
    dueOn: invoice.dueOn,
    createdAt: invoice.createdAt,
    ...invoiceMoney(invoice, settled),
  });

  const view = (invoice: StoredInvoice): Invoice => ({
    ...row(invoice),
    token: invoice.token,
    link: deps.linkOf(invoice),
    customerPhone: invoice.customerPhone,
    customerEmail: invoice.customerEmail,
    address: invoice.address,
    lines: invoice.lines,
    payments: ledger.ofInvoice(invoice.id).map((p) => ({
      id: p.id,
      kind: p.kind,
      status: p.status,
      method: p.method,
      amountCents: p.amountCents,
      tipCents: p.tipCents,
      reference: p.reference,
      note: p.note,
      occurredAt: p.occurredAt,
    })),
    messages: messages.of(invoice.id),
    voidedAt: invoice.voidedAt,
    voidReason: invoice.voidReason,
    paidAt: invoice.paidAt,
  });

  const mustGet = (id: number) => {
    const invoice = invoices.get(id);
    if (!invoice) throw notFound(NO_SUCH_INVOICE);
    return invoice;
  };
  const byToken = (token: string) => {
    const invoice = INVOICE_TOKEN_PATTERN.test(token) ? invoices.byToken(token) : undefined;
    if (!invoice) throw notFound(NO_SUCH_INVOICE);
    return invoice;
  };

  /** Why reminders must stop now, or null while the invoice is owed. */
  const standing = (invoiceId: number) => {
    const invoice = invoices.get(invoiceId);
    if (!invoice) return { stop: 'The invoice is gone', balanceCents: 0 };
    const status = statusOf(invoice);
    const { balanceCents } = moneyOf(invoice);
    if (status === 'void') return { stop: 'The invoice is void', balanceCents };
    if (status === 'paid') return { stop: 'The invoice is paid', balanceCents };
    if (fullyRefunded(ledger.ofInvoice(invoiceId)))
      return { stop: 'The invoice was fully refunded', balanceCents };
    return { stop: null, balanceCents };
  };

  /**
   * The invoice's status as the ledger has it now, written back, and its reminders re-planned
   * (a payment re-words them, a full payment or refund cancels them). Every money movement ends here.
   */
  function reconcile(invoiceId: number) {
    const invoice = invoices.get(invoiceId);
    if (!invoice) return;
    const status = statusOf(invoice);
    if (status !== 'void' && invoices.setStatus(invoiceId, status))
      events.publish({
        type: 'payment.updated',
        entityId: null,
        summary: `Invoice #${invoice.number} for ${invoice.customerName} is ${status}`,
        actorUserId: null,
      });
    messages.planReminders(invoices.get(invoiceId)!);
  }

  return {
    standing,
    reconcile,

    /**
     * A done job's invoice, made once (a replay, a second "done" or a second click make none):
     * lines copied from the job at quantity 1, the deposit paid on its quote credited, due in 14
     * days of the business's calendar. A new invoice is sent at once where the customer can be reached.
     */
    createForJob(jobId: number, by: Actor | null): { invoice: Invoice; created: boolean } {
      const job = deps.jobs.get(jobId);
      if (!job) throw notFound('Job');
      if (job.status !== 'done') throw conflict(INVOICE_MESSAGES.jobNotDone);
      const issuedOn = localDate(new Date(deps.clock()), deps.config.timeZone);
      const { invoice, created } = invoices.createOnce({
        jobId,
        customerId: job.customerId,
        customerName: job.customerName,
        customerPhone: job.customerPhone || null,
        customerEmail: job.customerEmail,
        address: job.address,
        token: randomBytes(32).toString('base64url'),
        depositCreditedCents: job.quoteId ? ledger.depositOfQuote(job.quoteId).paidCents : 0,
        issuedOn,
        dueOn: addDays(issuedOn, INVOICE_DUE_DAYS),
        lines: job.lineItems.map((l) => ({
          service: l.service,
          description: null,
          amountCents: l.amountCents,
        })),
      });
      if (created) {
        events.publish({
          type: 'payment.updated',
          entityId: null,
          summary: `Invoice #${invoice.number} made for ${invoice.customerName} (${formatCents(invoice.totalCents)})${
            by ? ` by ${by.name}` : ''
          }`,
          actorUserId: by?.id ?? null,
        });
        // A deposit that covered everything leaves nothing to ask: the invoice is paid at once.
        reconcile(invoice.id);
        const fresh = invoices.get(invoice.id)!;
        if (fresh.status === 'open' && messages.send(fresh, moneyOf(fresh).balanceCents).length)
          invoices.markSent(fresh.id);
      }
      return { invoice: view(invoices.get(invoice.id)!), created };
    },

    get: (id: number) => view(mustGet(id)),

    list(
      limit: number,
      offset: number,
      status: InvoiceStatus | null,
      before?: { issuedOn: string; id: number },
    ) {
      const page = invoices.page(limit, status, before, offset);
      const settled = ledger.settledForInvoices(page.map((i) => i.id));
      return { rows: page.map((i) => row(i, settled.get(i.id))), total: invoices.count(status) };
    },

    /** "Send again": new messages now (staff asked: quiet hours do not hold them; STOP still does). */
    sendAgain(id: number, by: Actor) {
      const invoice = mustGet(id);
      const status = statusOf(invoice);
      if (status !== 'open') throw conflict(INVOICE_MESSAGES.notOpen[status]);
      const channels = messages.send(invoice, moneyOf(invoice).balanceCents, { at: deps.clock() });
      if (!channels.length)
        throw refused('The customer has no phone number or e-mail this server can send to');
      invoices.markSent(id);
      events.publish({
        type: 'payment.updated',
        entityId: null,
        summary: `Invoice #${invoice.number} sent again to ${invoice.customerName} by ${by.name}`,
        actorUserId: by.id,
      });
      return view(mustGet(id));
    },

    void(id: number, reason: string, by: Actor) {
      const invoice = mustGet(id);
      const status = statusOf(invoice);
      if (status !== 'open') throw conflict(INVOICE_MESSAGES.notOpen[status]);
      if (!invoices.void(id, reason)) throw conflict(INVOICE_MESSAGES.notOpen.void);
      messages.cancelAll(id, 'The invoice is void');
      events.publish({
        type: 'payment.updated',
        entityId: null,
        summary: `Invoice #${invoice.number} for ${invoice.customerName} voided by ${by.name}`,
        actorUserId: by.id,
      });
      return view(mustGet(id));
    },

    /**
     * Cash, a check or "other", as a ledger row of its own (`manual:<uuid>`), never more than is
     * owed: the check and the write are one transaction, so two clicks cannot both pass the check.
     */
    recordPayment(id: number, payment: RecordPayment, by: Actor) {
      const recorded = db.transaction(() => {
        const invoice = mustGet(id);
        const settled = ledger.settledForInvoice(id);
        const status = invoiceStatusOf(invoice, settled);
        if (status !== 'open') throw conflict(INVOICE_MESSAGES.notOpen[status]);
        const owed = payableNow(invoice, settled);
        if (payment.amountCents > owed) throw refused(INVOICE_MESSAGES.overBalance(owed), 'amountCents');
        if (payment.amountCents < Math.min(MIN_PAYMENT_CENTS, owed))
          throw refused('Record at least $1', 'amountCents');
        const { payment: row } = ledger.record({
          sourceKey: `manual:${randomUUID()}`,
          kind: 'payment',
          status: 'succeeded',
          method: payment.method,
          purpose: 'invoice',
          amountCents: payment.amountCents,
          invoiceId: id,
          jobId: invoice.jobId,
          customerId: invoice.customerId,
          reference: payment.reference ?? null,
          note: payment.note ?? null,
          recordedBy: by.id,
          occurredAt: new Date(deps.clock()).toISOString(),
        });
        return { invoice, row };
      })();
      events.publish({
        type: 'payment.received',
        entityId: recorded.row.id,
        summary: `${formatCents(recorded.row.amountCents)} ${recorded.row.method} for invoice #${recorded.invoice.number} from ${recorded.invoice.customerName}, recorded by ${by.name}`,
        actorUserId: by.id,
      });
      reconcile(id);
      return view(mustGet(id));
    },

    /** After a settled payment on an invoice: its receipt, once per ledger row. */
    receiptFor(paymentId: number) {
      const payment = ledger.get(paymentId);
      if (!payment?.invoiceId || payment.kind !== 'payment' || payment.status !== 'succeeded') return;
      const invoice = invoices.get(payment.invoiceId);
      if (!invoice) return;
      messages.receipt(invoice, payment, moneyOf(invoice).balanceCents);
    },

    /** Throws the same 404 for a link that was never made, a malformed or a tampered one. */
    checkLink: (token: string) => void byToken(token),

    /** The customer's page: what was sold, what was credited and paid, what is still owed. */
    open(token: string, byStaff: boolean): PublicInvoice {
      const invoice = byToken(token);
      // Staff looking at the customer's page is not the customer opening it.
      if (!byStaff) invoices.markOpened(invoice.id);
      const money = moneyOf(invoice);
      return {
        ...money,
        number: invoice.number,
        businessName: deps.config.business.name,
        customerName: invoice.customerName,
        address: invoice.address,
        status: statusOf(invoice),
        issuedOn: invoice.issuedOn,
        dueOn: invoice.dueOn,
        lines: invoice.lines.map(({ position: _, ...l }) => l),
        receipts: ledger
          .ofInvoice(invoice.id)
          .filter((p) => p.status === 'succeeded' && (p.kind === 'payment' || p.kind === 'refund'))
          .map((p) => ({
            at: p.occurredAt,
            method: p.method,
            amountCents: p.amountCents,
            tipCents: p.tipCents,
            refund: p.kind === 'refund',
          })),
        payOnline: Boolean(deps.checkout),
        maxTipCents: MAX_TIP_CENTS,
      };
    },

    /**
     * Pay: a part of what is owed (at least $1, or the rest when less) and an optional tip on top,
     * at Stripe's hosted Checkout. Nothing is recorded here: the webhook records what was paid.
     */
    async pay(
      token: string,
      request: PayInvoice,
      urls: { success: string; cancel: string },
      pageLanguage: Language | null = null,
    ) {
      const invoice = byToken(token);
      const settled = ledger.settledForInvoice(invoice.id);
      const status = invoiceStatusOf(invoice, settled);
      if (status !== 'open') throw conflict(INVOICE_MESSAGES.notOpen[status]);
      if (!deps.checkout) throw conflict(PAY_AT_THE_VISIT);
      const owed = payableNow(invoice, settled);
      if (owed === 0) throw conflict(INVOICE_MESSAGES.restOnItsWay);
      const part = request.amountCents ?? owed;
      if (part > owed) throw refused(INVOICE_MESSAGES.overBalance(owed), 'amountCents');
      if (part < Math.min(MIN_PAYMENT_CENTS, owed)) throw refused(INVOICE_MESSAGES.payAtLeast, 'amountCents');
      const tip = request.tipCents;
      const language = checkoutLanguage(
        pageLanguage,
        { phone: invoice.customerPhone, email: invoice.customerEmail },
        deps.languages,
      );
      return deps.checkout.start({
        purpose: 'invoice',
        invoiceId: invoice.id,
        jobId: invoice.jobId,
        customerId: invoice.customerId,
        amountCents: part + tip,
        tipCents: tip,
        description: CHECKOUT_LINES[language].invoice(invoice.number, deps.config.business.name),
        tipDescription: CHECKOUT_LINES[language].tip,
        customerEmail: invoice.customerEmail,
        // Back from Stripe, the invoice page opens in the language Stripe's page was in.
        successUrl: pageLinkIn(urls.success, language),
        cancelUrl: pageLinkIn(urls.cancel, language),
        locale: checkoutLocaleOf(language),
      });
    },
  };
}
export type InvoicingService = ReturnType<typeof invoicingService>;
