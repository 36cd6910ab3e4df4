import { z } from 'zod';
import { CHANNELS } from './channels.ts';
import { queryInteger } from './common.ts';

// Figures staff read about how the business is doing: the weekly summary ("Generate Reports")
// and how well the photo quotes work (the dashboard's Quote Analysis Performance card).

/** One business week (Monday to Sunday in the business's time zone), newest first in a report. */
export const weeklySummarySchema = z.object({
  /** The Monday that starts the week, `YYYY-MM-DD`. */
  weekStart: z.string(),
  /** Photo submissions received that week. */
  submissions: z.number().int(),
  /** Of that week's submissions, those that got a quote (quoted or completed). */
  quotes: z.number().int(),
  /** Appointments booked (created) that week. */
  bookings: z.number().int(),
  /** Phone calls received that week. */
  calls: z.number().int(),
});

/**
 * A week's money (issue 35, item 6), integer cents, from the stored offers, invoices and ledger:
 * - quoted: the offers sent that week (their amount as sent; an offer later replaced by a newer one
 *   is not counted twice);
 * - won: the totals accepted that week;
 * - invoiced: the totals of the invoices issued that week, void ones left out (a deposit already
 *   paid is credited on the invoice, so it is counted in collected, not here);
 * - collected: what settled that week, payments less refunds and dispute withdrawals (and plus a
 *   dispute won back), tips left out; tips: the tips in it, shown apart.
 */
export const moneyFiguresSchema = z.object({
  quotedCents: z.number().int(),
  wonCents: z.number().int(),
  invoicedCents: z.number().int(),
  collectedCents: z.number().int(),
  tipsCents: z.number().int(),
});
export type MoneyFigures = z.infer<typeof moneyFiguresSchema>;

/** The channel of the lead the quote came from; null when it was made on a customer's record alone. */
export const moneyOfChannelSchema = moneyFiguresSchema.extend({ channel: z.enum(CHANNELS).nullable() });
export type MoneyOfChannel = z.infer<typeof moneyOfChannelSchema>;
/** What a week's money is split by when no lead names a channel. */
export const NO_CHANNEL_LABEL = 'No lead';

/** A week's money and its split by channel (only the channels that had any, no channel last). */
export const moneyOfWeekSchema = moneyFiguresSchema.extend({ byChannel: z.array(moneyOfChannelSchema) });
export type MoneyOfWeek = z.infer<typeof moneyOfWeekSchema>;

/** The dashboard's money card: a week's money with its Monday. */
export const weeklyMoneySchema = moneyOfWeekSchema.extend({ weekStart: z.string() });
export type WeeklyMoney = z.infer<typeof weeklyMoneySchema>;

/**
 * The weekly report's week: the counts above and, since issue 35, its money, which is null for a
 * role without the matrix's `seeMoney` (contract/src/roles.ts: takings are the owner's business).
 */
export const weeklyReportWeekSchema = weeklySummarySchema.extend({ money: moneyOfWeekSchema.nullable() });
export type WeeklyReportWeek = z.infer<typeof weeklyReportWeekSchema>;

export type WeeklySummary = z.infer<typeof weeklySummarySchema>;

export const DEFAULT_REPORT_WEEKS = 8;
export const MAX_REPORT_WEEKS = 52;

export const weeklyReportQuerySchema = z.object({
  weeks: queryInteger('weeks')
    .pipe(
      z
        .number()
        .min(1, 'weeks must be at least 1')
        .max(MAX_REPORT_WEEKS, `weeks must be at most ${MAX_REPORT_WEEKS}`),
    )
    .default(DEFAULT_REPORT_WEEKS),
});

export const WEEKLY_REPORT_CSV_HEADER = [
  'Week starting',
  'Submissions',
  'Quotes',
  'Bookings',
  'Calls',
];
/** Since issue 35, after the counts (a sheet made from the old columns still reads them); the owner's only. */
export const WEEKLY_REPORT_MONEY_CSV_HEADER = [
  'Quoted ($)',
  'Won ($)',
  'Invoiced ($)',
  'Collected ($)',
  'Tips ($)',
];

/** The dashboard's money card: the last few weeks, this week first. */
export const DASHBOARD_MONEY_WEEKS = 4;

/** A rate over fewer cases than this says more about chance than about the business: shown as "—". */
export const MIN_SAMPLE_FOR_RATE = 10;

/**
 * Quote Analysis Performance, counted from stored submissions and their analyses. Each rate is
 * null until it has at least MIN_SAMPLE_FOR_RATE cases to count from, so a screen shows "—" and
 * why, rather than a made-up 0% or a 100% from one case.
 */
export const quotePerformanceSchema = z.object({
  /** Quoted submissions whose photos the AI model analysed (local estimates are not photo analysis). */
  quotedWithAnalysis: z.number().int(),
  /** Of those, the ones whose quoted amount fell inside the analysis's price range. */
  quotedWithinRange: z.number().int(),
  /** round(quotedWithinRange / quotedWithAnalysis * 100), or null. */
  accuracyPercent: z.number().int().nullable(),
  totalSubmissions: z.number().int(),
  /** Submissions that got a quote (quoted or completed). */
  quotedSubmissions: z.number().int(),
  /** round(quotedSubmissions / totalSubmissions * 100), or null. */
  conversionPercent: z.number().int().nullable(),
  /** Stored photo analyses. */
  analyses: z.number().int(),
  /** Mean time an analysis took, in milliseconds, or null. */
  averageAnalysisMs: z.number().nullable(),
});
export type QuotePerformance = z.infer<typeof quotePerformanceSchema>;
