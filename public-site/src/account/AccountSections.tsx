import { useState } from 'react';
import { formatCents, MONTH_NAMES, planFrequencyText, type CustomerAccount } from '@washdesk/contract';
import { openPage } from './account-api.ts';

// The lists of the customer's page, each a section with its heading. A link opens the thing's own
// page (the quote, the invoice), where accepting and paying happen under their own rules.

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/**
 * "Friday, December 4" for a 'YYYY-MM-DD' (or the day of an ISO instant): the visit page's words,
 * from two short lists rather than Intl, whose first use costs a slow phone a long task.
 */
export function formatVisitDay(date: string) {
  const [year, month, dayOfMonth] = date.slice(0, 10).split('-').map(Number);
  const weekday = new Date(Date.UTC(year!, month! - 1, dayOfMonth!)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${MONTH_NAMES[month! - 1]} ${dayOfMonth}`;
}
const day = (iso: string) => formatVisitDay(iso);
const monthText = (dueMonth: string) => {
  const [year, month] = dueMonth.split('-').map(Number);
  return `${MONTH_NAMES[(month ?? 1) - 1]} ${year}`;
};
const METHODS: Record<string, string> = {
  card: 'Card',
  us_bank_account: 'Bank account',
  cash: 'Cash',
  check: 'Check',
  other: 'Other',
};

export function InvoicesSection({ invoices }: { invoices: CustomerAccount['invoices'] }) {
  if (!invoices.length) return null;
  return (
    <section aria-labelledby="account-invoices" className="account__section">
      <h2 id="account-invoices">Invoices</h2>
      <ul className="account__list">
        {invoices.map((invoice) => (
          <li key={invoice.number} className="account__item">
            <p className="account__line">
              <strong>Invoice #{invoice.number}</strong> · {formatCents(invoice.totalCents)}
            </p>
            <p className="account__line sent-quote__muted">
              {invoice.balanceCents > 0
                ? `${formatCents(invoice.balanceCents)} due by ${formatVisitDay(invoice.dueOn)}`
                : 'Paid in full'}
            </p>
            <a
              className={invoice.balanceCents > 0 ? 'quote-button account__action' : 'account__link'}
              href={invoice.url}
            >
              {invoice.balanceCents > 0 ? `Pay invoice #${invoice.number}` : `See invoice #${invoice.number}`}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function QuotesSection({ quotes }: { quotes: CustomerAccount['quotes'] }) {
  if (!quotes.length) return null;
  return (
    <section aria-labelledby="account-quotes" className="account__section">
      <h2 id="account-quotes">Quotes</h2>
      <ul className="account__list">
        {quotes.map((quote) => {
          const depositDue =
            quote.status === 'accepted' &&
            quote.depositCents !== null &&
            quote.depositPaidCents < quote.depositCents;
          return (
            <li key={quote.id} className="account__item">
              <p className="account__line">
                <strong>Quote of {day(quote.sentAt)}</strong> · {formatCents(quote.totalCents)}
              </p>
              <p className="account__line sent-quote__muted">
                {quote.status === 'accepted'
                  ? depositDue
                    ? `Accepted · deposit of ${formatCents(quote.depositCents!)} to pay`
                    : 'Accepted'
                  : quote.status === 'expired'
                    ? 'No longer open: call us for a new one'
                    : `Open until ${formatVisitDay(quote.validUntil)}`}
              </p>
              <a className="account__link" href={quote.url}>
                {quote.status === 'open'
                  ? 'See and accept the quote'
                  : depositDue
                    ? 'Pay the deposit'
                    : 'See the quote'}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Opens a visit's (or a plan job's) own page: a fresh link is made for it on the press. */
function OpenButton({ kind, id, label }: { kind: 'visit' | 'plan-visit'; id: number; label: string }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const open = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await openPage(kind, id);
      if (answer.kind === 'url') return window.location.assign(answer.url);
      setProblem(answer.message);
    } catch {
      setProblem('That page could not be opened. Please check your connection and try again.');
    }
    setBusy(false);
  };
  return (
    <>
      <button
        type="button"
        className="quote-button quote-button--secondary account__action"
        disabled={busy}
        onClick={() => void open()}
      >
        {busy ? 'Opening…' : label}
      </button>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}

export function VisitsSection({ visits }: { visits: CustomerAccount['visits'] }) {
  if (!visits.length) return null;
  return (
    <section aria-labelledby="account-visits" className="account__section">
      <h2 id="account-visits">Visits</h2>
      <ul className="account__list">
        {visits.map((visit) => (
          <li key={visit.id} className="account__item">
            <p className="account__line">
              <strong>{visit.title}</strong> · {formatVisitDay(visit.date)}
              {visit.time ? ` at ${visit.time}` : ''}
            </p>
            <p className="account__line sent-quote__muted">
              {visit.status === 'cancelled' ? 'Cancelled' : visit.status === 'completed' ? 'Done' : 'Booked'}
            </p>
            {visit.changeable && <OpenButton kind="visit" id={visit.id} label="Confirm, move or cancel" />}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PlansSection({ plans }: { plans: CustomerAccount['plans'] }) {
  if (!plans.length) return null;
  return (
    <section aria-labelledby="account-plans" className="account__section">
      <h2 id="account-plans">Your plan</h2>
      <ul className="account__list">
        {plans.map((plan) => (
          <li key={plan.id} className="account__item">
            <p className="account__line">
              <strong>{plan.title}</strong> · {planFrequencyText(plan.everyYears, plan.month)}
            </p>
            {plan.due ? (
              <>
                <p className="account__line sent-quote__muted">Due {monthText(plan.due.dueMonth)}</p>
                <OpenButton
                  kind="plan-visit"
                  id={plan.due.jobId}
                  label={`Book this year\u2019s ${plan.title}`}
                />
              </>
            ) : (
              <p className="account__line sent-quote__muted">Nothing to book right now</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PaymentsSection({ payments }: { payments: CustomerAccount['payments'] }) {
  if (!payments.length) return null;
  return (
    <section aria-labelledby="account-payments" className="account__section">
      <h2 id="account-payments">Payments and receipts</h2>
      <ul className="account__list">
        {payments.map((payment) => (
          <li key={payment.id} className="account__item">
            <p className="account__line">
              <strong>{formatCents(Math.abs(payment.amountCents))}</strong>{' '}
              {payment.kind === 'refund' ? 'refunded' : 'paid'} on {day(payment.occurredAt)}
              {payment.status === 'pending' ? ' (on its way)' : ''}
            </p>
            <p className="account__line sent-quote__muted">
              {METHODS[payment.method] ?? payment.method}
              {payment.invoiceNumber !== null ? ` · invoice #${payment.invoiceNumber}` : ''}
              {payment.purpose === 'deposit' ? ' · deposit' : ''}
              {payment.tipCents > 0 ? ` · includes a ${formatCents(payment.tipCents)} tip` : ''}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
