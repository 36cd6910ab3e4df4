import { useEffect, useState } from 'react';
import { formatCents, PAY_AT_THE_VISIT, PAYMENT_METHOD_LABELS, type PublicInvoice } from '@washdesk/contract';
import { PageLayout } from '../layout/PageLayout.tsx';
import { tokenOfPath } from '../sent-quote/quote-api.ts';
import { fetchInvoice } from '../invoice/invoice-api.ts';
import { PayInvoiceForm } from '../invoice/PayInvoiceForm.tsx';
import '../quote-tool/quote-tool.css';
import '../sent-quote/sent-quote.css';
import '../invoice/invoice-page.css';

type Shown =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string }
  | { kind: 'invoice'; invoice: PublicInvoice };

/** A calendar day ("2026-12-07") as the customer reads it: December 7, 2026. */
const dayText = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
const momentText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * /invoice/{token}: the invoice a done job got, phone first. What is owed is the server's figure
 * (the ledger's), never worked out here. With Stripe the customer pays all or part, with an
 * optional tip; without it the page says to pay at the visit and offers no Pay button.
 */
export function InvoicePage() {
  const [token] = useState(() => (typeof window === 'undefined' ? '' : tokenOfPath(window.location.pathname)));
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });
  const [justPaid] = useState(() => typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('paid'));

  useEffect(() => {
    fetchInvoice(token)
      .then((answer) => {
        if (answer.kind === 'invoice') setShown({ kind: 'invoice', invoice: answer.invoice });
        else if (answer.status === 404) setShown({ kind: 'missing' });
        else setShown({ kind: 'failed', message: answer.message });
      })
      .catch(() => setShown({ kind: 'failed', message: 'Your invoice could not be loaded. Please try again.' }));
  }, [token]);

  const invoice = shown.kind === 'invoice' ? shown.invoice : null;
  return (
    <PageLayout title="Your invoice">
      {shown.kind === 'loading' && (
        <>
          <h1>Your invoice</h1>
          <p className="intro" role="status">
            Loading your invoice…
          </p>
        </>
      )}
      {shown.kind === 'missing' && (
        <>
          <h1>Invoice not found</h1>
          <p className="intro">This link does not open an invoice. Please check the link in your text or e-mail.</p>
        </>
      )}
      {shown.kind === 'failed' && (
        <>
          <h1>Your invoice</h1>
          <p className="intro" role="alert">
            {shown.message}
          </p>
        </>
      )}
      {invoice && (
        <>
          <h1>Invoice #{invoice.number}</h1>
          {justPaid && invoice.status === 'open' && (
            <p className="sent-quote__banner" role="status">
              Thank you. Your payment shows here as soon as it is confirmed
              {invoice.pendingCents > 0 ? ' (a bank payment takes a few days)' : ''}.
            </p>
          )}
          {invoice.status === 'paid' && (
            <p className="sent-quote__banner sent-quote__banner--accepted" role="status">
              Paid in full. Thank you!
            </p>
          )}
          {invoice.status === 'void' && (
            <p className="sent-quote__banner sent-quote__banner--closed" role="status">
              This invoice was cancelled: nothing is owed on it.
            </p>
          )}
          <article className="sent-quote card" aria-label="Invoice">
            <header className="sent-quote__letterhead">
              <p className="sent-quote__business">{invoice.businessName}</p>
            </header>
            <dl className="sent-quote__facts">
              <dt>For</dt>
              <dd>{invoice.customerName}</dd>
              <dt>Address</dt>
              <dd>{invoice.address}</dd>
              <dt>Date</dt>
              <dd>{dayText(invoice.issuedOn)}</dd>
              <dt>Due</dt>
              <dd>{dayText(invoice.dueOn)}</dd>
            </dl>
            <h2>Services</h2>
            <ul className="sent-quote__lines" aria-label="Services">
              {invoice.lines.map((line, i) => (
                <li key={i}>
                  <span>{line.service}</span>
                  <strong>{formatCents(line.amountCents)}</strong>
                </li>
              ))}
            </ul>
            <dl className="invoice-page__sums" aria-label="Totals">
              {invoice.depositCreditedCents > 0 && (
                <>
                  <dt>Deposit paid</dt>
                  <dd>-{formatCents(invoice.depositCreditedCents)}</dd>
                </>
              )}
              <dt>Total</dt>
              <dd>{formatCents(invoice.totalCents)}</dd>
              <dt>Paid so far</dt>
              <dd>{formatCents(invoice.paidCents)}</dd>
              {invoice.pendingCents > 0 && (
                <>
                  <dt>On its way (bank payment)</dt>
                  <dd>{formatCents(invoice.pendingCents)}</dd>
                </>
              )}
              <dt className="invoice-page__due">Balance due</dt>
              <dd className="invoice-page__due">{formatCents(invoice.status === 'void' ? 0 : invoice.balanceCents)}</dd>
            </dl>
          </article>
          {invoice.status === 'open' &&
            (invoice.payOnline ? (
              invoice.balanceCents - invoice.pendingCents > 0 && <PayInvoiceForm token={token} invoice={invoice} />
            ) : (
              <p className="sent-quote__banner" role="note">
                {PAY_AT_THE_VISIT}
              </p>
            ))}
          {invoice.receipts.length > 0 && (
            <section className="card" aria-label="Receipts">
              <h2>Receipts</h2>
              <ul className="sent-quote__lines">
                {invoice.receipts.map((r, i) => (
                  <li key={i}>
                    <span>
                      {momentText(r.at)} · {r.refund ? 'Refund' : PAYMENT_METHOD_LABELS[r.method]}
                      {r.tipCents > 0 && !r.refund ? ` (tip ${formatCents(r.tipCents)})` : ''}
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
