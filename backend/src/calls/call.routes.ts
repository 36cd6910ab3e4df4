import { once } from 'node:events';
import { Router, type Response } from 'express';
import { callListQuerySchema } from '@washdesk/contract';
import { notFound, routeId } from '../http/errors.ts';
import { keyCursorSchema, sendNextCursor } from '../http/key-cursor.ts';
import { listQuery, sendPage } from '../http/lists.ts';
import { CSV_BOM, csvLine } from '../http/csv.ts';
import { CALL_LOG_CSV_HEADER, callCsvRows } from './call-log.csv.ts';
import type { CallRepository } from './call.repository.ts';
import { localDate } from '../time.ts';

const EXPORT_BATCH = 500;

/** Writes the whole call log as CSV, batch by batch, waiting whenever the client reads slower. */
async function streamCallLog(calls: CallRepository, timeZone: string, res: Response) {
  const day = localDate(new Date(), timeZone);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="call-logs-${day}.csv"`);
  res.write(`${CSV_BOM}${csvLine(CALL_LOG_CSV_HEADER)}`);
  for (const batch of calls.batches(EXPORT_BATCH)) {
    if (res.destroyed) return;
    // A client that hangs up never drains; 'close' ends the wait too.
    if (!res.write(callCsvRows(batch, timeZone))) {
      await Promise.race([once(res, 'drain'), once(res, 'close')]);
    }
  }
  res.end();
}

// Built once: the list's filters and its key cursor (http/lists.ts caches the page schema by it).
const pageFilters = callListQuerySchema.extend(keyCursorSchema.shape);

/** `timeZone` is the business's: the export's times and file name are its wall clock. */
export function callRoutes(calls: CallRepository, timeZone: string) {
  const router = Router();
  router.get('/api/calls', (req, res) => {
    const query = listQuery(req, pageFilters);
    const { rows, total } = calls.list(query);
    sendNextCursor(res, rows, query.limit);
    sendPage(res, rows, total);
  });
  // Before /:id, which would read these as ids.
  router.get('/api/calls/counts', (_req, res) => {
    res.json(calls.counts());
  });
  router.get('/api/calls/export.csv', (_req, res) => streamCallLog(calls, timeZone, res));
  router.get('/api/calls/:id', (req, res) => {
    const call = calls.get(routeId(req.params));
    if (!call) throw notFound('Call');
    res.json(call);
  });
  return router;
}
