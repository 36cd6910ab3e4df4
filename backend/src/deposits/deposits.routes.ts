import { Router } from 'express';
import { ERROR_CODES, paymentSettingsSchema, type PaymentSettingsAnswer } from '@washdesk/contract';
import { staffOf } from '../auth/staff-session.ts';
import { pageLanguageOf } from '../customers/customer-languages.ts';
import { fieldErrors, HttpError, routeId } from '../http/errors.ts';
import { perMinuteLimit } from '../http/rate-limit.ts';
import type { DepositsService } from './deposits.service.ts';
import type { PaymentSettingsStore } from './payment-settings.ts';

export const PAYMENT_SETTINGS = '/api/settings/payments';
export const PUBLIC_QUOTE_PAY = '/api/public/quotes/:token/pay';

/** Settings → Payments (owner), the customer's "Pay the deposit", and staff's deposit figures. */
export function depositsRoutes(deps: {
  service: DepositsService;
  settings: PaymentSettingsStore;
  online: boolean;
  rateLimitPerMinute: number;
}) {
  const { service, settings } = deps;
  const router = Router();
  const answer = (): PaymentSettingsAnswer => ({ ...settings.read(), online: deps.online });

  router.get(PAYMENT_SETTINGS, (_req, res) => {
    res.json(answer());
  });
  // `online` comes from the environment: a client sending the GET answer back is not refused for it.
  router.put(PAYMENT_SETTINGS, (req, res) => {
    const parsed = paymentSettingsSchema.safeParse(req.body ?? {});
    if (!parsed.success)
      throw new HttpError(
        422,
        ERROR_CODES.validation,
        'Some fields need attention',
        fieldErrors(parsed.error),
      );
    settings.save(parsed.data);
    res.json(answer());
  });

  router.get('/api/quotes/:id/deposit', (req, res) => {
    res.json(service.ofQuote(routeId(req.params)));
  });
  router.get('/api/jobs/:id/deposit', (req, res) => {
    res.json(service.ofJob(routeId(req.params)));
  });

  // Public: the quote's token is the key (auth/public-routes.ts). Nothing of the body is read: what
  // is charged is the deposit the quote fixed less what the ledger holds.
  router.post(
    PUBLIC_QUOTE_PAY,
    perMinuteLimit(PUBLIC_QUOTE_PAY, deps.rateLimitPerMinute),
    async (req, res) => {
      const token = typeof req.params.token === 'string' ? req.params.token : '';
      res.json(await service.pay(token, Boolean(staffOf(res)), pageLanguageOf(req)));
    },
  );
  return router;
}
