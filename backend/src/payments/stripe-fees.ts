import { formatCents } from '@washdesk/contract';
import type { NewLiveEvent } from '../events/event.repository.ts';
import type { LedgerRepository } from './ledger.repository.ts';
import type { Stripe } from './stripe-client.ts';

// Stripe's fee on a payment (issue 35): not in any webhook event, it is in the charge's balance
// transaction, so it is fetched after the webhook answered (a network call never runs inside the
// request or its transaction) and recorded as a `fee` row keyed by that transaction. A payment
// that settled is handed over by the webhook; at every start the ledger's settled Stripe payments
// without a fee are picked up again, so a stop or a failed look-up loses nothing.

/** A failed look-up is tried again after this long (and at the next start). */
export const FEE_RETRY_MS = 60_000;

export function stripeFees(deps: {
  ledger: Pick<LedgerRepository, 'record' | 'ofPaymentIntent' | 'withoutFee'>;
  stripe: Pick<Stripe, 'paymentIntents'>;
  publish: (event: NewLiveEvent) => void;
  report: (error: unknown) => void;
}) {
  const { ledger, stripe } = deps;
  const waiting = new Set<string>();
  let running: Promise<void> = Promise.resolve();
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  const hasFee = (pi: string) => ledger.ofPaymentIntent(pi).some((p) => p.kind === 'fee');
  const feeOf = async (pi: string) => {
    const intent = await stripe.paymentIntents.retrieve(pi, {
      expand: ['latest_charge.balance_transaction'],
    });
    const charge = intent.latest_charge;
    if (!charge || typeof charge === 'string') return false;
    const txn = charge.balance_transaction;
    if (!txn || typeof txn === 'string') return false;
    const paid = ledger.ofPaymentIntent(pi).find((p) => p.kind === 'payment');
    const { created, payment } = ledger.record({
      sourceKey: `stripe:fee:${txn.id}`,
      kind: 'fee',
      status: 'succeeded',
      method:
        paid?.method ??
        (charge.payment_method_details?.type === 'us_bank_account' ? 'us_bank_account' : 'card'),
      amountCents: -txn.fee,
      providerPaymentIntentId: pi,
      providerChargeId: charge.id,
      occurredAt: new Date(txn.created * 1000).toISOString(),
    });
    if (created)
      deps.publish({
        type: 'payment.updated',
        entityId: payment.id,
        summary: `Stripe fee of ${formatCents(txn.fee)} recorded`,
      });
    return created;
  };

  let recorded = 0;
  const pass = async () => {
    while (waiting.size && !stopped) {
      const [pi] = waiting;
      waiting.delete(pi!);
      if (hasFee(pi!)) continue;
      try {
        if (await feeOf(pi!)) recorded++;
      } catch (error) {
        deps.report(error);
        retry ??= setTimeout(() => {
          retry = undefined;
          resume();
        }, FEE_RETRY_MS).unref();
      }
    }
  };
  const kick = (intents: string[]) => {
    if (stopped) return;
    for (const pi of intents) waiting.add(pi);
    running = running.then(pass);
  };
  const resume = () => {
    const page = ledger.withoutFee(500);
    const before = recorded;
    kick(page.map((p) => p.providerPaymentIntentId!));
    // More than a page waiting is unusual (a long outage): the next page follows while fees come.
    if (page.length === 500) running = running.then(() => (recorded > before ? resume() : undefined));
  };

  return {
    /** Payments that just settled: their fees are fetched in the background. */
    kick,
    /** Resumed at start: every settled Stripe payment still without its fee. */
    start: resume,
    /** Resolves once the fees handed over so far are fetched (or failed and wait for a retry). */
    async settled() {
      for (let seen: Promise<void> | undefined; seen !== running;) await (seen = running);
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      await running;
    },
  };
}
export type StripeFees = ReturnType<typeof stripeFees>;
