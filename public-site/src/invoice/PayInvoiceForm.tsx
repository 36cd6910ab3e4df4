import { useState, type FormEvent } from 'react';
import {
  centsOf,
  formatCents,
  MIN_PAYMENT_CENTS,
  TIP_PRESETS,
  tipOf,
  type PublicInvoice,
} from '@washdesk/contract';
import { t } from '../i18n/i18n.ts';
import { startPayment } from './invoice-api.ts';
import { payRefusalIn } from './pay-refusals.ts';

type TipChoice = { kind: 'none' } | { kind: 'percent'; percent: number } | { kind: 'custom'; text: string };

/** Dollars typed by a person ("120", "120.50", "$1,200") in cents, or null when it is not an amount. */
const typedCents = (text: string): number | null => {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return centsOf(Number(cleaned));
};

/**
 * The Pay form: the whole balance or a part of it (at least $1), and a tip for the crew on top
 * (10, 15 or 20 % of the part, or an amount), which is never part of the invoice. No card fee is
 * ever added. Pressing Pay opens Stripe's hosted page; nothing of a card touches this site.
 */
export function PayInvoiceForm({ token, invoice }: { token: string; invoice: PublicInvoice }) {
  const owed = Math.max(0, invoice.balanceCents - invoice.pendingCents);
  const [partText, setPartText] = useState((owed / 100).toFixed(2));
  const [tip, setTip] = useState<TipChoice>({ kind: 'none' });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const part = typedCents(partText);
  const tipCents =
    tip.kind === 'none' || part === null
      ? 0
      : tip.kind === 'percent'
        ? tipOf(tip.percent, part)
        : (typedCents(tip.text) ?? 0);
  const partProblem =
    part === null
      ? t('invoice.pay.amountLike')
      : part > owed
        ? t('invoice.pay.overBalance', { amount: formatCents(owed) })
        : part < Math.min(MIN_PAYMENT_CENTS, owed)
          ? t('invoice.pay.atLeast')
          : null;
  const tipProblem =
    tip.kind === 'custom' && tip.text.trim() !== '' && typedCents(tip.text) === null
      ? t('invoice.pay.tipLike')
      : tipCents > invoice.maxTipCents
        ? t('invoice.pay.tipAtMost', { amount: formatCents(invoice.maxTipCents) })
        : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (partProblem || tipProblem || part === null) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await startPayment(token, part, tipCents);
      if (answer.kind === 'checkout') window.location.assign(answer.url);
      else setProblem(payRefusalIn(answer.message));
    } catch {
      setProblem(t('invoice.pay.notStarted'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="sent-quote__accept card" aria-label={t('invoice.pay.form')} onSubmit={submit} noValidate>
      <h2>{t('invoice.pay.title')}</h2>
      <div className="quote-field">
        <label className="quote-field__label" htmlFor="pay-amount">
          {t('invoice.pay.amount', { amount: formatCents(owed) })}
        </label>
        <input
          id="pay-amount"
          inputMode="decimal"
          autoComplete="off"
          value={partText}
          aria-invalid={partProblem ? true : undefined}
          aria-describedby={partProblem ? 'pay-amount-error' : undefined}
          onChange={(e) => setPartText(e.target.value)}
        />
        {partProblem && (
          <p className="field-error" id="pay-amount-error">
            {partProblem}
          </p>
        )}
      </div>
      <fieldset className="invoice-page__tips">
        <legend>{t('invoice.pay.tipQuestion')}</legend>
        <label>
          <input
            type="radio"
            name="tip"
            checked={tip.kind === 'none'}
            onChange={() => setTip({ kind: 'none' })}
          />{' '}
          {t('invoice.pay.noTip')}
        </label>
        {TIP_PRESETS.map((percent) => (
          <label key={percent}>
            <input
              type="radio"
              name="tip"
              checked={tip.kind === 'percent' && tip.percent === percent}
              onChange={() => setTip({ kind: 'percent', percent })}
            />{' '}
            {percent}%{part !== null ? ` (${formatCents(tipOf(percent, part))})` : ''}
          </label>
        ))}
        <label>
          <input
            type="radio"
            name="tip"
            checked={tip.kind === 'custom'}
            onChange={() => setTip({ kind: 'custom', text: '' })}
          />{' '}
          {t('invoice.pay.otherAmount')}
        </label>
        {tip.kind === 'custom' && (
          <input
            aria-label={t('invoice.pay.tipAmount')}
            inputMode="decimal"
            value={tip.text}
            onChange={(e) => setTip({ kind: 'custom', text: e.target.value })}
          />
        )}
        {tipProblem && <p className="field-error">{tipProblem}</p>}
      </fieldset>
      {problem && (
        <p className="sent-quote__banner" role="alert">
          {problem}
        </p>
      )}
      <button className="quote-button" type="submit" disabled={busy || Boolean(partProblem || tipProblem)}>
        {busy
          ? t('invoice.pay.opening')
          : part !== null && !partProblem
            ? t('invoice.pay.pay', { amount: formatCents(part + tipCents) })
            : t('invoice.pay.payNothing')}
      </button>
    </form>
  );
}
