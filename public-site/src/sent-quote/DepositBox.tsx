import { useEffect, useState } from 'react';
import { depositFor, formatCents, quoteTotalCents, type PublicQuote } from '@washdesk/contract';
import { t } from '../i18n/i18n.ts';
import { payDeposit } from './quote-api.ts';
import { payRefusalIn } from '../invoice/pay-refusals.ts';

// The quote's deposit (issue 35): what it asks before acceptance (worked out for the add-ons being
// ticked with the contract's `depositFor`, as the server will fix it), then "Pay the deposit" on
// Stripe's hosted page. "Deposit paid" is said only when the server's ledger says so; a bank
// payment on its way is "pending", never "paid". No card fee exists to show.

/** After Stripe sends the browser back, how often and how long the page asks whether it arrived. */
const CONFIRM_EVERY_MS = 2_000;
const CONFIRM_TRIES = 15;

interface DepositBoxProps {
  token: string;
  quote: PublicQuote;
  chosen: number[];
  /** Returned from Stripe's page (`?paid=1`): the payment may not have reached the ledger yet. */
  returnedFromPay: boolean;
  /** Fetches the quote again (its deposit as the ledger has it now). */
  refresh: () => Promise<void>;
}

export function DepositBox({ token, quote, chosen, returnedFromPay, refresh }: DepositBoxProps) {
  const { deposit } = quote;
  const [paying, setPaying] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [offline, setOffline] = useState(!deposit.online);
  const [confirming, setConfirming] = useState(returnedFromPay);
  const accepted = quote.state === 'accepted';
  const paid = accepted && deposit.askedCents > 0 && deposit.paidCents >= deposit.askedCents;
  const pending = accepted && !paid && deposit.pendingCents > 0;

  // Back from Stripe: ask again until the ledger has the payment (paid, or a bank payment pending).
  const waiting = confirming && accepted && !paid && !pending;
  useEffect(() => {
    if (!waiting) return;
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      if (tries > CONFIRM_TRIES) {
        clearInterval(timer);
        setConfirming(false);
      } else void refresh();
    }, CONFIRM_EVERY_MS);
    return () => clearInterval(timer);
  }, [waiting, refresh]);

  if (!accepted) {
    if (quote.state !== 'open') return null;
    const total = quoteTotalCents(quote.amountCents, quote.addOns, chosen);
    const asked = depositFor(deposit.rule, total);
    if (asked <= 0) return null;
    return (
      <section className="sent-quote__deposit" aria-label={t('deposit.label')}>
        <p>{t('deposit.due', { amount: formatCents(asked) })}</p>
        {!deposit.online && <p className="sent-quote__muted">{t('invoice.payAtTheVisit')}</p>}
      </section>
    );
  }
  if (deposit.askedCents <= 0) return null;

  const pay = async () => {
    setPaying(true);
    setRefusal(null);
    try {
      const answer = await payDeposit(token);
      if (answer.kind === 'checkout') {
        window.location.assign(answer.url);
        return;
      }
      if (answer.status === 503) setOffline(true);
      else setRefusal(payRefusalIn(answer.message));
      await refresh();
    } catch {
      setRefusal(t('deposit.notOpened'));
    }
    setPaying(false);
  };

  return (
    <section className="sent-quote__deposit" aria-label={t('deposit.label')}>
      {paid ? (
        <p className="sent-quote__banner sent-quote__banner--accepted" role="status">
          {t('deposit.paid')}
        </p>
      ) : pending ? (
        <>
          <p className="sent-quote__banner sent-quote__banner--pending" role="status">
            {t('deposit.pending')}
          </p>
          <p className="sent-quote__muted">{t('deposit.pendingDetail')}</p>
        </>
      ) : (
        <>
          <p>{t('deposit.dueNow', { amount: formatCents(deposit.dueCents) })}</p>
          {waiting && (
            <p className="sent-quote__muted" role="status">
              {t('deposit.waiting')}
            </p>
          )}
          {offline ? (
            <p className="sent-quote__banner sent-quote__banner--preview" role="status">
              {t('invoice.payAtTheVisit')}
            </p>
          ) : (
            // While the payment just made is on its way to the ledger, no second press is offered.
            !waiting &&
            !quote.staffPreview &&
            deposit.dueCents > 0 && (
              <button type="button" className="quote-button" disabled={paying} onClick={() => void pay()}>
                {paying ? t('deposit.opening') : t('deposit.pay', { amount: formatCents(deposit.dueCents) })}
              </button>
            )
          )}
        </>
      )}
      {refusal && (
        <p className="sent-quote__problem" role="alert">
          {refusal}
        </p>
      )}
    </section>
  );
}
