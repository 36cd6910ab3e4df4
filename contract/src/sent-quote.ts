import { z } from 'zod';
import { dollarAmount, requiredText } from './common.ts';
import { publicDepositSchema } from './deposits.ts';
import { jobSchema } from './jobs.ts';
import { LEAD_STAGES } from './leads.ts';
import { QUOTE_DELIVERY_OUTCOMES, QUOTE_HANDOVER_CHANNELS, QUOTE_STATES } from './sent-quote-texts.ts';

// A quote sent to the customer (issue 16): a document at an unguessable link that the customer can
// open on a phone, accept, or ask about. Staff send it from a photo submission.

/** "Send quote": the amount as staff type it ("1,250" is fine). */
export const sendQuoteSchema = z.strictObject({
  estimateAmount: dollarAmount('Enter the quoted amount'),
});
export type SendQuote = z.input<typeof sendQuoteSchema>;

/** "Ask a question" on the quote's page. */
export const QUESTION_REQUIRED = 'Write your question';
export const quoteQuestionSchema = z.strictObject({
  question: requiredText(QUESTION_REQUIRED, 2000, { multiline: true }),
});

/**
 * One line of the quote, in cents: a service, its area, the price per sq ft and the line's amount.
 * A submission's quote lists the services without prices (staff typed one total for them).
 */
export const quoteLineSchema = z.object({
  service: z.string(),
  squareFeet: z.number().nullable(),
  unitPriceCents: z.number().int().nullable(),
  amountCents: z.number().int().nullable(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

/** An optional extra the customer may tick on the quote's page; `id` is its number on the quote. */
export const quoteAddOnSchema = z.object({
  id: z.number().int(),
  service: z.string(),
  amountCents: z.number().int(),
});
export type QuoteAddOn = z.infer<typeof quoteAddOnSchema>;

/** What the customer accepted: their typed name, when, the add-ons they ticked and the total. */
export const quoteAcceptanceSchema = z.object({
  name: z.string(),
  at: z.string(),
  addOnIds: z.array(z.number().int()),
  totalCents: z.number().int(),
});
export type QuoteAcceptance = z.infer<typeof quoteAcceptanceSchema>;

/** The quote as the customer sees it (GET /api/public/quotes/:token): nothing else of the submission. */
export const publicQuoteSchema = z.object({
  business: z.object({ name: z.string(), phone: z.string(), email: z.string(), serviceArea: z.string() }),
  customerName: z.string(),
  address: z.string().nullable(),
  lines: z.array(quoteLineSchema),
  addOns: z.array(quoteAddOnSchema),
  /** The price without add-ons; the page adds the ticked ones (the server adds them again). */
  amountCents: z.number().int(),
  validityDays: z.number().int(),
  terms: z.string(),
  sentAt: z.string(),
  validUntil: z.string(),
  state: z.enum(QUOTE_STATES),
  acceptedAt: z.string().nullable(),
  acceptance: quoteAcceptanceSchema.nullable(),
  /** The customer's own questions on this quote, oldest first. */
  questions: z.array(z.object({ question: z.string(), askedAt: z.string() })),
  /** Opened by a signed-in staff member: the page is shown, but accepting and asking are refused. */
  staffPreview: z.boolean(),
  /** What it asks up front and where that stands (issue 35). */
  deposit: publicDepositSchema,
});
export type PublicQuote = z.infer<typeof publicQuoteSchema>;

export const quoteDeliverySchema = z.object({
  channel: z.enum(QUOTE_HANDOVER_CHANNELS),
  outcome: z.enum(QUOTE_DELIVERY_OUTCOMES),
  /** Where it went: the e-mail address or phone number. */
  recipient: z.string().nullable(),
  /** Why it failed or was not sent, in words staff can act on. */
  problem: z.string().nullable(),
  at: z.string(),
});
export type QuoteDelivery = z.infer<typeof quoteDeliverySchema>;

/** A sent quote as staff see it on the submission. */
export const sentQuoteSchema = z.object({
  id: z.number().int(),
  /** Null for a quote made from another lead or a customer's record. */
  submissionId: z.number().int().nullable(),
  leadId: z.number().int().nullable(),
  customerId: z.number().int().nullable(),
  link: z.string(),
  customerName: z.string(),
  lines: z.array(quoteLineSchema),
  addOns: z.array(quoteAddOnSchema),
  amountCents: z.number().int(),
  state: z.enum(QUOTE_STATES),
  sentAt: z.string(),
  sentBy: z.string().nullable(),
  validUntil: z.string(),
  openedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  acceptance: quoteAcceptanceSchema.nullable(),
  /** The job "Book the job" made of it, once booked. */
  jobId: z.number().int().nullable(),
  /** Staff's own deposit for this quote (0: none), or null for Settings' rule. */
  depositOverrideCents: z.number().int().nullable(),
  /** The deposit it asked, fixed when the customer accepted (null before). */
  depositCents: z.number().int().nullable(),
  deliveries: z.array(quoteDeliverySchema),
  questions: z.array(
    z.object({
      id: z.number().int(),
      question: z.string(),
      askedAt: z.string(),
      /** Staff's answer, null until answered. */
      answer: z.string().nullable(),
      answeredAt: z.string().nullable(),
      answeredBy: z.string().nullable(),
      /** How the answer went out: each way the server sent it; none when staff answered by phone. */
      answerDeliveries: z.array(quoteDeliverySchema),
    }),
  ),
});
export type SentQuote = z.infer<typeof sentQuoteSchema>;
export type QuoteQuestion = SentQuote['questions'][number];

/** The newest quote of a submission in short, for its card. */
export const sentQuoteSummarySchema = sentQuoteSchema
  .pick({
    state: true,
    sentAt: true,
    openedAt: true,
    acceptedAt: true,
  })
  .extend({
    /** The ways it reached the customer: sent by e-mail or text, or its link copied by staff. */
    reachedBy: z.array(z.enum(QUOTE_HANDOVER_CHANNELS)),
    /** Questions of the customer on it that staff have not answered yet. */
    openQuestions: z.number().int(),
  });
export type SentQuoteSummary = z.infer<typeof sentQuoteSummarySchema>;

/** Which ways of sending this server has set up (the dialog says which are not). */
export const deliveryConfiguredSchema = z.object({ email: z.boolean(), text: z.boolean() });

/** GET /api/photo-submissions/:id/quotes: every quote sent, newest first, and the lead's stage. */
export const submissionQuotesSchema = z.object({
  quotes: z.array(sentQuoteSchema),
  deliveryConfigured: deliveryConfiguredSchema,
  /** The inbox stage of the submission's lead ("won" once the customer accepted). */
  leadStage: z.enum(LEAD_STAGES).nullable(),
});
export type SubmissionQuotes = z.infer<typeof submissionQuotesSchema>;

/** POST /api/photo-submissions/:id/quotes: the quote just sent, with each delivery's outcome. */
export const quoteSentSchema = z.object({
  quote: sentQuoteSchema,
  deliveryConfigured: deliveryConfiguredSchema,
});

/** Staff answer a customer's question on a quote: sent where this server can, or noted as given by phone. */
export const ANSWER_REQUIRED = 'Write your answer';
export const quoteAnswerSchema = z.strictObject({
  answer: requiredText(ANSWER_REQUIRED, 2000, { multiline: true }),
  /** `send`: e-mail and text it where configured; `phoned`: staff answered by phone (or pasted it). */
  how: z.enum(['send', 'phoned']),
});
export type QuoteAnswer = z.infer<typeof quoteAnswerSchema>;

/** GET /api/leads/:id/quotes and /api/customers/:id/quotes: every quote written there, newest first. */
export const quotesOfSchema = z.object({
  quotes: z.array(sentQuoteSchema),
  deliveryConfigured: deliveryConfiguredSchema,
});
export type QuotesOf = z.infer<typeof quotesOfSchema>;

/** POST /api/quotes/:id/book: the job "Book the job" made (or had made), waiting in the board's tray. */
export const jobBookedSchema = z.object({ job: jobSchema, quote: sentQuoteSchema });
