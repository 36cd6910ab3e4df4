import { z } from 'zod';
import { optionalEmail, optionalText, phoneNumber, requiredText } from './common.ts';
import { photoSchema } from './photo.ts';
import { TEXT_STATES } from './texts.ts';

/** What a customer's timeline holds, one entry per request, submission, call, conversation or visit. */
export const CUSTOMER_ITEM_KINDS = [
  'request',
  'submission',
  'call',
  'conversation',
  'appointment',
  'text',
] as const;
export type CustomerItemKind = (typeof CUSTOMER_ITEM_KINDS)[number];

/** "2 requests · 1 call": the kinds named the way staff count them. */
export const CUSTOMER_ITEM_NOUNS: Record<CustomerItemKind, [one: string, many: string]> = {
  request: ['request', 'requests'],
  submission: ['photo submission', 'photo submissions'],
  call: ['call', 'calls'],
  conversation: ['Messenger conversation', 'Messenger conversations'],
  appointment: ['appointment', 'appointments'],
  text: ['text conversation', 'text conversations'],
};

export const customerSummarySchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  /** The address's town ("Arcata"), for the Customers screen's filter; null when it has none. */
  town: z.string().nullable(),
  /** `YYYY-MM-DD` of the latest completed visit, or null when none was done. */
  lastServiceDate: z.string().nullable(),
  /**
   * What the customer still owes (issue 35): each open invoice's total less what settled on it
   * (payments less refunds, tips apart), never below 0 an invoice; integer cents.
   */
  openBalanceCents: z.number().int(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
  /** A few other names this person was reached under (a merge, an edit, a nickname). */
  otherNames: z.array(z.string()),
  counts: z.record(z.enum(CUSTOMER_ITEM_KINDS), z.number().int()),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

/** "Possibly the same as …": a record the matching kept apart although a detail is shared. */
export const possibleDuplicateSchema = z.object({
  customer: customerSummarySchema,
  /** Why, in staff's words: "same phone (707) 555-0142". */
  reason: z.string(),
  suggestedAt: z.string(),
});
export type PossibleDuplicate = z.infer<typeof possibleDuplicateSchema>;

/** The Customers screen's "Last service" filter, counted back from the business's today. */
export const LAST_SERVICE_FILTERS = [
  { value: 'past-year', label: 'In the past year' },
  { value: 'over-a-year', label: 'More than a year ago' },
  { value: 'never', label: 'Never' },
] as const;
export type LastServiceFilter = (typeof LAST_SERVICE_FILTERS)[number]['value'];

/** The Customers screen's "Balance" filter: who owes on an open invoice, and who does not. */
export const BALANCE_FILTERS = [
  { value: 'open', label: 'Open balance' },
  { value: 'none', label: 'Nothing owed' },
] as const;
export type BalanceFilter = (typeof BALANCE_FILTERS)[number]['value'];

export const customerListQuerySchema = z.object({
  q: optionalText(100, { multiline: false }),
  /** Only customers of this town (as `town` reads, any case). */
  town: optionalText(100, { multiline: false }),
  lastService: z
    .enum(LAST_SERVICE_FILTERS.map((f) => f.value) as [LastServiceFilter, ...LastServiceFilter[]], {
      error: 'Pick one of the last-service filters',
    })
    .optional(),
  balance: z
    .enum(BALANCE_FILTERS.map((f) => f.value) as [BalanceFilter, ...BalanceFilter[]], {
      error: 'Pick one of the balance filters',
    })
    .optional(),
});

/** A town and how many customers live there (the filter's choices). */
export const customerTownSchema = z.object({ town: z.string(), customers: z.number().int() });
export type CustomerTown = z.infer<typeof customerTownSchema>;

/** One entry of the timeline, in words staff read; `link` opens it on its own screen. */
export const customerItemSchema = z.object({
  kind: z.enum(CUSTOMER_ITEM_KINDS),
  sourceId: z.number().int(),
  at: z.string(),
  title: z.string(),
  detail: z.string().nullable(),
  status: z.string().nullable(),
  amount: z.number().nullable(),
  photos: z.array(photoSchema),
  messages: z.array(
    z.object({
      sender: z.string(),
      text: z.string(),
      at: z.string(),
      /** Texts only: where one we sent stands (queued, sent, delivered, failed…), as the Texts screen says. */
      state: z.enum(TEXT_STATES).optional(),
      /** Texts only: why it was not sent or delivered. */
      problem: z.string().nullable().optional(),
    }),
  ),
  /** A photo submission's quotes as sent, oldest first: when, by whom, and what the customer did. */
  quotes: z.array(
    z.object({
      amount: z.number(),
      sentAt: z.string(),
      sentBy: z.string().nullable(),
      openedAt: z.string().nullable(),
      acceptedAt: z.string().nullable(),
      supersededAt: z.string().nullable(),
      /** The customer's questions on it and staff's answers, oldest first. */
      questions: z.array(
        z.object({
          question: z.string(),
          askedAt: z.string(),
          answer: z.string().nullable(),
          answeredAt: z.string().nullable(),
        }),
      ),
    }),
  ),
  link: z.string(),
});
export type CustomerItem = z.infer<typeof customerItemSchema>;

export const CUSTOMER_NAME_REQUIRED = 'Name is required';
export const customerUpdateSchema = z.object({
  name: requiredText(CUSTOMER_NAME_REQUIRED, 100, { multiline: false }),
  phone: z
    .union([z.literal(''), phoneNumber()])
    .nullish()
    .transform((v) => v || null),
  email: optionalEmail,
  address: optionalText(200, { multiline: false }),
});
export type CustomerUpdate = z.input<typeof customerUpdateSchema>;
export type CustomerContact = z.output<typeof customerUpdateSchema>;

export const customerMergeSchema = z.object({
  otherId: z.number({ error: 'Choose the record to merge' }).int().positive('Choose the record to merge'),
});

export const CUSTOMER_KEY_TAKEN =
  'This phone number or e-mail belongs to another customer record. Merge the two records instead.';
export const CUSTOMER_MERGE_ITSELF = 'A record cannot be merged with itself';
export const CUSTOMER_MERGED_CODE = 'customer_merged';
export const DUPLICATE_NOT_OPEN = 'This suggestion was already settled';
