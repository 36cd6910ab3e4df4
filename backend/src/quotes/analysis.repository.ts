import {
  centsOf,
  dollarsOf,
  type AnalysisProvider,
  type PhotoAnalysis,
  type SubmissionAnalysis,
} from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';

export interface AnalysisRecord {
  submissionId: number;
  provider: AnalysisProvider;
  model: string | null;
  analysis: PhotoAnalysis;
  confidence: number;
  /** Dollars, as the pricing engine and the API speak them; kept in cents (migration 0038). */
  priceLow: number;
  priceHigh: number;
  suggestedTotal: number;
  durationMs: number;
  fallbackReason: string | null;
}

interface AnalysisRow {
  submission_id: number;
  provider: AnalysisProvider;
  model: string | null;
  surfaces: string;
  confidence: number;
  price_low_cents: number;
  price_high_cents: number;
  suggested_total_cents: number;
  duration_ms: number;
  fallback_reason: string | null;
  created_at: string;
}

const toAnalysis = (r: AnalysisRow): SubmissionAnalysis => ({
  provider: r.provider,
  model: r.model,
  surfaces: JSON.parse(r.surfaces),
  confidence: r.confidence,
  priceLow: dollarsOf(r.price_low_cents),
  priceHigh: dollarsOf(r.price_high_cents),
  suggestedTotal: dollarsOf(r.suggested_total_cents),
  durationMs: r.duration_ms,
  fallbackReason: r.fallback_reason,
  createdAt: r.created_at,
});

export function analysisRepository(db: Db) {
  const save =
    db.prepare(`INSERT INTO submission_analyses (submission_id, provider, model, surfaces, recommended_services,
    notes, confidence, price_low_cents, price_high_cents, suggested_total_cents, duration_ms, fallback_reason, created_at)
    VALUES (@submissionId, @provider, @model, @surfaces, @recommendedServices, @notes, @confidence, @priceLowCents,
    @priceHighCents, @suggestedTotalCents, @durationMs, @fallbackReason, @now)
    ON CONFLICT (submission_id) DO UPDATE SET provider = excluded.provider, model = excluded.model,
    surfaces = excluded.surfaces, recommended_services = excluded.recommended_services, notes = excluded.notes,
    confidence = excluded.confidence, price_low_cents = excluded.price_low_cents,
    price_high_cents = excluded.price_high_cents, suggested_total_cents = excluded.suggested_total_cents, duration_ms = excluded.duration_ms,
    fallback_reason = excluded.fallback_reason, created_at = excluded.created_at`);
  const forSubmissions = db.prepare(
    'SELECT * FROM submission_analyses WHERE submission_id IN (SELECT value FROM json_each(?))',
  );
  return {
    save(record: AnalysisRecord) {
      save.run({
        ...record,
        surfaces: JSON.stringify(record.analysis.surfaces),
        recommendedServices: JSON.stringify(record.analysis.recommendedServices),
        notes: record.analysis.notes,
        priceLowCents: centsOf(record.priceLow),
        priceHighCents: centsOf(record.priceHigh),
        suggestedTotalCents: centsOf(record.suggestedTotal),
        now: nowIso(),
      });
    },
    forSubmissions(ids: number[]) {
      const rows = forSubmissions.all(JSON.stringify(ids)) as AnalysisRow[];
      return new Map(rows.map((r) => [r.submission_id, toAnalysis(r)]));
    },
  };
}
export type AnalysisRepository = ReturnType<typeof analysisRepository>;
