import type { Request, Response } from 'express';
import { pageQuerySchema, TOTAL_COUNT_HEADER, type PageQuery } from '@washdesk/contract';
import { z } from 'zod';
import { parseWith } from './errors.ts';

// The page each list request asked for, kept for sendPage so a route names it only once.
const pageOf = new WeakMap<Request, PageQuery>();
// Each list's page-and-filters schema, built once per filters schema: zod compiles a schema on its
// first parse, and building it per request cost more than the whole list's SQL (issue 38). A route
// passes the same filters object every time (a module constant), never one made per request.
const querySchemaOf = new WeakMap<z.ZodObject, z.ZodObject>();

/** A list with no filters of its own: only `limit`/`offset`. */
export const NO_FILTERS = z.object({});

/** Reads `limit`/`offset` plus a list's own filters from the query string, all validated. */
export function listQuery<S extends z.ZodObject>(req: Request, filters: S): PageQuery & z.output<S> {
  let schema = querySchemaOf.get(filters);
  if (!schema) querySchemaOf.set(filters, (schema = pageQuerySchema.extend(filters.shape)));
  const query = parseWith(schema, req.query) as PageQuery & z.output<S>;
  pageOf.set(req, { limit: query.limit, offset: query.offset });
  return query;
}

/**
 * Lists answer the spec's plain array, a page at a time. A client that reads only the spec would
 * not know there is more, so the answer says it where HTTP clients look: `X-Total-Count`, and a
 * `Link` header (RFC 8288) with the `next`, `prev`, `first` and `last` pages, each the request's
 * own root-relative URL with its filters kept and only `limit`/`offset` changed.
 */
export function sendPage<T>(res: Response, rows: T[], total: number) {
  const page = pageOf.get(res.req);
  if (!page) throw new Error(`sendPage without listQuery on ${res.req.path}: the page is unknown`);
  res.setHeader(TOTAL_COUNT_HEADER, String(total));
  res.setHeader('Link', pageLinks(res.req.originalUrl, page, total));
  res.json(rows);
}

/** The `Link` header value for one page of a list of `total` rows. */
export function pageLinks(requestUrl: string, { limit, offset }: PageQuery, total: number): string {
  const url = new URL(requestUrl, 'http://list.invalid');
  const at = (pageOffset: number) => {
    url.searchParams.delete('limit');
    url.searchParams.delete('offset');
    url.searchParams.set('limit', String(limit));
    url.searchParams.set('offset', String(pageOffset));
    return `${url.pathname}${url.search}`;
  };
  const lastOffset = total > 0 ? Math.floor((total - 1) / limit) * limit : 0;
  const links: [string, number][] = [];
  if (offset + limit < total) links.push(['next', offset + limit]);
  if (offset > 0) links.push(['prev', Math.max(0, Math.min(offset - limit, lastOffset))]);
  links.push(['first', 0], ['last', lastOffset]);
  return links.map(([rel, pageOffset]) => `<${at(pageOffset)}>; rel="${rel}"`).join(', ');
}
