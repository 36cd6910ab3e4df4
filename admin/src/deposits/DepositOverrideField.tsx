import { FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { centsOf, depositFor, formatCents, overrideRule } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { depositQueries } from './deposits.queries.ts';

// A quote's own deposit in the quote editor (issue 35): Settings' rule, an amount of its own, or
// none. What the customer will be asked is previewed with the one `depositFor`; the server checks
// the amount again against the quote's lines.

export interface DepositChoice {
  mode: 'rule' | 'amount' | 'none';
  /** Dollars as typed, for "amount". */
  amount: string;
}
export const RULE_DEPOSIT: DepositChoice = { mode: 'rule', amount: '' };

/** The draft's `depositOverrideCents` (null: the rule), or a problem to show. */
export function overrideOf(
  choice: DepositChoice,
  baseCents: number,
): { cents: number | null; problem: string | null } {
  if (choice.mode === 'rule') return { cents: null, problem: null };
  if (choice.mode === 'none') return { cents: 0, problem: null };
  const n = Number(choice.amount.replace(/[$,\s]/g, ''));
  if (choice.amount.trim() === '' || !Number.isFinite(n) || n <= 0)
    return { cents: null, problem: 'Enter the deposit, or choose no deposit' };
  const cents = centsOf(n);
  if (cents > baseCents) return { cents, problem: 'The deposit cannot be more than the quote' };
  return { cents, problem: null };
}

export function DepositOverrideField({
  choice,
  onChange,
  baseCents,
  showProblem,
}: {
  choice: DepositChoice;
  onChange: (choice: DepositChoice) => void;
  baseCents: number;
  showProblem: boolean;
}) {
  const api = useApi();
  const settings = useQuery(depositQueries.settings(api));
  const { cents, problem } = overrideOf(choice, baseCents);
  const rule = choice.mode === 'rule' ? settings.data?.deposit : overrideRule(cents ?? 0);
  const asked = rule && !problem ? depositFor(rule, baseCents) : null;
  return (
    <FormGroup
      label="Deposit at acceptance"
      labelFor="quote-deposit-mode"
      intent={showProblem && problem ? Intent.DANGER : Intent.NONE}
      helperText={
        showProblem && problem
          ? problem
          : asked !== null
            ? asked > 0
              ? `The customer is asked ${formatCents(asked)} up front (of ${formatCents(baseCents)} without add-ons)`
              : 'No deposit is asked'
            : undefined
      }
    >
      <div className="quote-editor__deposit">
        <HTMLSelect
          id="quote-deposit-mode"
          value={choice.mode}
          onChange={(e) => onChange({ ...choice, mode: e.currentTarget.value as DepositChoice['mode'] })}
        >
          <option value="rule">As in Settings → Payments</option>
          <option value="amount">Its own amount</option>
          <option value="none">No deposit</option>
        </HTMLSelect>
        {choice.mode === 'amount' && (
          <InputGroup
            aria-label="Deposit amount"
            inputMode="decimal"
            leftIcon="dollar"
            value={choice.amount}
            intent={showProblem && problem ? Intent.DANGER : Intent.NONE}
            onValueChange={(amount) => onChange({ ...choice, amount })}
          />
        )}
      </div>
    </FormGroup>
  );
}
