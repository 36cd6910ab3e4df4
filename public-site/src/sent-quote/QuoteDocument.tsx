import {
  dialablePhone,
  dollarsOf,
  formatCents,
  formatPerSquareFoot,
  formatSquareFeet,
  quoteTotalCents,
  type PublicQuote,
} from '@washdesk/contract';

export const formatQuoteDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

interface QuoteDocumentProps {
  quote: PublicQuote;
  /** The add-ons ticked on the page (an accepted quote shows the ones accepted). */
  chosen: number[];
  /** Null when the add-ons cannot be changed (accepted, expired, replaced, a staff preview). */
  onChoose: ((ids: number[]) => void) | null;
}

/** The quote as a document: letterhead, customer, services, add-ons, price, validity and terms. */
export function QuoteDocument({ quote, chosen, onChoose }: QuoteDocumentProps) {
  const { business } = quote;
  const picked = quote.acceptance?.addOnIds ?? chosen;
  // The page adds up what it shows; the server adds it up again on acceptance and keeps its own.
  const total = quote.acceptance?.totalCents ?? quoteTotalCents(quote.amountCents, quote.addOns, picked);
  const toggle = (id: number, on: boolean) =>
    onChoose?.(on ? [...picked, id] : picked.filter((other) => other !== id));
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
      <ul className="sent-quote__lines" aria-label="Services">
        {quote.lines.map((line, i) => (
          <li key={i}>
            <span>{line.service}</span>
            {line.squareFeet !== null && line.unitPriceCents !== null ? (
              <span className="sent-quote__muted">
                {formatSquareFeet(line.squareFeet)} × {formatPerSquareFoot(dollarsOf(line.unitPriceCents))}
              </span>
            ) : (
              line.squareFeet !== null && (
                <span className="sent-quote__muted">
                  about {line.squareFeet.toLocaleString('en-US')} sq ft
                </span>
              )
            )}
            {line.amountCents !== null && <strong>{formatCents(line.amountCents)}</strong>}
          </li>
        ))}
      </ul>
      {quote.addOns.length > 0 && (
        <fieldset className="sent-quote__add-ons">
          <legend>Optional add-ons</legend>
          {quote.addOns.map((addOn) => (
            <label key={addOn.id} className="sent-quote__add-on">
              <input
                type="checkbox"
                checked={picked.includes(addOn.id)}
                disabled={!onChoose}
                onChange={(event) => toggle(addOn.id, event.target.checked)}
              />
              <span>{addOn.service}</span>
              <strong>+{formatCents(addOn.amountCents)}</strong>
            </label>
          ))}
        </fieldset>
      )}
      <p className="sent-quote__total" aria-live="polite">
        <span>Total price</span>
        <strong>{formatCents(total)}</strong>
      </p>
      <p>
        Valid for {quote.validityDays} days, until {formatQuoteDate(quote.validUntil)}.
      </p>
      <h2>Terms</h2>
      <p className="sent-quote__muted">{quote.terms}</p>
    </article>
  );
}
