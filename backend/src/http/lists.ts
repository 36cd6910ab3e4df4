import type { Request, Response } from 'express';
import { pageQuerySchema, TOTAL_COUNT_HEADER, type PageQuery } from '@washdesk/contract';
import type { z } from 'zod';
import { parseWith } from './errors.ts';

// The page each list request asked for, kept for sendPage so a route names it only once.
const pageOf = new WeakMap<Request, PageQuery>();

/** Reads `limit`/`offset` plus a list's own filters from the query string, all validated. */
export function listQuery<S extends z.ZodObject>(req: Request, filters: S): PageQuery & z.output<S> {
  const query = parseWith(pageQuerySchema.extend(filters.shape), req.query) as PageQuery & z.output<S>;
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
