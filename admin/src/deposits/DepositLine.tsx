import { Intent, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { DEPOSIT_TEXTS, type DepositStanding } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { depositQueries } from './deposits.queries.ts';

// A quote's or job's deposit as the ledger has it: "Deposit paid $80 · $240 left", a bank payment
// pending, or the deposit still due. Its query hangs under the payments' root, so a payment event
// refreshes it live (no reload). Only what the ledger holds is said: pending is never "paid".

function StandingTag({ standing }: { standing: DepositStanding }) {
  const { askedCents, paidCents, pendingCents, leftCents } = standing;
  if (askedCents <= 0 && paidCents <= 0) return null;
  const [text, intent] =
    paidCents >= askedCents
      ? [DEPOSIT_TEXTS.staffPaid(paidCents, leftCents), Intent.SUCCESS]
      : pendingCents > 0
        ? [DEPOSIT_TEXTS.staffPending(pendingCents), Intent.WARNING]
        : [DEPOSIT_TEXTS.staffDue(askedCents - paidCents), Intent.PRIMARY];
  // A status: a screen reader hears "Deposit paid" when a payment event refreshes it.
  return (
    <span role="status" className="deposit-line">
      <Tag intent={intent} minimal round icon="dollar">
        {text}
      </Tag>
    </span>
  );
}

/** On an accepted quote (Requests, a customer's record). */
export function QuoteDepositLine({ quoteId }: { quoteId: number }) {
  const api = useApi();
  const standing = useQuery(depositQueries.ofQuote(api, quoteId));
  return standing.data ? <StandingTag standing={standing.data} /> : null;
}

/** On a job (the board's dialog). */
export function JobDepositLine({ jobId }: { jobId: number }) {
  const api = useApi();
  const standing = useQuery(depositQueries.ofJob(api, jobId));
  return standing.data ? <StandingTag standing={standing.data} /> : null;
}
