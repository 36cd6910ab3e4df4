import { INVOICE_MESSAGES, PAY_AT_THE_VISIT, QUOTE_REFUSALS } from '@washdesk/contract';
import type { MessageId } from '../i18n/catalog.en.ts';
import { t } from '../i18n/i18n.ts';
import { learnToSay, saidInPageLanguage } from '../i18n/said-in-english.ts';

// The Pay routes' own refusals (the invoice's: invoicing.service.ts, the contract's payInvoiceSchema;
// the quote's deposit: deposits.service.ts; the rate limit) in the page's language (issue 37): an English page shows them as they came, a
// Spanish one says each known text in Spanish (`formSaid.` + its English, or the page's own words
// for the same thing), and an unknown one by a plain "call us". Under `formSaid.`, not
// `answerSaid.`: the embed never pays an invoice, so its quote view does not carry them.
// scripts/public-site-server-words.test.ts takes these texts from the contract's and the backend's code.

learnToSay(
  [
    [/^That is more than the (\$[\d,.]+) still due$/, (m) => t('invoice.pay.overBalance', { amount: m[1] })],
    [/^A tip can be at most (\$[\d,.]+)$/, (m) => t('invoice.pay.tipAtMost', { amount: m[1] })],
    [
      /^Too many requests\. Please wait (\d+) seconds and try again\.$/,
      (m) => t('answer.tooManyRequests', { seconds: m[1] }),
    ],
  ],
  {
    [PAY_AT_THE_VISIT]: 'invoice.payAtTheVisit',
    [INVOICE_MESSAGES.payAtLeast]: 'invoice.pay.atLeast',
    'Invoice not found': 'invoice.notFound',
    ...Object.fromEntries(
      Object.entries(QUOTE_REFUSALS).map(([key, text]) => [text, `quote.refusal.${key}` as MessageId]),
    ),
  },
);

/** A refusal of a Pay route (the invoice's, the deposit's), in the page's language. */
export const payRefusalIn = (message: string) => saidInPageLanguage(message, 'invoice.pay.refused');
