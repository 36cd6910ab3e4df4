import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { quotePerformanceSchema } from '@washdesk/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

const readPerformance = async () => {
  const res = await server.get('/api/stats/quote-performance');
  expect(res.status).toBe(200);
  return quotePerformanceSchema.strict().parse(await res.json());
};

describe('GET /api/stats/quote-performance', () => {
  it('has no rates on an empty database rather than zeros', async () => {
    expect(await readPerformance()).toEqual({
      quotedWithAnalysis: 0,
      quotedWithinRange: 0,
      accuracyPercent: null,
      totalSubmissions: 0,
      quotedSubmissions: 0,
      conversionPercent: null,
      analyses: 0,
      averageAnalysisMs: null,
    });
  });

  it('counts agreement with the analysed price range, conversion and analysis time; no rate under 10 cases', async () => {
    const now = new Date().toISOString();
    const submission = server.db.prepare(`INSERT INTO photo_submissions
      (first_name, status, estimate_amount_cents, created_at, updated_at) VALUES ('Perf', ?, ?, ?, ?)`);
    const analysis = server.db.prepare(`INSERT INTO submission_analyses (submission_id, provider, surfaces,
      recommended_services, notes, confidence, price_low_cents, price_high_cents, suggested_total_cents, duration_ms, created_at)
      VALUES (?, 'openai', '[]', '[]', '', 0.9, 30000, 50000, 40000, ?, ?)`);
    const add = (status: string, cents: number | null, ms?: number) => {
      const id = submission.run(status, cents, now, now).lastInsertRowid;
      if (ms !== undefined) analysis.run(id, ms, now);
    };
    add('quoted', 30_000, 1000); // $300: the range's low end counts as inside
    add('completed', 50_000, 2000); // $500: the high end too
    add('quoted', 50_001, 3000); // $500.01: outside
    add('pending', null, 6000); // analysed, not quoted yet
    add('quoted', 45_000); // quoted without an analysis: not part of the accuracy
    add('reviewed', null);

    expect(await readPerformance()).toEqual({
      quotedWithAnalysis: 3,
      quotedWithinRange: 2,
      // 2 of 3 and 4 of 6 are too few cases for a percentage (MIN_SAMPLE_FOR_RATE).
      accuracyPercent: null,
      totalSubmissions: 6,
      quotedSubmissions: 4,
      conversionPercent: null,
      analyses: 4,
      averageAnalysisMs: 3000,
    });
  });
});
