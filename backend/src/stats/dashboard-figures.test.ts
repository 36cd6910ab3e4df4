import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { quotePerformanceSchema, statsSchema, weeklySummarySchema } from '@washdesk/contract';
import { startClockedServer, type ClockedServer } from '../test/clocked-server.ts';
import { DASHBOARD_FIGURES, DASHBOARD_NOW, seedDashboardWeek } from '../test/dashboard-week.ts';

// Item 13: every dashboard figure and its trend measure the same stretch of time. The clock stands
// at a known moment and the rows sit at known instants, so each figure is known by hand.

let server: ClockedServer;
beforeAll(async () => {
  server = await startClockedServer({ now: DASHBOARD_NOW });
  seedDashboardWeek(server.db);
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

describe('GET /api/stats at Wednesday 2:30 PM', () => {
  it('compares today so far with yesterday up to the same time, and this week with last week so far', async () => {
    const stats = statsSchema.strict().parse(await (await server.get('/api/stats')).json());
    expect(stats).toMatchObject({ ...DASHBOARD_FIGURES, today: '2026-02-11' });
  });

  it("agrees with the weekly report's whole weeks", async () => {
    const weeks = weeklySummarySchema
      .array()
      .parse(await (await server.get('/api/reports/weekly?weeks=2')).json());
    // This week: 7 submissions, 4 quoted; last week, the whole week: 5 submissions, 4 quoted.
    expect(weeks.map((w) => [w.weekStart, w.submissions, w.quotes])).toEqual([
      ['2026-02-09', 7, 4],
      ['2026-02-02', 5, 4],
    ]);
  });
});

describe('GET /api/stats/quote-performance', () => {
  it('shows a rate only over at least 10 cases, and accuracy only for AI photo analyses', async () => {
    const add = server.db.prepare(`INSERT INTO submission_analyses (submission_id, provider, surfaces,
      recommended_services, notes, confidence, price_low_cents, price_high_cents, suggested_total_cents, duration_ms, created_at)
      VALUES (?, ?, '[]', '[]', '', 0.5, 30000, 50000, 40000, 1000, '2026-02-11T09:00:00.000Z')`);
    const quote = server.db.prepare(
      `UPDATE photo_submissions SET status = 'quoted', estimate_amount_cents = ? WHERE id = ?`,
    );
    // A quoted local estimate, inside its range: not a photo analysis, so not part of the accuracy.
    add.run(1, 'local-estimate');
    quote.run(40_000, 1);
    // Nine AI analyses, all quoted inside their range: still one short of a rate.
    const ids = [2, 3, 4, 5, 6, 7, 8, 9, 10];
    for (const id of ids) {
      add.run(id, 'openai');
      quote.run(45_000, id);
    }
    const read = async () =>
      quotePerformanceSchema.strict().parse(await (await server.get('/api/stats/quote-performance')).json());
    expect(await read()).toMatchObject({
      quotedWithAnalysis: 9,
      quotedWithinRange: 9,
      accuracyPercent: null,
    });

    // The tenth, quoted outside its range ($600 against $300–$500): 9 of 10 = 90%.
    add.run(11, 'openai');
    quote.run(60_000, 11);
    expect(await read()).toMatchObject({
      quotedWithAnalysis: 10,
      quotedWithinRange: 9,
      accuracyPercent: 90,
      // 13 submissions; quoted or completed: all 11 touched above plus 12 and 13 (completed).
      totalSubmissions: 13,
      quotedSubmissions: 13,
      conversionPercent: 100,
      analyses: 11,
      averageAnalysisMs: 1000,
    });
  });
});
