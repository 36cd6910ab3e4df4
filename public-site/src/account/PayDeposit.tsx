import { formatCents, type AccountQuote } from '@washdesk/contract';
import { t } from '../i18n/i18n.ts';
import { payDeposit } from './account-api.ts';
import { GoButton } from './GoButton.tsx';

/** What is still to pay of an accepted quote's deposit (its figures are the ledger's). */
export const depositDueOf = (quote: AccountQuote) =>
  quote.status === 'accepted' && quote.depositCents
    ? Math.max(0, quote.depositCents - quote.depositPaidCents - quote.depositPendingCents)
    : 0;

/**
 * "Pay the $X deposit" on the account page: Stripe's hosted page for what is due now (the server
 * works it out from the quote and the ledger), back to the account after. No card fee, ever.
 */
export function PayDeposit({ quote }: { quote: AccountQuote }) {
  return (
    <GoButton
      ask={() => payDeposit(quote.id)}
      label={t('deposit.pay', { amount: formatCents(depositDueOf(quote)) })}
      busyLabel={t('deposit.opening')}
      failed={t('deposit.notOpened')}
    />
  );
}
