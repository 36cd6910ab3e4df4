import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { quickbooksExportRepository } from './quickbooks-export.repository.ts';
import { quickbooksExportRoutes } from './quickbooks-export.routes.ts';

/** Files for the accountant: the QuickBooks Online imports of invoices and payments (reads only). */
export function exportsFeature(deps: { db: Db; config: Pick<Config, 'timeZone'> }) {
  return { router: quickbooksExportRoutes(quickbooksExportRepository(deps.db, deps.config.timeZone)) };
}
