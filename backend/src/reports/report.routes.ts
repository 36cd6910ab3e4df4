import { Router, type Response } from 'express';
import {
  WEEKLY_REPORT_CSV_HEADER,
  WEEKLY_REPORT_MONEY_CSV_HEADER,
  roleCan,
  weeklyReportQuerySchema,
} from '@washdesk/contract';
import { staffOf } from '../auth/staff-session.ts';
import { parseWith } from '../http/errors.ts';
import { CSV_BOM, csvRows } from '../http/csv.ts';
import { decimalDollars } from '../http/decimal-dollars.ts';
import type { ReportService } from './report.service.ts';

/** Takings are the owner's business (the matrix's `seeMoney`): a staff member's report has the counts. */
const seesMoney = (res: Response) => roleCan(staffOf(res)!.user.role, 'seeMoney');

export function reportRoutes(reports: ReportService) {
  const router = Router();

  router.get('/api/reports/weekly', (req, res) => {
    const { weeks } = parseWith(weeklyReportQuerySchema, req.query);
    res.json(reports.weekly(weeks, seesMoney(res)));
  });

  router.get('/api/reports/weekly.csv', (req, res) => {
    const { weeks } = parseWith(weeklyReportQuerySchema, req.query);
    const withMoney = seesMoney(res);
    const rows = reports
      .weekly(weeks, withMoney)
      .map((w) => [
        w.weekStart,
        w.submissions,
        w.quotes,
        w.bookings,
        w.calls,
        ...(w.money
          ? [w.money.quotedCents, w.money.wonCents, w.money.invoicedCents, w.money.collectedCents, w.money.tipsCents].map(
              decimalDollars,
            )
          : []),
      ]);
    const file = reports.csvFileName();
    res.setHeader('Content-Disposition', `attachment; filename="${file}"`);
    res.type('text/csv; charset=utf-8').send(CSV_BOM + csvRows([[...WEEKLY_REPORT_CSV_HEADER, ...(withMoney ? WEEKLY_REPORT_MONEY_CSV_HEADER : [])], ...rows]));
  });

  return router;
}
