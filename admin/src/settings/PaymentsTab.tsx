import { useState } from 'react';
import {
  Callout,
  Card,
  Classes,
  FormGroup,
  H4,
  InputGroup,
  Intent,
  HTMLSelect,
  Spinner,
  Button,
} from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import {
  centsOf,
  DEPOSIT_TEXTS,
  depositFor,
  PAY_AT_THE_VISIT,
  paymentSettingsSchema,
  type DepositKind,
  type PaymentSettings,
  dollarsOf,
} from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { useChange } from '../api/use-change.ts';
import { depositQueries, savePaymentSettings } from '../deposits/deposits.queries.ts';
import { showFailureToast } from '../toaster.ts';
import { LoadFailed } from '../shell/LoadFailed.tsx';
import { NotPermittedNotice } from '../session/NotPermittedNotice.tsx';
import { usePermission } from '../session/use-permission.ts';

// Settings → Payments: the deposit every quote asks when it is accepted (a quote may ask its own),
// and whether customers can pay it online. Nothing here can add a fee to what a customer pays.

/** The job the preview works out the deposit of, unless the owner types another. */
const EXAMPLE_TOTAL = '320';

export function PaymentsTab() {
  const api = useApi();
  const saved = useQuery(depositQueries.settings(api));
  return (
    <Card className="settings-card" role="region" aria-label="Payments">
      <H4>Deposit</H4>
      <p className={Classes.TEXT_MUTED}>
        What a customer pays up front when they accept a quote; the rest is paid after the work. A quote can
        ask its own deposit, or none, when it is written.
      </p>
      {saved.data && <OnlineLine online={saved.data.online} />}
      <NotPermittedNotice permission="deposits" />
      {saved.isPending && <Spinner size={20} aria-label="Loading payment settings" />}
      {saved.isError && <LoadFailed title="The payment settings could not be loaded" />}
      {saved.data && <DepositForm key={JSON.stringify(saved.data.deposit)} saved={saved.data} />}
    </Card>
  );
}

/** Only what is true: online payment is offered only when Stripe is configured on the server. */
function OnlineLine({ online }: { online: boolean }) {
  return online ? (
    <Callout intent={Intent.SUCCESS} icon="credit-card" className="payments-online">
      Online payments are on: customers pay by card or bank account on Stripe&apos;s page.
    </Callout>
  ) : (
    <Callout intent={Intent.NONE} icon="info-sign" className="payments-online">
      Online payments are off (Stripe is not configured on this server). Customers are told:{' '}
      {PAY_AT_THE_VISIT}
    </Callout>
  );
}

/** Dollars as typed ("80", "1,250.50") to cents; null when it is not an amount. */
const centsTyped = (typed: string) => {
  const n = Number(typed.replace(/[$,\s]/g, ''));
  return typed.trim() !== '' && Number.isFinite(n) ? centsOf(n) : null;
};
const dollarsShown = (cents: number | null) => (cents === null ? '' : String(dollarsOf(cents)));

interface Draft {
  kind: DepositKind;
  percent: string;
  fixed: string;
  minimum: string;
}

/** The rule the form holds, as the server reads it (the contract's schema judges it). */
function ruleOf(d: Draft) {
  const percent = d.percent.trim() === '' ? null : Number(d.percent);
  return {
    deposit: {
      kind: d.kind,
      percent: d.kind === 'percent' ? percent : null,
      fixedCents: d.kind === 'fixed' ? centsTyped(d.fixed) : null,
      minimumCents: d.kind === 'none' ? 0 : (centsTyped(d.minimum) ?? 0),
    },
  };
}

function problemsOf(d: Draft): Record<string, string> {
  const parsed = paymentSettingsSchema.safeParse(ruleOf(d));
  const problems: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) problems[issue.path.join('.')] ??= issue.message;
  return problems;
}

function DepositForm({ saved }: { saved: PaymentSettings }) {
  const api = useApi();
  const { allowed } = usePermission('deposits');
  const [draft, setDraft] = useState<Draft>({
    kind: saved.deposit.kind,
    percent: saved.deposit.percent === null ? '' : String(saved.deposit.percent),
    fixed: dollarsShown(saved.deposit.fixedCents),
    minimum: saved.deposit.minimumCents ? dollarsShown(saved.deposit.minimumCents) : '',
  });
  const [example, setExample] = useState(EXAMPLE_TOTAL);
  const [tried, setTried] = useState(false);
  const save = useChange({
    change: savePaymentSettings,
    success: 'Payment settings updated successfully',
    refetch: [depositQueries.settings(api).queryKey],
    onError: (error) => showFailureToast('Failed to update payment settings', error),
  });
  const problems = tried ? problemsOf(draft) : {};
  const rule = paymentSettingsSchema.safeParse(ruleOf(draft));
  const exampleCents = centsTyped(example);
  const preview =
    rule.success && exampleCents !== null && exampleCents > 0
      ? DEPOSIT_TEXTS.preview(exampleCents, depositFor(rule.data.deposit, exampleCents))
      : null;
  const submit = () => {
    setTried(true);
    if (rule.success) save.mutate(rule.data);
  };
  const field = (name: keyof PaymentSettings['deposit']) => problems[`deposit.${name}`];

  return (
    <form
      className="payments-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset className="permission-fieldset" disabled={!allowed}>
        <FormGroup label="Deposit asked at acceptance" labelFor="deposit-kind">
          <HTMLSelect
            id="deposit-kind"
            value={draft.kind}
            onChange={(e) => setDraft({ ...draft, kind: e.currentTarget.value as DepositKind })}
          >
            <option value="none">No deposit</option>
            <option value="percent">A percentage of the accepted total</option>
            <option value="fixed">A fixed amount</option>
          </HTMLSelect>
        </FormGroup>
        {draft.kind === 'percent' && (
          <FormGroup
            label="Percentage"
            labelFor="deposit-percent"
            helperText={field('percent')}
            intent={field('percent') ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup
              id="deposit-percent"
              inputMode="numeric"
              rightElement={<span className="payments-form__unit">%</span>}
              value={draft.percent}
              intent={field('percent') ? Intent.DANGER : Intent.NONE}
              onChange={(e) => setDraft({ ...draft, percent: e.currentTarget.value })}
            />
          </FormGroup>
        )}
        {draft.kind === 'fixed' && (
          <FormGroup
            label="Amount"
            labelFor="deposit-fixed"
            helperText={field('fixedCents')}
            intent={field('fixedCents') ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup
              id="deposit-fixed"
              inputMode="decimal"
              leftElement={<span className="payments-form__unit">$</span>}
              value={draft.fixed}
              intent={field('fixedCents') ? Intent.DANGER : Intent.NONE}
              onChange={(e) => setDraft({ ...draft, fixed: e.currentTarget.value })}
            />
          </FormGroup>
        )}
        {draft.kind !== 'none' && (
          <FormGroup
            label="Minimum deposit"
            labelFor="deposit-minimum"
            labelInfo="(optional; never more than the job)"
            helperText={field('minimumCents')}
            intent={field('minimumCents') ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup
              id="deposit-minimum"
              inputMode="decimal"
              leftElement={<span className="payments-form__unit">$</span>}
              value={draft.minimum}
              intent={field('minimumCents') ? Intent.DANGER : Intent.NONE}
              onChange={(e) => setDraft({ ...draft, minimum: e.currentTarget.value })}
            />
          </FormGroup>
        )}
        <FormGroup label="Preview for a job of" labelFor="deposit-example" inline>
          <InputGroup
            id="deposit-example"
            inputMode="decimal"
            leftElement={<span className="payments-form__unit">$</span>}
            value={example}
            onChange={(e) => setExample(e.currentTarget.value)}
          />
        </FormGroup>
        <p className="payments-form__preview" role="status" aria-live="polite">
          {preview ?? "Enter the rule and a job's total to see the deposit"}
        </p>
        <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} text="Save payment settings" />
      </fieldset>
    </form>
  );
}
