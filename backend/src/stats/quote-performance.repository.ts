import type { QuotePerformance } from '@washdesk/contract';
import type { Db } from '../db/database.ts';

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : null);

/**
 * Quote Analysis Performance from what is stored: how often staff's quote agreed with the
 * analysis's price range, how many submissions got a quote, and how long analyses took.
 */
export function quotePerformanceRepository(db: Db) {
  // Amounts are cents on the submission and whole dollars in the analysis.
  const agreement = db.prepare(`SELECT COUNT(*) AS quoted,
      COALESCE(SUM(s.estimate_amount_cents BETWEEN a.price_low * 100 AND a.price_high * 100), 0) AS within
    FROM photo_submissions s JOIN submission_analyses a ON a.submission_id = s.id
    WHERE s.status IN ('quoted', 'completed') AND s.estimate_amount_cents IS NOT NULL`);
  const conversion = db.prepare(`SELECT COUNT(*) AS total,
      COALESCE(SUM(status IN ('quoted', 'completed')), 0) AS quoted FROM photo_submissions`);
  const speed = db.prepare('SELECT COUNT(*) AS n, AVG(duration_ms) AS average FROM submission_analyses');

  return {
    compute(): QuotePerformance {
      return db.transaction((): QuotePerformance => {
        const a = agreement.get() as { quoted: number; within: number };
        const c = conversion.get() as { total: number; quoted: number };
        const s = speed.get() as { n: number; average: number | null };
        return {
          quotedWithAnalysis: a.quoted,
          quotedWithinRange: a.within,
          accuracyPercent: percent(a.within, a.quoted),
          totalSubmissions: c.total,
          quotedSubmissions: c.quoted,
          conversionPercent: percent(c.quoted, c.total),
          analyses: s.n,
          averageAnalysisMs: s.n ? Math.round(s.average ?? 0) : null,
        };
      })();
    },
  };
}
export type QuotePerformanceRepository = ReturnType<typeof quotePerformanceRepository>;
