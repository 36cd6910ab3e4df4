import { Router } from 'express';
import { WEEKLY_REPORT_CSV_HEADER, weeklyReportQuerySchema } from '@washdesk/contract';
import { parseWith } from '../http/errors.ts';
import { CSV_BOM, csvRows } from '../http/csv.ts';
import { decimalDollars } from '../http/decimal-dollars.ts';
import type { ReportService } from './report.service.ts';

export function reportRoutes(reports: ReportService) {
  const router = Router();

  router.get('/api/reports/weekly', (req, res) => {
    const { weeks } = parseWith(weeklyReportQuerySchema, req.query);
    res.json(reports.weekly(weeks));
  });

  router.get('/api/reports/weekly.csv', (req, res) => {
    const { weeks } = parseWith(weeklyReportQuerySchema, req.query);
    const rows = reports
      .weekly(weeks)
      .map((w) => [
        w.weekStart,
        w.submissions,
        w.quotes,
        w.bookings,
        w.calls,
        ...[w.quotedCents, w.wonCents, w.invoicedCents, w.collectedCents, w.tipsCents].map(decimalDollars),
      ]);
    const file = reports.csvFileName();
    res.setHeader('Content-Disposition', `attachment; filename="${file}"`);
    res.type('text/csv; charset=utf-8').send(CSV_BOM + csvRows([WEEKLY_REPORT_CSV_HEADER, ...rows]));
  });

  return router;
}
