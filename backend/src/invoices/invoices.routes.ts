import { Router } from 'express';
import { z } from 'zod';
import {
  INVOICE_STATUSES,
  invoicePagePath,
  payInvoiceSchema,
  recordPaymentSchema,
  voidInvoiceSchema,
} from '@washdesk/contract';
import type { Config } from '../config.ts';
import { staffOf } from '../auth/staff-session.ts';
import { pageLanguageOf } from '../customers/customer-languages.ts';
import { parseWith, routeId } from '../http/errors.ts';
import { keyCursorSchema, sendNextCursor } from '../http/key-cursor.ts';
import { listQuery, sendPage } from '../http/lists.ts';
import { perMinuteLimit } from '../http/rate-limit.ts';
import type { InvoicingService } from './invoicing.service.ts';

export const PUBLIC_INVOICE = '/api/public/invoices/:token';
export const PUBLIC_INVOICE_PAY = '/api/public/invoices/:token/pay';

const listFilters = z.object({ status: z.enum(INVOICE_STATUSES).optional() }).extend(keyCursorSchema.shape);

/** Staff's invoices, and the customer's page through its link's token (public: auth/public-routes.ts). */
export function invoicesRoutes(
  config: Pick<Config, 'rateLimitPerMinute'>,
  service: InvoicingService,
  publicUrl: () => string,
) {
  const router = Router();
  const actor = (res: Parameters<typeof staffOf>[0]) => {
    const { user } = staffOf(res)!;
    return { id: user.id, name: user.name };
  };
  const token = (params: Record<string, unknown>) => (typeof params.token === 'string' ? params.token : '');

  // Staff. Newest first, by key (`?cursor=` from X-Next-Cursor) beside the spec's offset pages.
  router.get('/api/invoices', (req, res) => {
    const query = listQuery(req, listFilters);
    const before = query.cursor ? { issuedOn: query.cursor.createdAt, id: query.cursor.id } : undefined;
    const { rows, total } = service.list(query.limit, query.offset, query.status ?? null, before);
    sendNextCursor(
      res,
      rows.map((r) => ({ createdAt: r.issuedOn, id: r.id })),
      query.limit,
    );
    sendPage(res, rows, total);
  });
  router.get('/api/invoices/:id', (req, res) => {
    res.json(service.get(routeId(req.params)));
  });
  // "Create invoice" for a done job (made already when it was marked done: the same one answers).
  router.post('/api/jobs/:id/invoice', (req, res) => {
    const { invoice, created } = service.createForJob(routeId(req.params), actor(res));
    res.status(created ? 201 : 200).json(invoice);
  });
  router.post('/api/invoices/:id/send', (req, res) => {
    res.json(service.sendAgain(routeId(req.params), actor(res)));
  });
  router.post('/api/invoices/:id/void', (req, res) => {
    const id = routeId(req.params);
    const { reason } = parseWith(voidInvoiceSchema, req.body ?? {});
    res.json(service.void(id, reason, actor(res)));
  });
  router.post('/api/invoices/:id/payments', (req, res) => {
    const id = routeId(req.params);
    const payment = parseWith(recordPaymentSchema, req.body ?? {});
    res.status(201).json(service.recordPayment(id, payment, actor(res)));
  });

  // Customers: the token is the key.
  router.get(PUBLIC_INVOICE, (req, res) => {
    res.json(service.open(token(req.params), Boolean(staffOf(res))));
  });
  router.post(
    PUBLIC_INVOICE_PAY,
    perMinuteLimit(PUBLIC_INVOICE_PAY, config.rateLimitPerMinute),
    async (req, res) => {
      const key = token(req.params);
      // The link first: a wrong link is a 404 whatever its body.
      service.checkLink(key);
      const body = parseWith(payInvoiceSchema, req.body ?? {});
      const page = `${publicUrl()}${invoicePagePath(key)}`;
      res.json(await service.pay(key, body, { success: `${page}?paid=1`, cancel: page }, pageLanguageOf(req)));
    },
  );
  return router;
}
