import { useState, type FormEvent } from 'react';
import {
  centsOf,
  formatCents,
  MAX_TIP_CENTS,
  TIP_PRESETS,
  tipOf,
  type AccountInvoice,
} from '@washdesk/contract';
import { t } from '../i18n/i18n.ts';
import { payInvoice } from './account-api.ts';
import { accountMessageIn } from './account-texts.ts';

type TipChoice = 'none' | number | 'other';

/** Whole dollars and cents typed by a person ("20", "12.50", "$1,000") in cents, or null. */
const typedCents = (text: string): number | null => {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return centsOf(Number(cleaned));
};

/**
 * "Pay" on the account page: what is owed now, with an optional tip for the crew (none, 10, 15 or
 * 20 % of it, or an amount in dollars, at most MAX_TIP_CENTS), at Stripe's hosted page. The server
 * decides what is owed (the invoice's own rule) and sends the customer back to the account. No
 * card fee is ever added; a part payment stays on the invoice's own page.
 */
export function PayWithTip({ invoice }: { invoice: AccountInvoice }) {
  const owed = Math.max(0, invoice.balanceCents - invoice.pendingCents);
  const [tip, setTip] = useState<TipChoice>('none');
  const [otherText, setOtherText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const name = `tip-${invoice.number}`;

  const other = typedCents(otherText);
  const tipCents = tip === 'none' ? 0 : tip === 'other' ? (other ?? 0) : tipOf(tip, owed);
  const tipProblem =
    tip === 'other' && otherText.trim() !== '' && other === null
      ? t('account.pay.tipInvalid')
      : tipCents > MAX_TIP_CENTS
        ? t('account.pay.tipTooBig', { max: formatCents(MAX_TIP_CENTS) })
        : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (tipProblem) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await payInvoice(invoice.number, tipCents);
      if (answer.kind === 'url') return window.location.assign(answer.url);
      setProblem(accountMessageIn(answer.message));
    } catch {
      setProblem(t('account.pay.failed'));
    }
    setBusy(false);
  };

  const radio = (choice: TipChoice, label: string) => (
    <label key={String(choice)}>
      <input type="radio" name={name} checked={tip === choice} onChange={() => setTip(choice)} /> {label}
    </label>
  );
  return (
    <form
      className="account__pay"
      aria-label={t('account.pay.form', { number: invoice.number })}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <fieldset className="invoice-page__tips">
        <legend>{t('account.pay.tipLegend')}</legend>
        {radio('none', t('account.pay.noTip'))}
        {TIP_PRESETS.map((percent) =>
          radio(percent, t('account.pay.percent', { percent, amount: formatCents(tipOf(percent, owed)) })),
        )}
        {radio('other', t('account.pay.otherTip'))}
        {tip === 'other' && (
          <input
            aria-label={t('account.pay.otherAmount')}
            inputMode="decimal"
            autoComplete="off"
            value={otherText}
            onChange={(event) => setOtherText(event.target.value)}
          />
        )}
        {tipProblem && <p className="field-error">{tipProblem}</p>}
      </fieldset>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <button className="quote-button account__action" type="submit" disabled={busy || Boolean(tipProblem)}>
        {busy ? t('account.pay.opening') : t('account.pay.button', { amount: formatCents(owed + tipCents) })}
      </button>
    </form>
  );
}
