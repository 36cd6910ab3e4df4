import {
  DEPOSIT_TEXTS,
  depositFor,
  overrideRule,
  PAY_AT_THE_VISIT,
  QUOTE_REFUSALS,
  QUOTE_TOKEN_PATTERN,
  quotePagePath,
  type DepositRule,
  type DepositStanding,
  type Language,
  type PublicDeposit,
  pageLinkIn,
} from '@washdesk/contract';
import type { CustomerLanguages } from '../customers/customer-languages.ts';
import { CHECKOUT_LINES, checkoutLanguage, checkoutLocaleOf } from '../payments/checkout-language.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { JobRepository } from '../jobs/job.repository.ts';
import type { CheckoutSessions } from '../payments/checkout-sessions.ts';
import type { LedgerRepository } from '../payments/ledger.repository.ts';
import {
  stateOf,
  type SentQuoteRepository,
  type StoredQuote,
} from '../quote-sending/sent-quote.repository.ts';
import type { Clock } from '../time.ts';
import type { PaymentSettingsStore } from './payment-settings.ts';

export interface DepositsDeps {
  settings: Pick<PaymentSettingsStore, 'read'>;
  ledger: Pick<LedgerRepository, 'depositOfQuote' | 'paidTowardWork'>;
  /** Stripe's hosted Checkout; undefined when Stripe is not configured ("pay at the visit"). */
  checkout: Pick<CheckoutSessions, 'start'> | undefined;
  quotes: Pick<SentQuoteRepository, 'byToken' | 'byId'>;
  jobs: Pick<JobRepository, 'get'>;
  publicUrl: () => string;
  /** The customer's language: Stripe's page in Spanish for a Spanish customer (issue 37). */
  languages: Pick<CustomerLanguages, 'languageOf'>;
  clock: Clock;
}

/**
 * What a quote asks up front and where it stands (issue 35, item 3). The deposit is worked out by
 * the contract's one `depositFor`, fixed in the quote at acceptance; what was paid is always the
 * ledger's, and what "Pay" charges is computed here from both — never read from a request.
 */
export function depositsService(deps: DepositsDeps) {
  const { ledger, quotes } = deps;
  const now = () => new Date(deps.clock()).toISOString();

  /** The rule a quote asks by: its own amount (0: none), else Settings'. */
  const ruleOf = (q: Pick<StoredQuote, 'depositOverrideCents'>): DepositRule =>
    q.depositOverrideCents !== null ? overrideRule(q.depositOverrideCents) : deps.settings.read().deposit;

  /** Fixed at acceptance; a quote accepted before deposits existed asked none. Before: the rule now. */
  const askedOf = (q: StoredQuote, totalCents = q.acceptance?.totalCents ?? q.amountCents) =>
    q.acceptedAt ? (q.depositCents ?? 0) : depositFor(ruleOf(q), totalCents);

  const standingOf = (q: StoredQuote) => {
    const asked = askedOf(q);
    const { paidCents, pendingCents } = ledger.depositOfQuote(q.id);
    const due = q.acceptedAt ? Math.max(0, asked - paidCents - pendingCents) : 0;
    return { asked, paidCents, pendingCents, due };
  };

  const quoteOfToken = (token: string) => {
    const q = QUOTE_TOKEN_PATTERN.test(token) ? quotes.byToken(token) : undefined;
    if (!q) throw notFound('Quote');
    return q;
  };

  const work = (total: number, q: StoredQuote | undefined, jobId: number | null): DepositStanding => {
    const s = q ? standingOf(q) : { asked: 0, paidCents: 0, pendingCents: 0 };
    const paidToward = ledger.paidTowardWork({ jobId, quoteId: q?.id ?? null });
    return {
      quoteId: q?.id ?? null,
      jobId,
      totalCents: total,
      askedCents: s.asked,
      paidCents: s.paidCents,
      pendingCents: s.pendingCents,
      leftCents: Math.max(0, total - paidToward),
    };
  };

  return {
    askedOf: (q: StoredQuote, totalCents: number) => depositFor(ruleOf(q), totalCents),
    publicView(q: StoredQuote): PublicDeposit {
      const s = standingOf(q);
      return {
        rule: ruleOf(q),
        askedCents: s.asked,
        paidCents: s.paidCents,
        pendingCents: s.pendingCents,
        dueCents: s.due,
        online: Boolean(deps.checkout),
      };
    },

    /** Staff: a quote's deposit and what is left of its price ("Deposit paid $80 · $240 left"). */
    ofQuote(quoteId: number): DepositStanding {
      const q = quotes.byId(quoteId);
      if (!q) throw notFound('Quote');
      return work(q.acceptance?.totalCents ?? q.amountCents, q, q.jobId);
    },
    /** Staff: the same for a job on the board (a job made by a service plan has no quote). */
    ofJob(jobId: number): DepositStanding {
      const job = deps.jobs.get(jobId);
      if (!job) throw notFound('Job');
      const q = job.quoteId !== null ? quotes.byId(job.quoteId) : undefined;
      return work(job.priceCents, q, job.id);
    },

    /**
     * "Pay the deposit": a Checkout Session for what is due now (the deposit less what settled or is
     * on its way), made at this press and reused while open for the same amount.
     */
    async pay(
      token: string,
      byStaff: boolean,
      pageLanguage: Language | null = null,
      /** Where Stripe sends the customer back (the account page); else the quote's own page. */
      returnTo?: { success: string; cancel: string },
    ): Promise<{ url: string }> {
      const q = quoteOfToken(token);
      if (byStaff) throw new HttpError(403, 'quote_staff_preview', QUOTE_REFUSALS.staff);
      const state = stateOf(q, now());
      if (state === 'superseded') throw new HttpError(410, 'quote_superseded', QUOTE_REFUSALS.superseded);
      if (state !== 'accepted') throw new HttpError(422, 'quote_not_accepted', DEPOSIT_TEXTS.notAccepted);
      const { due } = standingOf(q);
      if (due <= 0) throw new HttpError(409, 'nothing_due', DEPOSIT_TEXTS.nothingDue);
      if (!deps.checkout)
        throw new HttpError(503, 'payments_not_configured', DEPOSIT_TEXTS.notOnline, undefined, {
          payAtTheVisit: PAY_AT_THE_VISIT,
        });
      const page = `${deps.publicUrl()}${quotePagePath(q.token)}`;
      const language = checkoutLanguage(
        pageLanguage,
        { phone: q.customerPhone, email: q.customerEmail },
        deps.languages,
      );
      try {
        return await deps.checkout.start({
          purpose: 'deposit',
          quoteId: q.id,
          jobId: q.jobId,
          customerId: q.customerId,
          amountCents: due,
          description: CHECKOUT_LINES[language].deposit(q.document.lines.map((l) => l.service)).slice(0, 250),
          customerEmail: q.customerEmail,
          // Back from Stripe, the quote page opens in the language Stripe's page was in.
          successUrl: pageLinkIn(returnTo?.success ?? `${page}?paid=1`, language),
          cancelUrl: pageLinkIn(returnTo?.cancel ?? page, language),
          locale: checkoutLocaleOf(language),
        });
      } catch {
        // Stripe did not answer: nothing was charged, and the customer may simply press again.
        throw new HttpError(
          502,
          'checkout_unavailable',
          DEPOSIT_TEXTS.checkoutUnavailable,
        );
      }
    },
  };
}
export type DepositsService = ReturnType<typeof depositsService>;
