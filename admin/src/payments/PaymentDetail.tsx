import { useState } from 'react';
import { Button, Classes, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { formatCents } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { usePermission } from '../session/use-permission.ts';
import { paymentQueries } from './payments.queries.ts';
import { forWhat, kindLabel, methodLabel, signedAmount, statusLabel, timeLabel } from './payment-labels.ts';
import { RefundDialog } from './RefundDialog.tsx';

/** One ledger row in full (`?payment=<id>`, where a live event's link lands), with "Refund…". */
export function PaymentDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const api = useApi();
  const payment = useQuery(paymentQueries.one(api, id));
  const may = usePermission('refund');
  const [refunding, setRefunding] = useState(false);
  const p = payment.data;
  const refundable = p?.kind === 'payment' && p.status === 'succeeded';
  const facts: [string, string | null][] = p
    ? [
        ['Amount', signedAmount(p.amountCents)],
        ['Of it, tip', p.tipCents ? formatCents(p.tipCents) : null],
        ['Status', statusLabel(p)],
        ['Method', methodLabel(p)],
        ['For', forWhat(p)],
        ['Customer', p.customerId != null ? `#${p.customerId}` : null],
        ['When', timeLabel(p.occurredAt)],
        ['Refund of', p.refundOf != null ? `Payment #${p.refundOf}` : null],
        ['Reference', p.reference],
        ['Note', p.note],
        ['Stripe payment', p.providerPaymentIntentId],
        ['Stripe charge', p.providerChargeId],
        ['Stripe refund', p.providerRefundId],
        ['Stripe dispute', p.providerDisputeId],
        ['Checkout session', p.providerSessionId],
      ]
    : [];
  return (
    <>
      <Dialog
        title={p ? `${kindLabel(p)} #${p.id}` : 'Payment'}
        icon="dollar"
        isOpen={!refunding}
        onClose={onClose}
      >
        <DialogBody>
          {payment.isPending ? (
            <p aria-busy="true">Loading the payment...</p>
          ) : payment.isError ? (
            <p role="alert">This payment could not be loaded.</p>
          ) : (
            <dl className="payment-detail">
              {facts
                .filter(([, v]) => v !== null && v !== '')
                .map(([k, v]) => (
                  <div key={k}>
                    <dt>{k}</dt>
                    <dd
                      className={
                        k.startsWith('Stripe') || k === 'Checkout session'
                          ? Classes.MONOSPACE_TEXT
                          : undefined
                      }
                    >
                      {v}
                    </dd>
                  </div>
                ))}
            </dl>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Close" onClick={onClose} />
              {refundable && !may.allowed && <span className={Classes.TEXT_MUTED}>{may.reason}</span>}
              {refundable && (
                <Button
                  intent={Intent.DANGER}
                  icon="dollar"
                  text="Refund…"
                  disabled={!may.allowed}
                  onClick={() => setRefunding(true)}
                />
              )}
            </>
          }
        />
      </Dialog>
      {refunding && p && (
        <RefundDialog
          payment={p}
          onClose={() => setRefunding(false)}
          onDone={() => {
            setRefunding(false);
            onClose();
          }}
        />
      )}
    </>
  );
}
