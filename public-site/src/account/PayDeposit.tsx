import { useState } from 'react';
import { formatCents, type AccountQuote } from '@washdesk/contract';
import { t } from '../i18n/i18n.ts';
import { payDeposit } from './account-api.ts';
import { accountMessageIn } from './account-texts.ts';

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
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pay = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await payDeposit(quote.id);
      if (answer.kind === 'url') return window.location.assign(answer.url);
      setProblem(accountMessageIn(answer.message));
    } catch {
      setProblem(t('deposit.notOpened'));
    }
    setBusy(false);
  };
  return (
    <>
      <button
        type="button"
        className="quote-button account__action"
        disabled={busy}
        onClick={() => void pay()}
      >
        {busy ? t('deposit.opening') : t('deposit.pay', { amount: formatCents(depositDueOf(quote)) })}
      </button>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
