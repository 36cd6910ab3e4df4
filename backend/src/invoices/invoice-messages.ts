import {
  accountLine,
  formatCents,
  pageLinkIn,
  phoneNumberOf,
  serviceNameIn,
  type InvoiceMessage,
  type Language,
} from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { CustomerLanguages } from '../customers/customer-languages.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { OutboxGate } from '../outbox/outbox-scheduler.ts';
import type { OutboxMessage } from '../outbox/outbox.repository.ts';
import type { TextsService } from '../texts/texts.service.ts';
import { addDays, instantOfLocalTime, type Clock } from '../time.ts';
import type { StoredInvoice } from './invoice.repository.ts';
import { INVOICE_WORDS as WORDS } from './invoice-words.ts';

// How an invoice reaches the customer (issue 35, item 4): every text through the texts feature
// (the one gated sender: STOP, consent, quiet hours; it shows on the customer's thread) and every
// e-mail through the same durable outbox, each a row whose state is the honest record of what
// happened (sent, waiting for the morning, or not sent and why). The invoice's own screen lists
// these rows; nothing here claims a message went.

export const INVOICE_TEMPLATE = 'invoice';
export const INVOICE_REMINDER_TEMPLATE = 'invoice-reminder';
export const RECEIPT_TEMPLATE = 'invoice-receipt';
/** The reminders: on the due date, and a week after it, at this hour of the business's day. */
export const REMINDER_DAYS_AFTER_DUE = [0, 7] as const;
const REMINDER_HOUR = 10;

export const aboutInvoice = (id: number) => `invoice:${id}`;

/** Where the reminder's key keeps the balance it was worded with (a payment re-words it). */
const reminderKey = (id: number, n: number, balanceCents: number, channel: string) =>
  `${INVOICE_REMINDER_TEMPLATE}:${id}:${n}:${balanceCents}:${channel}`;
const balanceInKey = (key: string) => Number(key.split(':')[3]);

/** What the reminders' gate asks of the invoice at the moment a reminder would go. */
export interface ReminderStanding {
  /** Why no reminder may go now, or null while it is still owed. */
  stop: string | null;
  balanceCents: number;
}

export function invoiceMessages(deps: {
  config: Pick<Config, 'timeZone' | 'business'>;
  outbox: Outbox;
  texts: Pick<TextsService, 'queueText'>;
  /** The public page of an invoice. */
  linkOf: (invoice: StoredInvoice) => string;
  /** The invoice's standing now (read from the ledger at send time). */
  standing: (invoiceId: number) => ReminderStanding;
  /** The customer's language (customers.language), asked as each message is worded. */
  languages: Pick<CustomerLanguages, 'languageOf'>;
  /** Our public address: the account line links to the customer's own page there. */
  publicUrl: () => string;
  clock: Clock;
}) {
  const { config, outbox } = deps;
  const business = config.business.name;
  const languageOf = (invoice: StoredInvoice): Language =>
    deps.languages.languageOf({ phone: invoice.customerPhone, email: invoice.customerEmail });
  /** The invoice's page as this customer opens it (in Spanish for a Spanish customer). */
  const linkIn = (invoice: StoredInvoice, language: Language) => pageLinkIn(deps.linkOf(invoice), language);

  function queue(
    invoice: StoredInvoice,
    m: {
      template: string;
      key: string;
      language: Language;
      text: string;
      subject: string;
      email: string;
      automatic: boolean;
      dueAt: Date;
    },
  ) {
    const about = aboutInvoice(invoice.id);
    const phone = invoice.customerPhone ? phoneNumberOf(invoice.customerPhone) : null;
    const queued: ('text' | 'email')[] = [];
    if (phone && outbox.configured.text) {
      deps.texts.queueText({
        to: phone,
        body: `${m.text}\n${accountLine(deps.publicUrl(), m.language)}`,
        key: `${m.key}:text`,
        template: m.template,
        sender: 'automatic',
        automatic: m.automatic,
        about,
        dueAt: m.dueAt,
      });
      queued.push('text');
    }
    if (invoice.customerEmail && outbox.configured.email) {
      outbox.queue({
        idempotencyKey: `${m.key}:email`,
        channel: 'email',
        recipient: invoice.customerEmail,
        customerId: invoice.customerId,
        template: m.template,
        about,
        subject: m.subject,
        body: m.email,
        automatic: m.automatic,
        dueAt: m.dueAt,
      });
      queued.push('email');
    }
    return queued;
  }

  const emailBody = (invoice: StoredInvoice, language: Language, opening: string, balanceCents: number) => {
    const w = WORDS[language];
    return [
      w.hello(invoice.customerName),
      '',
      opening,
      '',
      // Our service names in the customer's language (service-names.ts); the lines keep staff's English.
      ...invoice.lines.map((l) => `${serviceNameIn(l.service, language)}: ${formatCents(l.amountCents)}`),
      ...(invoice.depositCreditedCents > 0 ? [w.depositPaid(invoice.depositCreditedCents)] : []),
      w.stillDue(balanceCents, invoice.dueOn),
      '',
      w.seeAndPay(linkIn(invoice, language)),
      accountLine(deps.publicUrl(), language),
      '',
      business,
      config.business.phone,
    ].join('\n');
  };

  return {
    /**
     * The invoice to the customer by text and e-mail where each is possible. `again` (a staff
     * member's "Send again") makes new rows that skip quiet hours (staff asked now); the first
     * sending is automatic, under consent and quiet hours. Returns the channels queued.
     */
    send(invoice: StoredInvoice, balanceCents: number, again?: { at: number }) {
      const language = languageOf(invoice);
      const w = WORDS[language];
      return queue(invoice, {
        template: INVOICE_TEMPLATE,
        key: again
          ? `${INVOICE_TEMPLATE}:${invoice.id}:again:${again.at}`
          : `${INVOICE_TEMPLATE}:${invoice.id}:first`,
        language,
        text: w.invoiceText(business, invoice.number, balanceCents, linkIn(invoice, language)),
        subject: w.invoiceSubject(invoice.number, business),
        email: emailBody(invoice, language, w.invoiceOpening(invoice.number, invoice.address), balanceCents),
        automatic: !again,
        dueAt: new Date(deps.clock()),
      });
    },

    /** A receipt for one settled payment (its ledger row names it: one receipt per payment). */
    receipt(invoice: StoredInvoice, payment: { id: number; amountCents: number }, balanceCents: number) {
      const language = languageOf(invoice);
      const w = WORDS[language];
      return queue(invoice, {
        template: RECEIPT_TEMPLATE,
        key: `${RECEIPT_TEMPLATE}:${payment.id}`,
        language,
        text: w.receiptText(business, invoice.number, payment.amountCents, balanceCents, linkIn(invoice, language)),
        subject: w.receiptSubject(invoice.number, business),
        email: emailBody(invoice, language, w.receiptOpening(payment.amountCents, invoice.number), balanceCents),
        automatic: true,
        dueAt: new Date(deps.clock()),
      });
    },

    /**
     * Makes the invoice's reminders match what it owes now: none once it is paid, void or fully
     * refunded; otherwise one on the due date and one a week later, worded with the balance now
     * (a part payment cancels the old wording and queues the new). Past instants are not planned.
     */
    planReminders(invoice: StoredInvoice) {
      const about = aboutInvoice(invoice.id);
      const { stop, balanceCents } = deps.standing(invoice.id);
      if (stop) {
        outbox.repository.cancelAboutExcept(about, INVOICE_REMINDER_TEMPLATE, [], stop);
        return;
      }
      const now = deps.clock();
      const planned = REMINDER_DAYS_AFTER_DUE.map((days, i) => ({
        n: i + 1,
        due: instantOfLocalTime(addDays(invoice.dueOn, days), REMINDER_HOUR, 0, config.timeZone),
      })).filter((r) => r.due.getTime() > now);
      const keys = planned.flatMap((r) =>
        ['text', 'email'].map((channel) => reminderKey(invoice.id, r.n, balanceCents, channel)),
      );
      outbox.repository.cancelAboutExcept(about, INVOICE_REMINDER_TEMPLATE, keys, 'The amount due changed');
      const language = languageOf(invoice);
      const w = WORDS[language];
      for (const r of planned) {
        if (outbox.repository.byKey(reminderKey(invoice.id, r.n, balanceCents, 'text'))) continue;
        queue(invoice, {
          template: INVOICE_REMINDER_TEMPLATE,
          key: `${INVOICE_REMINDER_TEMPLATE}:${invoice.id}:${r.n}:${balanceCents}`,
          language,
          text: w.reminderText(business, invoice.number, balanceCents, linkIn(invoice, language)),
          subject: w.reminderSubject(invoice.number, business),
          email: emailBody(invoice, language, w.reminderOpening(invoice.number), balanceCents),
          automatic: true,
          dueAt: r.due,
        });
      }
    },

    /** What was sent about the invoice, and what waits or did not go (the outbox's rows). */
    of(invoiceId: number): InvoiceMessage[] {
      return outbox.repository.about(aboutInvoice(invoiceId)).map(toInvoiceMessage);
    },

    /** Pending messages about a voided invoice never go. */
    cancelAll(invoiceId: number, reason: string) {
      outbox.repository.cancelAbout(aboutInvoice(invoiceId), reason);
    },

    /**
     * Checked again just before a reminder goes (the plan may be hours old): the invoice still
     * owes exactly what the reminder says, and is not paid, void or fully refunded.
     */
    gate: ((message) => {
      if (message.template !== INVOICE_REMINDER_TEMPLATE || !message.about?.startsWith('invoice:'))
        return { action: 'send' };
      const { stop, balanceCents } = deps.standing(Number(message.about.slice('invoice:'.length)));
      if (stop) return { action: 'cancel', reason: stop };
      if (balanceInKey(message.idempotencyKey) !== balanceCents)
        return { action: 'cancel', reason: 'The amount due changed' };
      return { action: 'send' };
    }) satisfies OutboxGate,
  };
}
export type InvoiceMessages = ReturnType<typeof invoiceMessages>;

const kindOf = (template: string): InvoiceMessage['kind'] =>
  template === INVOICE_REMINDER_TEMPLATE ? 'reminder' : template === RECEIPT_TEMPLATE ? 'receipt' : 'invoice';

const toInvoiceMessage = (m: OutboxMessage): InvoiceMessage => ({
  id: m.id,
  kind: kindOf(m.template),
  channel: m.channel,
  recipient: m.recipient,
  state: m.state,
  problem: m.error ?? m.deliveryError,
  dueAt: m.dueAt,
  sentAt: m.sentAt,
});
