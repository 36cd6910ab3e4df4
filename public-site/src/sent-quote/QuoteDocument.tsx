import { dialablePhone, formatDollars, type PublicQuote } from '@washdesk/contract';

export const formatQuoteDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** The quote as a document: letterhead, customer, services, price, validity and terms. */
export function QuoteDocument({ quote }: { quote: PublicQuote }) {
  const { business } = quote;
  return (
    <article className="sent-quote card" aria-label="Quote">
      <header className="sent-quote__letterhead">
        <p className="sent-quote__business">{business.name}</p>
        <p>
          <a href={`tel:${dialablePhone(business.phone)}`}>{business.phone}</a> ·{' '}
          <a href={`mailto:${business.email}`}>{business.email}</a>
        </p>
        <p className="sent-quote__muted">Serving {business.serviceArea}</p>
      </header>
      <dl className="sent-quote__facts">
        <dt>Prepared for</dt>
        <dd>{quote.customerName}</dd>
        {quote.address && (
          <>
            <dt>Address</dt>
            <dd>{quote.address}</dd>
          </>
        )}
        <dt>Date</dt>
        <dd>{formatQuoteDate(quote.sentAt)}</dd>
      </dl>
      <h2>Services</h2>
      <ul className="sent-quote__lines">
        {quote.lines.map((line, i) => (
          <li key={i}>
            <span>{line.service}</span>
            {line.squareFeet !== null && (
              <span className="sent-quote__muted">about {line.squareFeet.toLocaleString('en-US')} sq ft</span>
            )}
          </li>
        ))}
      </ul>
      <p className="sent-quote__total">
        <span>Total price</span>
        <strong>{formatDollars(quote.amount)}</strong>
      </p>
      <p>
        Valid for {quote.validityDays} days, until {formatQuoteDate(quote.validUntil)}.
      </p>
      <h2>Terms</h2>
      <p className="sent-quote__muted">{quote.terms}</p>
    </article>
  );
}
