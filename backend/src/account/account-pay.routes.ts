import { Router } from 'express';
import { ACCOUNT_INVOICE_PAY, ACCOUNT_TEXTS, ERROR_CODES, payInvoiceSchema } from '@washdesk/contract';
import type { Config } from '../config.ts';
import { HttpError, parseWith } from '../http/errors.ts';
import { perMinuteLimit } from '../http/rate-limit.ts';
import type { InvoicingService } from '../invoices/invoicing.service.ts';
import { accountRequests } from './account.routes.ts';
import type { AccountService } from './account.service.ts';

/**
 * Pay an invoice with a tip from the account page (public through auth/public-routes.ts): the
 * signed-in person's own invoice only (its number among their merged records; any other number
 * is the same 404), then the invoice's own pay rule (invoicing.service.ts: what is owed, the tip's
 * cap, Stripe's hosted Checkout or "pay at the visit"), coming back to the account page.
 * Mounted after the invoices feature, which the account feature is built before.
 */
export function accountPayRoutes(deps: {
  config: Config;
  service: Pick<AccountService, 'customerOfSession' | 'invoiceTokenOf'>;
  invoices: Pick<InvoicingService, 'pay'>;
  publicUrl: () => string;
}) {
  const { service } = deps;
  const { sameOrigin, customerOf } = accountRequests(deps.config, service);
  const router = Router();
  router.post(
    ACCOUNT_INVOICE_PAY,
    perMinuteLimit(ACCOUNT_INVOICE_PAY, deps.config.rateLimitPerMinute),
    async (req, res) => {
      sameOrigin(req);
      const customerId = customerOf(req);
      const invoiceNumber = Number(req.params.number);
      if (!Number.isSafeInteger(invoiceNumber) || invoiceNumber <= 0)
        throw new HttpError(404, ERROR_CODES.notFound, ACCOUNT_TEXTS.notYours);
      const token = service.invoiceTokenOf(customerId, invoiceNumber);
      const body = parseWith(payInvoiceSchema, req.body ?? {});
      const page = `${deps.publicUrl()}/account`;
      res.json(
        await deps.invoices.pay(token, body, { success: `${page}?paid=${invoiceNumber}`, cancel: page }),
      );
    },
  );
  return router;
}
