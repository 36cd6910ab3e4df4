import {
  CHANNELS,
  WEB_FORM_OPTIONS,
  type Channel,
  type MoneyFigures,
  type MoneyOfChannel,
  type WeeklyMoney,
} from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { addDays, startOfLocalDay } from '../time.ts';

// Quoted, won, invoiced and collected dollars per business week and per channel (issue 35, item 6).
// Read-only SQL over the offers (`sent_quotes`), the invoices and the ledger (`payments`); their
// owners write them. Each sum is one statement: the weeks are an outer loop (json_each) and each
// week a range scan of an index of migration 0054 holding what the sum reads, so the cost is the
// rows of the weeks asked, never the whole ledger. All amounts are integer cents.

/** The channel of the lead a quote came from: its lead, or its photo submission's lead. */
const LEAD_CHANNEL_OF = (quote: string) => `COALESCE(
  (SELECT l.channel FROM leads l WHERE l.id = ${quote}.lead_id),
  (SELECT l.channel FROM leads l WHERE l.channel = 'photo-form' AND l.source_id = ${quote}.submission_id))`;

/** The weeks, as [Monday, first instant, instant after] rows. */
const WEEKS = `w (week, next, f, t) AS (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'),
  json_extract(value, '$[2]'), json_extract(value, '$[3]') FROM json_each(@weeks))`;

interface SumRow {
  week: string;
  channel: string | null;
  cents: number;
  tips?: number;
}

const WEB_FORMS = new Set<string>(WEB_FORM_OPTIONS.map((f) => f.value));
/** A lead's channel in the one vocabulary: every web form is the website. */
const channelOfLead = (leadChannel: string | null): Channel | null =>
  leadChannel === null ? null : WEB_FORMS.has(leadChannel) ? 'web' : (leadChannel as Channel);

const ZERO: MoneyFigures = { quotedCents: 0, wonCents: 0, invoicedCents: 0, collectedCents: 0, tipsCents: 0 };
const CHANNEL_ORDER = new Map<Channel | null, number>([
  ...CHANNELS.map((c, i) => [c, i] as const),
  [null, 99],
]);

export function moneyByWeekRepository(db: Db, timeZone: string) {
  const quoted = db.prepare<{ weeks: string }, SumRow>(`WITH ${WEEKS}
    SELECT w.week AS week, ${LEAD_CHANNEL_OF('q')} AS channel, SUM(q.amount_cents) AS cents
    FROM w CROSS JOIN sent_quotes q INDEXED BY sent_quotes_by_sent
    WHERE q.sent_at >= w.f AND q.sent_at < w.t AND q.superseded_at IS NULL
    GROUP BY 1, 2`);
  const won = db.prepare<{ weeks: string }, SumRow>(`WITH ${WEEKS}
    SELECT w.week AS week, ${LEAD_CHANNEL_OF('q')} AS channel,
      SUM(COALESCE(q.accepted_total_cents, q.amount_cents)) AS cents
    FROM w CROSS JOIN sent_quotes q INDEXED BY sent_quotes_by_accepted
    WHERE q.accepted_at IS NOT NULL AND q.accepted_at >= w.f AND q.accepted_at < w.t
    GROUP BY 1, 2`);
  // Invoices carry the business's date they were issued, so weeks are compared as dates.
  const invoiced = db.prepare<{ weeks: string }, SumRow>(`WITH ${WEEKS}
    SELECT x.week AS week, ${LEAD_CHANNEL_OF('q')} AS channel, SUM(x.cents) AS cents FROM (
      SELECT w.week AS week, j.quote_id AS quote_id, SUM(i.total_cents) AS cents
      FROM w CROSS JOIN invoices i INDEXED BY invoices_by_issued_money
      LEFT JOIN jobs j ON j.id = i.job_id
      WHERE i.issued_on >= w.week AND i.issued_on < w.next AND i.status <> 'void'
      GROUP BY 1, 2) x
    LEFT JOIN sent_quotes q ON q.id = x.quote_id
    GROUP BY 1, 2`);
  // Settled money in and out: payments, refunds, dispute withdrawals and reversals. Stripe's fees
  // are the business's cost, not money the customers paid, so they are not "collected".
  const collected = db.prepare<{ weeks: string }, SumRow>(`WITH ${WEEKS}
    SELECT x.week AS week, ${LEAD_CHANNEL_OF('q')} AS channel, SUM(x.cents) AS cents, SUM(x.tips) AS tips FROM (
      SELECT w.week AS week,
        COALESCE(p.quote_id, (SELECT j.quote_id FROM jobs j
          WHERE j.id = COALESCE(p.job_id, (SELECT i.job_id FROM invoices i WHERE i.id = p.invoice_id)))) AS quote_id,
        SUM(p.amount_cents - p.tip_cents) AS cents, SUM(p.tip_cents) AS tips
      FROM w CROSS JOIN payments p INDEXED BY payments_settled_by_time
      WHERE p.status = 'succeeded' AND p.occurred_at >= w.f AND p.occurred_at < w.t
        AND p.kind IN ('payment', 'refund', 'dispute', 'dispute_reversal')
      GROUP BY 1, 2) x
    LEFT JOIN sent_quotes q ON q.id = x.quote_id
    GROUP BY 1, 2`);

  return {
    /** The given weeks (their Mondays, `YYYY-MM-DD`), in the order given. */
    weeks(mondays: string[]): WeeklyMoney[] {
      const weeks = JSON.stringify(
        mondays.map((monday) => {
          const next = addDays(monday, 7);
          return [monday, next, startOfLocalDay(monday, timeZone), startOfLocalDay(next, timeZone)];
        }),
      );
      const found = new Map<string, Map<Channel | null, MoneyFigures>>(mondays.map((m) => [m, new Map()]));
      const add = (rows: SumRow[], field: keyof MoneyFigures) => {
        for (const row of rows) {
          const channels = found.get(row.week)!;
          const channel = channelOfLead(row.channel);
          const figures = channels.get(channel) ?? { ...ZERO };
          figures[field] += row.cents;
          if (field === 'collectedCents') figures.tipsCents += row.tips ?? 0;
          channels.set(channel, figures);
        }
      };
      db.transaction(() => {
        add(quoted.all({ weeks }), 'quotedCents');
        add(won.all({ weeks }), 'wonCents');
        add(invoiced.all({ weeks }), 'invoicedCents');
        add(collected.all({ weeks }), 'collectedCents');
      })();
      return mondays.map((weekStart) => {
        const byChannel: MoneyOfChannel[] = [...found.get(weekStart)!]
          .map(([channel, figures]) => ({ channel, ...figures }))
          .sort((a, b) => CHANNEL_ORDER.get(a.channel)! - CHANNEL_ORDER.get(b.channel)!);
        const total = { ...ZERO };
        for (const c of byChannel)
          for (const k of Object.keys(ZERO) as (keyof MoneyFigures)[]) total[k] += c[k];
        return { weekStart, ...total, byChannel };
      });
    },
  };
}
export type MoneyByWeekRepository = ReturnType<typeof moneyByWeekRepository>;
