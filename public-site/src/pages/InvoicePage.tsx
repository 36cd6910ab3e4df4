import { useEffect, useState } from 'react';
import {
  formatCents,
  LOCALES,
  serviceNameIn,
  type PaymentMethod,
  type PublicInvoice,
} from '@washdesk/contract';
import type { MessageId } from '../i18n/catalog.en.ts';
import { pageLanguage, t } from '../i18n/i18n.ts';
import { saidInPageLanguage } from '../i18n/said-in-english.ts';
import { PageLayout } from '../layout/PageLayout.tsx';
import { tokenOfPath } from '../sent-quote/quote-api.ts';
import { fetchInvoice } from '../invoice/invoice-api.ts';
import { PayInvoiceForm } from '../invoice/PayInvoiceForm.tsx';
import '../quote-tool/quote-tool.css';
import '../sent-quote/sent-quote.css';
import '../invoice/invoice-page.css';

const methodId = (method: PaymentMethod) => `invoice.method.${method}` as MessageId;

type Shown =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string }
  | { kind: 'invoice'; invoice: PublicInvoice };

/** A calendar day ("2026-12-07") as the customer reads it: December 7, 2026. */
const dayText = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(LOCALES[pageLanguage()], {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
const momentText = (iso: string) =>
  new Date(iso).toLocaleDateString(LOCALES[pageLanguage()], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

/**
 * /invoice/{token}: the invoice a done job got, phone first. What is owed is the server's figure
 * (the ledger's), never worked out here. With Stripe the customer pays all or part, with an
 * optional tip; without it the page says to pay at the visit and offers no Pay button.
 */
export function InvoicePage() {
  const [token] = useState(() =>
    typeof window === 'undefined' ? '' : tokenOfPath(window.location.pathname),
  );
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });
  const [justPaid] = useState(
    () => typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('paid'),
  );

  useEffect(() => {
    fetchInvoice(token)
      .then((answer) => {
        if (answer.kind === 'invoice') setShown({ kind: 'invoice', invoice: answer.invoice });
        else if (answer.status === 404) setShown({ kind: 'missing' });
        else setShown({ kind: 'failed', message: saidInPageLanguage(answer.message, 'invoice.loadFailed') });
      })
      .catch(() => setShown({ kind: 'failed', message: t('invoice.loadFailed') }));
  }, [token]);

  const invoice = shown.kind === 'invoice' ? shown.invoice : null;
  return (
    <PageLayout title={t('invoice.title')}>
      {shown.kind === 'loading' && (
        <>
          <h1>{t('invoice.title')}</h1>
          <p className="intro" role="status">
            {t('invoice.loading')}
          </p>
        </>
      )}
      {shown.kind === 'missing' && (
        <>
          <h1>{t('invoice.notFound')}</h1>
          <p className="intro">{t('invoice.notFoundText')}</p>
        </>
      )}
      {shown.kind === 'failed' && (
        <>
          <h1>{t('invoice.title')}</h1>
          <p className="intro" role="alert">
            {shown.message}
          </p>
        </>
      )}
      {invoice && (
        <>
          <h1>{t('invoice.number', { number: invoice.number })}</h1>
          {justPaid && invoice.status === 'open' && (
            <p className="sent-quote__banner" role="status">
              {t(invoice.pendingCents > 0 ? 'invoice.thanksPendingBank' : 'invoice.thanksPending')}
            </p>
          )}
          {invoice.status === 'paid' && (
            <p className="sent-quote__banner sent-quote__banner--accepted" role="status">
              {t('invoice.paid')}
            </p>
          )}
          {invoice.status === 'void' && (
            <p className="sent-quote__banner sent-quote__banner--closed" role="status">
              {t('invoice.void')}
            </p>
          )}
          <article className="sent-quote card" aria-label={t('invoice.label')}>
            <header className="sent-quote__letterhead">
              <p className="sent-quote__business">{invoice.businessName}</p>
            </header>
            <dl className="sent-quote__facts">
              <dt>{t('invoice.for')}</dt>
              <dd>{invoice.customerName}</dd>
              <dt>{t('invoice.address')}</dt>
              <dd>{invoice.address}</dd>
              <dt>{t('invoice.date')}</dt>
              <dd>{dayText(invoice.issuedOn)}</dd>
              <dt>{t('invoice.due')}</dt>
              <dd>{dayText(invoice.dueOn)}</dd>
            </dl>
            <h2>{t('invoice.services')}</h2>
            <ul className="sent-quote__lines" aria-label={t('invoice.services')}>
              {invoice.lines.map((line, i) => (
                <li key={i}>
                  {/* Our service names in the page's language; a line staff typed stays as written. */}
                  <span>{serviceNameIn(line.service, pageLanguage())}</span>
                  <strong>{formatCents(line.amountCents)}</strong>
                </li>
              ))}
            </ul>
            <dl className="invoice-page__sums" aria-label={t('invoice.totals')}>
              {invoice.depositCreditedCents > 0 && (
                <>
                  <dt>{t('invoice.depositPaid')}</dt>
                  <dd>-{formatCents(invoice.depositCreditedCents)}</dd>
                </>
              )}
              <dt>{t('invoice.total')}</dt>
              <dd>{formatCents(invoice.totalCents)}</dd>
              <dt>{t('invoice.paidSoFar')}</dt>
              <dd>{formatCents(invoice.paidCents)}</dd>
              {invoice.pendingCents > 0 && (
                <>
                  <dt>{t('invoice.onItsWay')}</dt>
                  <dd>{formatCents(invoice.pendingCents)}</dd>
                </>
              )}
              <dt className="invoice-page__due">{t('invoice.balanceDue')}</dt>
              <dd className="invoice-page__due">
                {formatCents(invoice.status === 'void' ? 0 : invoice.balanceCents)}
              </dd>
            </dl>
          </article>
          {invoice.status === 'open' &&
            (invoice.payOnline ? (
              invoice.balanceCents - invoice.pendingCents > 0 && (
                <PayInvoiceForm token={token} invoice={invoice} />
              )
            ) : (
              <p className="sent-quote__banner" role="note">
                {t('invoice.payAtTheVisit')}
              </p>
            ))}
          {invoice.receipts.length > 0 && (
            <section className="card" aria-label={t('invoice.receipts')}>
              <h2>{t('invoice.receipts')}</h2>
              <ul className="sent-quote__lines">
                {invoice.receipts.map((r, i) => (
                  <li key={i}>
                    <span>
                      {momentText(r.at)} · {r.refund ? t('invoice.refund') : t(methodId(r.method))}
                      {r.tipCents > 0 && !r.refund
                        ? ` ${t('invoice.tipOf', { amount: formatCents(r.tipCents) })}`
                        : ''}
                    </span>
                    <strong>{formatCents(r.amountCents)}</strong>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </PageLayout>
  );
}
