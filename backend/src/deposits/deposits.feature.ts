import type { Config } from '../config.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { Clock } from '../time.ts';
import { depositsRoutes } from './deposits.routes.ts';
import { depositsService, type DepositsDeps } from './deposits.service.ts';
import { paymentSettings } from './payment-settings.ts';

/**
 * Deposits (issue 35, item 3): the rule in Settings → Payments, what a quote asks up front (quote
 * sending fixes it at acceptance through `deposits`), the customer's "Pay the deposit" through
 * Stripe's hosted Checkout, and the deposit staff see on a quote and a job — all from the ledger.
 */
export function depositsFeature(deps: {
  config: Pick<Config, 'rateLimitPerMinute'>;
  settings: Pick<SettingsRepository, 'readJson' | 'writeJson'>;
  payments: { ledger: DepositsDeps['ledger']; checkout: DepositsDeps['checkout']; online: boolean };
  quotes: DepositsDeps['quotes'];
  jobs: DepositsDeps['jobs'];
  publicUrl: () => string;
  languages: DepositsDeps['languages'];
  clock?: Clock;
}) {
  const settings = paymentSettings(deps.settings);
  const deposits = depositsService({
    settings,
    ledger: deps.payments.ledger,
    checkout: deps.payments.checkout,
    quotes: deps.quotes,
    jobs: deps.jobs,
    publicUrl: deps.publicUrl,
    languages: deps.languages,
    clock: deps.clock ?? Date.now,
  });
  const router = depositsRoutes({
    service: deposits,
    settings,
    online: deps.payments.online,
    rateLimitPerMinute: deps.config.rateLimitPerMinute,
  });
  return { deposits, router };
}
