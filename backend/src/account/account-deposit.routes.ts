import { Router } from 'express';
import { ACCOUNT_QUOTE_DEPOSIT, ACCOUNT_TEXTS, ERROR_CODES, PAY_AT_THE_VISIT } from '@washdesk/contract';
import type { Config } from '../config.ts';
import { pageLanguageOf } from '../customers/customer-languages.ts';
import type { DepositsService } from '../deposits/deposits.service.ts';
import { HttpError } from '../http/errors.ts';
import { perMinuteLimit } from '../http/rate-limit.ts';
import { accountRequests } from './account.routes.ts';
import type { AccountService } from './account.service.ts';

/**
 * "Pay the deposit" from the account page (public through auth/public-routes.ts): the signed-in
 * person's own quote only (its id among their merged records; any other id is the same 404), then
 * the deposits' own pay rule (deposits.service.ts: the deposit fixed at acceptance less what the
 * ledger holds, one Checkout Session reused while open), coming back to the account page. Nothing
 * of the body is read. Mounted after the deposits feature, which the account feature is built before.
 */
export function accountDepositRoutes(deps: {
  config: Config;
  service: Pick<AccountService, 'customerOfSession' | 'quoteTokenOf'>;
  deposits: Pick<DepositsService, 'pay'>;
  /** Stripe is configured; else the same "pay at the visit" as an invoice's Pay (409). */
  online: boolean;
  publicUrl: () => string;
}) {
  const { service } = deps;
  const { sameOrigin, customerOf } = accountRequests(deps.config, service);
  const router = Router();
  router.post(
    ACCOUNT_QUOTE_DEPOSIT,
    perMinuteLimit(ACCOUNT_QUOTE_DEPOSIT, deps.config.rateLimitPerMinute),
    async (req, res) => {
      sameOrigin(req);
      const customerId = customerOf(req);
      const quoteId = Number(req.params.id);
      if (!Number.isSafeInteger(quoteId) || quoteId <= 0)
        throw new HttpError(404, ERROR_CODES.notFound, ACCOUNT_TEXTS.notYours);
      const token = service.quoteTokenOf(customerId, quoteId);
      if (!deps.online) throw new HttpError(409, ERROR_CODES.conflict, PAY_AT_THE_VISIT);
      const page = `${deps.publicUrl()}/account`;
      res.json(
        await deps.deposits.pay(token, false, pageLanguageOf(req), {
          success: `${page}?paid=deposit-${quoteId}`,
          cancel: page,
        }),
      );
    },
  );
  return router;
}
