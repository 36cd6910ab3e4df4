import { useMemo, useState, type FormEvent } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { formatCents, type Payment } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { fieldProblems } from '../api/problem-message.ts';
import { useChange } from '../api/use-change.ts';
import { paymentQueries, refundPayment } from './payments.queries.ts';
import { centsTyped, dollarsText, methodLabel, refundProblem } from './payment-labels.ts';

interface RefundDialogProps {
  payment: Payment;
  onClose: () => void;
  /** Once the refund is made (default: onClose). */
  onDone?: () => void;
}

/**
 * "Refund…" (the owner only): the amount, of it the tip's part, and a reason. It starts at what is
 * left to refund; the server checks again. One key per opening: a double click refunds once.
 */
export function RefundDialog({ payment, onClose, onDone }: RefundDialogProps) {
  const api = useApi();
  const left = useQuery(paymentQueries.refundable(api, payment.id));
  const key = useMemo(() => `refund-${crypto.randomUUID()}`, []);
  const [amount, setAmount] = useState<string | null>(null);
  const [tip, setTip] = useState('0.00');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<unknown>(null);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const byHand = !['card', 'us_bank_account'].includes(payment.method);
  const refund = useChange({
    change: (api, body: { amountCents: number; tipCents: number; reason?: string }) =>
      refundPayment(api, payment.id, body, key),
    success: ({ amountCents }) =>
      byHand
        ? `Refund of ${formatCents(amountCents)} recorded: give it back to the customer in ${methodLabel(payment).toLowerCase()}`
        : `Refund of ${formatCents(amountCents)} sent to Stripe`,
    refetch: [paymentQueries.all],
    onDone: onDone ?? onClose,
    onError: setProblem,
  });
  const amountText = amount ?? (left.data ? dollarsText(left.data.amountCents) : '');
  const fields = { ...fieldProblems(problem), ...typed };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const amountCents = centsTyped(amountText);
    const tipCents = centsTyped(tip || '0');
    const wrong: Record<string, string> = {};
    if (amountCents === null || amountCents <= 0) wrong.amountCents = 'Enter an amount like 25 or 25.50';
    if (tipCents === null) wrong.tipCents = 'Enter the tip’s part like 5 or 5.00';
    setTyped(wrong);
    if (Object.keys(wrong).length) return;
    refund.mutate({ amountCents: amountCents!, tipCents: tipCents!, reason: reason.trim() || undefined });
  };
  const general = problem !== null && !fields.amountCents && !fields.tipCents;
  return (
    <Dialog
      title={`Refund ${formatCents(payment.amountCents)} ${methodLabel(payment).toLowerCase()} payment`}
      icon="dollar"
      isOpen
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate aria-label="Refund">
        <DialogBody>
          {left.data && (
            <p>
              Left to refund: <strong>{formatCents(left.data.amountCents)}</strong>
              {left.data.tipCents > 0 && <> (of it the tip: {formatCents(left.data.tipCents)})</>}
            </p>
          )}
          {byHand && (
            <Callout intent={Intent.PRIMARY}>
              This was paid in {methodLabel(payment).toLowerCase()}: the refund is recorded here and you give
              the money back yourself.
            </Callout>
          )}
          {general && (
            <Callout intent={Intent.DANGER} role="alert">
              {refundProblem(problem)}
            </Callout>
          )}
          <FormGroup
            label="Amount to refund ($)"
            labelFor="refund-amount"
            intent={fields.amountCents ? Intent.DANGER : Intent.NONE}
            helperText={fields.amountCents}
          >
            <InputGroup
              id="refund-amount"
              inputMode="decimal"
              value={amountText}
              intent={fields.amountCents ? Intent.DANGER : Intent.NONE}
              onValueChange={setAmount}
            />
          </FormGroup>
          <FormGroup
            label="Of it, the tip ($)"
            labelFor="refund-tip"
            intent={fields.tipCents ? Intent.DANGER : Intent.NONE}
            helperText={fields.tipCents ?? 'A tip can be refunded on its own: make both amounts the same.'}
          >
            <InputGroup
              id="refund-tip"
              inputMode="decimal"
              value={tip}
              intent={fields.tipCents ? Intent.DANGER : Intent.NONE}
              onValueChange={setTip}
            />
          </FormGroup>
          <FormGroup label="Reason (optional)" labelFor="refund-reason" helperText={fields.reason}>
            <TextArea
              id="refund-reason"
              fill
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button type="submit" intent={Intent.DANGER} text="Refund" loading={refund.isPending} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
