import { DEFAULT_PAYMENT_SETTINGS, paymentSettingsSchema, type PaymentSettings } from '@washdesk/contract';
import type { SettingsRepository } from '../settings/settings.repository.ts';

// Settings → Payments (issue 35): the deposit rule, one JSON value in `settings` under its own key.
// Read again whenever a quote is shown or accepted, so a change applies from the next acceptance;
// an accepted quote keeps the deposit it asked (sent_quotes.deposit_cents).

const KEY = 'payments';

export function paymentSettings(settings: Pick<SettingsRepository, 'readJson' | 'writeJson'>) {
  return {
    read(): PaymentSettings {
      // A stored value that no longer passes (an older shape) asks no deposit rather than a wrong one.
      const parsed = paymentSettingsSchema.safeParse(settings.readJson(KEY));
      return parsed.success ? parsed.data : DEFAULT_PAYMENT_SETTINGS;
    },
    /** Keeps only the fields of the chosen kind, so what is read back is what applies. */
    save({ deposit }: PaymentSettings): PaymentSettings {
      const value: PaymentSettings = {
        deposit: {
          kind: deposit.kind,
          percent: deposit.kind === 'percent' ? deposit.percent : null,
          fixedCents: deposit.kind === 'fixed' ? deposit.fixedCents : null,
          minimumCents: deposit.kind === 'none' ? 0 : deposit.minimumCents,
        },
      };
      settings.writeJson(KEY, value);
      return value;
    },
  };
}
export type PaymentSettingsStore = ReturnType<typeof paymentSettings>;
