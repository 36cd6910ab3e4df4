import { Router } from 'express';
import { WEEKLY_REPORT_CSV_HEADER, weeklyReportQuerySchema } from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { parseWith } from '../http/errors.ts';
import { localDate } from '../time.ts';
import { CSV_BOM, csvRows } from '../http/csv.ts';
import { reportRepository } from './report.repository.ts';

export function reportRoutes(config: Config, db: Db) {
  const router = Router();
  const reports = reportRepository(db, config.timeZone);

  router.get('/api/reports/weekly', (req, res) => {
    const { weeks } = parseWith(weeklyReportQuerySchema, req.query);
    res.json(reports.weekly(weeks));
  });

  router.get('/api/reports/weekly.csv', (req, res) => {
    const { weeks } = parseWith(weeklyReportQuerySchema, req.query);
    const rows = reports
      .weekly(weeks)
      .map((w) => [w.weekStart, w.submissions, w.quotes, w.bookings, w.calls]);
    const file = `washdesk-weekly-report-${localDate(new Date(), config.timeZone)}.csv`;
    res.setHeader('Content-Disposition', `attachment; filename="${file}"`);
    res.type('text/csv; charset=utf-8').send(CSV_BOM + csvRows([WEEKLY_REPORT_CSV_HEADER, ...rows]));
  });

  return router;
}
