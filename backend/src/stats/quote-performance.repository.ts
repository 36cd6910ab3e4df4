import type { Db } from '../db/database.ts';

export interface QuotePerformanceCounts {
  /** Quoted submissions with an AI photo analysis beside them. */
  quotedWithAnalysis: number;
  /** Of those, the quoted amount fell inside the analysis's price range. */
  quotedWithinRange: number;
  totalSubmissions: number;
  quotedSubmissions: number;
  analyses: number;
  averageAnalysisMs: number | null;
}

/**
 * The counts behind Quote Analysis Performance: how often staff's quote agreed with the AI's price
 * range, how many submissions got a quote, and how long analyses took.
 */
export function quotePerformanceRepository(db: Db) {
  // Amounts are cents on both (migration 0038). A local estimate did
  // not look at the photos, so it is no measure of photo analysis.
  const agreement = db.prepare(`SELECT COUNT(*) AS quoted,
      COALESCE(SUM(s.estimate_amount_cents BETWEEN a.price_low_cents AND a.price_high_cents), 0) AS within
    FROM photo_submissions s JOIN submission_analyses a ON a.submission_id = s.id
    WHERE a.provider = 'openai' AND s.status IN ('quoted', 'completed') AND s.estimate_amount_cents IS NOT NULL`);
  const conversion = db.prepare(`SELECT COUNT(*) AS total,
      COALESCE(SUM(status IN ('quoted', 'completed')), 0) AS quoted FROM photo_submissions`);
  const speed = db.prepare('SELECT COUNT(*) AS n, AVG(duration_ms) AS average FROM submission_analyses');

  return {
    counts(): QuotePerformanceCounts {
      return db.transaction((): QuotePerformanceCounts => {
        const a = agreement.get() as { quoted: number; within: number };
        const c = conversion.get() as { total: number; quoted: number };
        const s = speed.get() as { n: number; average: number | null };
        return {
          quotedWithAnalysis: a.quoted,
          quotedWithinRange: a.within,
          totalSubmissions: c.total,
          quotedSubmissions: c.quoted,
          analyses: s.n,
          averageAnalysisMs: s.n ? Math.round(s.average ?? 0) : null,
        };
      })();
    },
  };
}
export type QuotePerformanceRepository = ReturnType<typeof quotePerformanceRepository>;
