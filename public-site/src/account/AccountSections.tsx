import { formatCents, serviceTitleIn, type CustomerAccount } from '@washdesk/contract';
import type { MessageId } from '../i18n/catalog.en.ts';
import { pageLanguage, t } from '../i18n/i18n.ts';
import { openPage } from './account-api.ts';
import { accountDay, accountMonth, planEvery } from './account-texts.ts';
import { depositDueOf, PayDeposit } from './PayDeposit.tsx';
import { GoButton } from './GoButton.tsx';
import { PayWithTip } from './PayWithTip.tsx';

// The lists of the customer's page, each a section with its heading. What is owed is paid here
// (an invoice with a tip, a quote's deposit); a link opens the thing's own page (the quote, the
// invoice) for the rest.

const num = (n: number) => String(n);

export function InvoicesSection({
  invoices,
  payOnline,
}: {
  invoices: CustomerAccount['invoices'];
  payOnline: boolean;
}) {
  if (!invoices.length) return null;
  return (
    <section aria-labelledby="account-invoices" className="account__section">
      <h2 id="account-invoices">{t('account.invoices')}</h2>
      <ul className="account__list">
        {invoices.map((invoice) => {
          const payable = invoice.status === 'open' && invoice.balanceCents - invoice.pendingCents > 0;
          return (
            <li key={invoice.number} className="account__item">
              <p className="account__line">
                <strong>{t('account.invoice', { number: num(invoice.number) })}</strong> ·{' '}
                {formatCents(invoice.totalCents)}
              </p>
              <p className="account__line sent-quote__muted">
                {invoice.balanceCents > 0
                  ? t('account.invoice.due', {
                      amount: formatCents(invoice.balanceCents),
                      day: accountDay(invoice.dueOn),
                    })
                  : t('account.invoice.paid')}
              </p>
              {invoice.pendingCents > 0 && (
                <p className="account__line sent-quote__muted">
                  {t('account.invoice.onItsWay', { amount: formatCents(invoice.pendingCents) })}
                </p>
              )}
              {payable &&
                (payOnline ? (
                  <PayWithTip invoice={invoice} />
                ) : (
                  <p className="account__line">{t('account.payAtTheVisit')}</p>
                ))}
              <a className="account__link" href={invoice.url}>
                {t('account.invoice.see', { number: num(invoice.number) })}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function QuotesSection({
  quotes,
  payOnline,
}: {
  quotes: CustomerAccount['quotes'];
  payOnline: boolean;
}) {
  if (!quotes.length) return null;
  return (
    <section aria-labelledby="account-quotes" className="account__section">
      <h2 id="account-quotes">{t('account.quotes')}</h2>
      <ul className="account__list">
        {quotes.map((quote) => {
          // The deposit's figures are the ledger's: paid once settled, a bank payment on its way apart.
          const due = depositDueOf(quote);
          const asked = quote.status === 'accepted' && (quote.depositCents ?? 0) > 0;
          return (
            <li key={quote.id} className="account__item">
              <p className="account__line">
                <strong>{t('account.quote', { day: accountDay(quote.sentAt) })}</strong> ·{' '}
                {formatCents(quote.totalCents)}
              </p>
              <p className="account__line sent-quote__muted">
                {quote.status === 'accepted'
                  ? due > 0
                    ? t('account.quote.depositToPay', { amount: formatCents(due) })
                    : t('account.quote.accepted')
                  : quote.status === 'expired'
                    ? t('account.quote.expired')
                    : t('account.quote.openUntil', { day: accountDay(quote.validUntil) })}
              </p>
              {asked &&
                (due > 0 ? (
                  payOnline ? (
                    <PayDeposit quote={quote} />
                  ) : (
                    <p className="account__line">{t('account.payAtTheVisit')}</p>
                  )
                ) : (
                  <p className="account__line">
                    {quote.depositPaidCents >= quote.depositCents! ? t('deposit.paid') : t('deposit.pending')}
                  </p>
                ))}
              {/* Accepting (the typed name and the terms) is the quote's own page. */}
              <a className="account__link" href={quote.url}>
                {quote.status === 'open' ? t('account.quote.seeAndAccept') : t('account.quote.see')}
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
  return (
    <GoButton
      ask={() => openPage(kind, id)}
      label={label}
      busyLabel={t('account.opening')}
      failed={t('account.openFailed')}
      secondary
    />
  );
}

const VISIT_STATUS: Record<CustomerAccount['visits'][number]['status'], MessageId> = {
  cancelled: 'account.visit.cancelled',
  completed: 'account.visit.done',
  scheduled: 'account.visit.booked',
};

export function VisitsSection({ visits }: { visits: CustomerAccount['visits'] }) {
  if (!visits.length) return null;
  return (
    <section aria-labelledby="account-visits" className="account__section">
      <h2 id="account-visits">{t('account.visits')}</h2>
      <ul className="account__list">
        {visits.map((visit) => (
          <li key={visit.id} className="account__item">
            <p className="account__line">
              <strong>{serviceTitleIn(visit.title, pageLanguage())}</strong> ·{' '}
              {visit.time
                ? t('account.visit.at', { day: accountDay(visit.date), time: visit.time })
                : accountDay(visit.date)}
            </p>
            <p className="account__line sent-quote__muted">{t(VISIT_STATUS[visit.status])}</p>
            {visit.changeable && <OpenButton kind="visit" id={visit.id} label={t('account.visit.change')} />}
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
      <h2 id="account-plans">{t('account.plans')}</h2>
      <ul className="account__list">
        {plans.map((plan) => (
          <li key={plan.id} className="account__item">
            <p className="account__line">
              <strong>{serviceTitleIn(plan.title, pageLanguage())}</strong> ·{' '}
              {planEvery(plan.everyYears, plan.month)}
            </p>
            {plan.due ? (
              <>
                <p className="account__line sent-quote__muted">
                  {t('account.plan.due', { month: accountMonth(plan.due.dueMonth) })}
                </p>
                <OpenButton
                  kind="plan-visit"
                  id={plan.due.jobId}
                  label={t('account.plan.book', { title: serviceTitleIn(plan.title, pageLanguage()) })}
                />
              </>
            ) : (
              <p className="account__line sent-quote__muted">{t('account.plan.nothing')}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

const METHODS: Record<string, MessageId> = {
  card: 'account.method.card',
  us_bank_account: 'account.method.us_bank_account',
  cash: 'account.method.cash',
  check: 'account.method.check',
  other: 'account.method.other',
};

export function PaymentsSection({ payments }: { payments: CustomerAccount['payments'] }) {
  if (!payments.length) return null;
  return (
    <section aria-labelledby="account-payments" className="account__section">
      <h2 id="account-payments">{t('account.payments')}</h2>
      <ul className="account__list">
        {payments.map((payment) => {
          const method = METHODS[payment.method];
          const details = [
            method ? t(method) : payment.method,
            payment.invoiceNumber !== null
              ? t('account.payment.invoice', { number: num(payment.invoiceNumber) })
              : null,
            payment.purpose === 'deposit' ? t('account.payment.deposit') : null,
            payment.tipCents > 0 ? t('account.payment.tip', { amount: formatCents(payment.tipCents) }) : null,
          ].filter(Boolean);
          const what = {
            amount: formatCents(Math.abs(payment.amountCents)),
            day: accountDay(payment.occurredAt),
          };
          return (
            <li key={payment.id} className="account__item">
              <p className="account__line">
                {payment.kind === 'refund'
                  ? t('account.payment.refunded', what)
                  : t('account.payment.paid', what)}
                {payment.status === 'pending' ? ` ${t('account.payment.onItsWay')}` : ''}
              </p>
              <p className="account__line sent-quote__muted">{details.join(' · ')}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
