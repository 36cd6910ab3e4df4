import { Router } from 'express';
import { DASHBOARD_MONEY_WEEKS } from '@washdesk/contract';
import type { ReportService } from '../reports/report.service.ts';

/**
 * The dashboard's money card: quoted, won, invoiced and collected dollars of the last few weeks,
 * per channel, the same figures as the weekly report (one reader of them, the reports feature).
 */
export function dashboardMoneyRoutes(reports: Pick<ReportService, 'money'>) {
  const router = Router();
  router.get('/api/dashboard/money', (_req, res) => {
    res.json(reports.money(DASHBOARD_MONEY_WEEKS));
  });
  return router;
}
