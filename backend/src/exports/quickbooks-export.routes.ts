import { Router, type Response } from 'express';
import {
  QUICKBOOKS_EXPORT_PATHS,
  QUICKBOOKS_INVOICE_COLUMNS,
  QUICKBOOKS_PAYMENT_COLUMNS,
  exportRangeSchema,
  type ExportRange,
} from '@washdesk/contract';
import { CSV_BOM, csvLine, csvRows, type CsvValue } from '../http/csv.ts';
import { parseWith } from '../http/errors.ts';
import type { QuickbooksExportRepository } from './quickbooks-export.repository.ts';

type Page<K> = (range: ExportRange, after: K | null) => { rows: CsvValue[][]; next: K | null };

/**
 * Streams a CSV a page at a time: each page is read in one synchronous statement, written, and
 * the next one read only when the socket has room (a year's export never sits in memory, and a
 * browser that goes away stops the reading).
 */
async function streamCsv<K>(
  res: Response,
  file: string,
  header: readonly string[],
  range: ExportRange,
  page: Page<K>,
) {
  res.setHeader('Content-Disposition', `attachment; filename="${file}"`);
  res.type('text/csv; charset=utf-8');
  res.write(CSV_BOM + csvLine([...header]));
  let after: K | null = null;
  do {
    const { rows, next } = page(range, after);
    after = next;
    if (rows.length && !res.write(csvRows(rows))) await roomOrGone(res);
    if (res.destroyed) return;
  } while (after !== null);
  res.end();
}

/**
 * Resolves when the socket drains or the browser goes away. `once` both: the compression
 * middleware hands 'drain' listeners to its gzip stream, where only a once-listener is removed.
 */
function roomOrGone(res: Response) {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

const fileName = (what: string, range: ExportRange) =>
  `washdesk-quickbooks-${what}${range.from ? `-from-${range.from}` : ''}${range.to ? `-to-${range.to}` : ''}.csv`;

/** The accountant's QuickBooks Online imports: invoices (a row per line) and received payments. */
export function quickbooksExportRoutes(exports: QuickbooksExportRepository) {
  const router = Router();
  router.get(QUICKBOOKS_EXPORT_PATHS.invoices, async (req, res) => {
    const range = parseWith(exportRangeSchema, req.query);
    await streamCsv(
      res,
      fileName('invoices', range),
      QUICKBOOKS_INVOICE_COLUMNS,
      range,
      exports.invoiceLines,
    );
  });
  router.get(QUICKBOOKS_EXPORT_PATHS.payments, async (req, res) => {
    const range = parseWith(exportRangeSchema, req.query);
    await streamCsv(res, fileName('payments', range), QUICKBOOKS_PAYMENT_COLUMNS, range, exports.payments);
  });
  return router;
}
