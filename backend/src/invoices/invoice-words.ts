import {
  formatCents,
  invoiceReminderText,
  invoiceText,
  receiptText,
  type InBothLanguages,
} from '@washdesk/contract';

// The invoice's messages in both languages (issue 37): the English are the contract's words, the
// Spanish beside them; invoice-messages.ts picks by the customer's language (languageOf).

/** What an invoice message says, in the customer's language (issue 37); English is the contract's. */
export interface InvoiceWords {
  invoiceText: typeof invoiceText;
  reminderText: typeof invoiceReminderText;
  receiptText: typeof receiptText;
  invoiceSubject: (number: number, business: string) => string;
  receiptSubject: (number: number, business: string) => string;
  reminderSubject: (number: number, business: string) => string;
  invoiceOpening: (number: number, address: string) => string;
  receiptOpening: (paidCents: number, number: number) => string;
  reminderOpening: (number: number) => string;
  hello: (name: string) => string;
  depositPaid: (cents: number) => string;
  stillDue: (cents: number, dueOn: string) => string;
  seeAndPay: (link: string) => string;
}

export const INVOICE_WORDS: InBothLanguages<InvoiceWords> = {
  en: {
    invoiceText,
    reminderText: invoiceReminderText,
    receiptText,
    invoiceSubject: (n, business) => `Invoice #${n} from ${business}`,
    receiptSubject: (n, business) => `Receipt for invoice #${n} from ${business}`,
    reminderSubject: (n, business) => `Reminder: invoice #${n} from ${business}`,
    invoiceOpening: (n, address) => `Here is invoice #${n} for the work we did at ${address}.`,
    receiptOpening: (paid, n) => `Thank you: we received ${formatCents(paid)} for invoice #${n}.`,
    reminderOpening: (n) => `A reminder: invoice #${n} is due.`,
    hello: (name) => `Hello ${name},`,
    depositPaid: (cents) => `Deposit paid: -${formatCents(cents)}`,
    stillDue: (cents, dueOn) => `Still due: ${formatCents(cents)} by ${dueOn}`,
    seeAndPay: (link) => `See it and pay: ${link}`,
  },
  es: {
    invoiceText: (business, n, balance, link) =>
      `${business}: su factura n.º ${n} por ${formatCents(balance)} está lista: ${link}`,
    reminderText: (business, n, balance, link) =>
      `${business}: le recordamos que su factura n.º ${n} tiene ${formatCents(balance)} pendiente de pago: ${link}`,
    receiptText: (business, n, paid, balance, link) =>
      `${business}: gracias, recibimos ${formatCents(paid)} de su factura n.º ${n}. ${
        balance > 0 ? `Quedan ${formatCents(balance)} por pagar` : 'Está pagada por completo'
      }: ${link}`,
    invoiceSubject: (n, business) => `Factura n.º ${n} de ${business}`,
    receiptSubject: (n, business) => `Recibo de la factura n.º ${n} de ${business}`,
    reminderSubject: (n, business) => `Recordatorio: factura n.º ${n} de ${business}`,
    invoiceOpening: (n, address) => `Le enviamos la factura n.º ${n} por el trabajo que hicimos en ${address}.`,
    receiptOpening: (paid, n) => `Gracias: recibimos ${formatCents(paid)} de la factura n.º ${n}.`,
    reminderOpening: (n) => `Le recordamos el pago de la factura n.º ${n}.`,
    hello: (name) => `Hola ${name}:`,
    depositPaid: (cents) => `Depósito pagado: -${formatCents(cents)}`,
    stillDue: (cents, dueOn) => `Pendiente: ${formatCents(cents)}, a más tardar el ${dueOn}`,
    seeAndPay: (link) => `Véala y pague aquí: ${link}`,
  },
};

