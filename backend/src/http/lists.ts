import type { Request, Response } from 'express';
import { pageQuerySchema, TOTAL_COUNT_HEADER, type PageQuery } from '@washdesk/contract';
import type { z } from 'zod';
import { parseWith } from './errors.ts';

/** Reads `limit`/`offset` plus a list's own filters from the query string, all validated. */
export function listQuery<S extends z.ZodObject>(req: Request, filters: S): PageQuery & z.output<S> {
  return parseWith(pageQuerySchema.extend(filters.shape), req.query) as PageQuery & z.output<S>;
}

/** Lists answer the spec's plain array; the total lets a screen page to the last row. */
export function sendPage<T>(res: Response, rows: T[], total: number) {
  res.setHeader(TOTAL_COUNT_HEADER, String(total));
  res.json(rows);
}
