import { z } from 'zod';
import {
  dollarAmount,
  optionalEmail,
  optionalText,
  phoneNumber,
  requiredText,
  textConsentField,
} from './common.ts';
import { PHOTO_FORM_SERVICE_TYPES, SUBMISSION_SOURCES, SUBMISSION_STATUSES } from './enums.ts';
import { HOME_SIZE_MESSAGES, HOME_SQUARE_FEET, HOME_STORIES } from './home-size.ts';
import { submissionAnalysisSchema } from './quote.ts';
import { sentQuoteSummarySchema } from './sent-quote.ts';

export { photoSchema, type Photo } from './photo.ts';
import { photoSchema } from './photo.ts';

export const photoSubmissionSchema = z.object({
  id: z.number().int(),
  customerName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  serviceType: z.string().nullable(),
  notes: z.string().nullable(),
  /** The home's size as the customer gave it on the photo form; null when not given. */
  stories: z.number().int().nullable(),
  squareFeet: z.number().int().nullable(),
  photos: z.array(photoSchema),
  status: z.enum(SUBMISSION_STATUSES),
  estimateAmount: z.number().nullable(),
  source: z.enum(SUBMISSION_SOURCES),
  /** The photo analysis behind an AI quote; null for manual submissions. */
  analysis: submissionAnalysisSchema.nullable(),
  /** The newest quote sent to the customer (Send quote), in short; null when none was sent. */
  latestQuote: sentQuoteSummarySchema.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PhotoSubmission = z.infer<typeof photoSubmissionSchema>;

/**
 * A row of `GET /api/photo-submissions`: the spec's fields and what the cards show, without the
 * photo analysis (issue 38: the list carries only what its screen shows). The details dialog reads
 * the analysis from `GET /api/photo-submissions/{id}`.
 */
export const photoSubmissionRowSchema = photoSubmissionSchema.omit({ analysis: true });
export type PhotoSubmissionRow = z.infer<typeof photoSubmissionRowSchema>;

/**
 * An optional whole number in a multipart text field: blank or missing is null; digits (with
 * thousands commas, as people write areas) are the number; anything else is refused, never guessed.
 */
const optionalWholeNumber = (limits: { min: number; max: number }, message: string) =>
  z
    .union([z.string({ error: message }), z.number({ error: message })], { error: message })
    .nullish()
    .transform((v, ctx) => {
      const text = v == null ? '' : String(v).trim();
      if (text === '') return null;
      if (!/^\d{1,3}(,\d{3})*$|^\d+$/.test(text)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      const n = Number(text.replaceAll(',', ''));
      if (n < limits.min || n > limits.max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/** Text fields of the photo form's multipart body (the photos travel as repeated `photos` files). */
export const photoSubmissionCreateSchema = z.object({
  firstName: requiredText('First name is required', 80),
  lastName: requiredText('Last name is required', 80),
  phone: phoneNumber(),
  email: optionalEmail,
  address: optionalText(300),
  serviceType: z.enum(PHOTO_FORM_SERVICE_TYPES, { error: 'Service type is required' }),
  notes: optionalText(5000),
  stories: optionalWholeNumber(HOME_STORIES, HOME_SIZE_MESSAGES.stories),
  squareFeet: optionalWholeNumber(HOME_SQUARE_FEET, HOME_SIZE_MESSAGES.squareFeet),

  textConsent: textConsentField,
});
export type PhotoSubmissionCreate = z.input<typeof photoSubmissionCreateSchema>;

export const PHOTO_FIELD = 'photos';
export const MAX_PHOTOS_PER_SUBMISSION = 20;
export const PHOTOS_REQUIRED_MESSAGE = 'Please add at least one photo';

/** "Create Quote": staff set the status (normally `quoted`) and the quoted amount. */
export const photoSubmissionUpdateSchema = z
  .object({
    status: z.enum(SUBMISSION_STATUSES, { error: 'Choose a valid status' }),
    estimateAmount: dollarAmount().optional(),
  })
  .refine((v) => v.status !== 'quoted' || v.estimateAmount !== undefined, {
    path: ['estimateAmount'],
    message: 'Enter the quoted amount',
  });
export type PhotoSubmissionUpdate = z.input<typeof photoSubmissionUpdateSchema>;

export const submissionListQuerySchema = z.object({
  status: z.enum(SUBMISSION_STATUSES, { error: 'Unknown status' }).optional(),
  /** Part of the customer's name, phone (any formatting), e-mail or address. */
  q: z.string().trim().max(120, 'Search at most 120 characters').optional(),
});

/**
 * Dashboard figures, all counted in SQL in the business's time zone. A trend compares like with
 * like: today so far against yesterday up to the same time, this week so far against last week up
 * to the same moment.
 */
export const statsSchema = z.object({
  /** Received today, midnight until now. */
  todaySubmissions: z.number().int(),
  /** Received yesterday, the whole day. */
  yesterdaySubmissions: z.number().int(),
  /** Received yesterday from midnight up to the time of day it is now. */
  yesterdaySubmissionsSoFar: z.number().int(),
  /** Of the submissions received this week so far, those that got a quote (quoted or completed). */
  thisWeekQuotes: z.number().int(),
  /** Of those received last week up to the same moment a week ago, those that got a quote. */
  lastWeekQuotesSoFar: z.number().int(),
  thisWeekSubmissions: z.number().int(),
  lastWeekSubmissions: z.number().int(),
  /** Submissions that got a quote (quoted or completed). */
  quoteRequests: z.number().int(),
  totalSubmissions: z.number().int(),
  pendingSubmissions: z.number().int(),
  reviewedSubmissions: z.number().int(),
  quotedSubmissions: z.number().int(),
  completedSubmissions: z.number().int(),
  /** round(completed / total * 100), 0 without submissions. */
  completionRate: z.number().int(),
  totalAppointments: z.number().int(),
  todayAppointments: z.number().int(),
  upcomingAppointments: z.number().int(),
  totalCalls: z.number().int(),
  todayCalls: z.number().int(),
  newServiceRequests: z.number().int(),
  /** The business's calendar date the figures were counted for. */
  today: z.string(),
});
export type Stats = z.infer<typeof statsSchema>;
