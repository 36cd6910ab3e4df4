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
// Read from the rollups migration 0065 keeps on every write of the offers (`sent_quotes`), the
// invoices and the ledger (`payments`), by triggers in the writer's transaction: a week is a few
// rollup rows (hours, or days for invoices), so 52 weeks of 100,000 payments cost what 8 do. The
// straight sums over the source rows are kept: they add the part-hours at a week's edges in a
// zone whose midnight is not on the hour, and prove the rollups equal (money-rollups.test.ts).
// All amounts are integer cents.

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

/** An instant's UTC hour as the rollups key it ('YYYY-MM-DDTHH'), and that hour's first instant. */
const hourOf = (iso: string) => iso.slice(0, 13);
const startOfHour = (hour: string) => `${hour}:00:00.000Z`;
/** The first whole hour at or after `iso`. */
const hourFrom = (iso: string) => {
  const hour = hourOf(iso);
  return startOfHour(hour) === iso
    ? hour
    : hourOf(new Date(Date.parse(startOfHour(hour)) + 3_600_000).toISOString());
};

interface RolledRow {
  week: string;
  channel: string;
  quoted?: number;
  won?: number;
  cents?: number;
  tips?: number;
}

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

  // The rollups (migration 0065): here w.f and w.t are the first hour in and the first hour out.
  const rolledQuotes = db.prepare<{ weeks: string }, RolledRow>(`WITH ${WEEKS}
    SELECT w.week AS week, r.lead_channel AS channel, SUM(r.quoted_cents) AS quoted, SUM(r.won_cents) AS won
    FROM w CROSS JOIN quotes_by_hour r WHERE r.hour >= w.f AND r.hour < w.t GROUP BY 1, 2`);
  const rolledInvoices = db.prepare<{ weeks: string }, RolledRow>(`WITH ${WEEKS}
    SELECT w.week AS week, r.lead_channel AS channel, SUM(r.invoiced_cents) AS cents
    FROM w CROSS JOIN invoices_by_day r WHERE r.day >= w.week AND r.day < w.next GROUP BY 1, 2`);
  const rolledPayments = db.prepare<{ weeks: string }, RolledRow>(`WITH ${WEEKS}
    SELECT w.week AS week, r.lead_channel AS channel, SUM(r.collected_cents) AS cents, SUM(r.tips_cents) AS tips
    FROM w CROSS JOIN payments_by_hour r WHERE r.hour >= w.f AND r.hour < w.t GROUP BY 1, 2`);

  /** Each week as [Monday, next Monday, first instant, instant after]. */
  const rangesOf = (mondays: string[]) =>
    mondays.map((monday) => {
      const next = addDays(monday, 7);
      return [monday, next, startOfLocalDay(monday, timeZone), startOfLocalDay(next, timeZone)] as const;
    });

  function figures(
    mondays: string[],
    read: (add: (rows: SumRow[], field: keyof MoneyFigures) => void) => void,
  ) {
    const found = new Map<string, Map<Channel | null, MoneyFigures>>(mondays.map((m) => [m, new Map()]));
    const add = (rows: SumRow[], field: keyof MoneyFigures) => {
      for (const row of rows) {
        const channels = found.get(row.week)!;
        const channel = channelOfLead(row.channel === '' ? null : row.channel);
        const figures = channels.get(channel) ?? { ...ZERO };
        figures[field] += row.cents;
        if (field === 'collectedCents') figures.tipsCents += row.tips ?? 0;
        channels.set(channel, figures);
      }
    };
    db.transaction(() => read(add))();
    return mondays.map((weekStart) => {
      const byChannel: MoneyOfChannel[] = [...found.get(weekStart)!]
        .map(([channel, figures]) => ({ channel, ...figures }))
        // A channel whose money came and went (a rollup row back at 0) has nothing to show.
        .filter((c) => (Object.keys(ZERO) as (keyof MoneyFigures)[]).some((k) => c[k] !== 0))
        .sort((a, b) => CHANNEL_ORDER.get(a.channel)! - CHANNEL_ORDER.get(b.channel)!);
      const total = { ...ZERO };
      for (const c of byChannel)
        for (const k of Object.keys(ZERO) as (keyof MoneyFigures)[]) total[k] += c[k];
      return { weekStart, ...total, byChannel };
    });
  }

  return {
    /** The given weeks (their Mondays, `YYYY-MM-DD`), in the order given: from the rollups. */
    weeks(mondays: string[]): WeeklyMoney[] {
      const ranges = rangesOf(mondays);
      const weeks = JSON.stringify(
        ranges.map(([monday, next, from, to]) => [monday, next, hourFrom(from), hourOf(to)]),
      );
      // A week whose edges are not on the hour (a half-hour zone): those part-hours from the sources.
      const edges = JSON.stringify(
        ranges.flatMap(([monday, next, from, to]) => [
          ...(startOfHour(hourFrom(from)) > from ? [[monday, next, from, startOfHour(hourFrom(from))]] : []),
          ...(startOfHour(hourOf(to)) < to ? [[monday, next, startOfHour(hourOf(to)), to]] : []),
        ]),
      );
      const hasEdges = edges !== '[]';
      return figures(mondays, (add) => {
        const q = rolledQuotes.all({ weeks });
        add(
          q.map((r) => ({ ...r, cents: r.quoted! })),
          'quotedCents',
        );
        add(
          q.map((r) => ({ ...r, cents: r.won! })),
          'wonCents',
        );
        add(rolledInvoices.all({ weeks }) as SumRow[], 'invoicedCents');
        add(rolledPayments.all({ weeks }) as SumRow[], 'collectedCents');
        if (!hasEdges) return;
        add(quoted.all({ weeks: edges }), 'quotedCents');
        add(won.all({ weeks: edges }), 'wonCents');
        add(collected.all({ weeks: edges }), 'collectedCents');
      });
    },
    /** The same figures summed straight from the source rows: the rollups' proof (tests only). */
    straightWeeks(mondays: string[]): WeeklyMoney[] {
      const weeks = JSON.stringify(rangesOf(mondays));
      return figures(mondays, (add) => {
        add(quoted.all({ weeks }), 'quotedCents');
        add(won.all({ weeks }), 'wonCents');
        add(invoiced.all({ weeks }), 'invoicedCents');
        add(collected.all({ weeks }), 'collectedCents');
      });
    },
  };
}
export type MoneyByWeekRepository = ReturnType<typeof moneyByWeekRepository>;
