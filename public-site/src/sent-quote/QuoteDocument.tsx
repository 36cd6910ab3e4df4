import {
  dialablePhone,
  dollarsOf,
  formatCents,
  formatPerSquareFoot,
  formatSquareFeet,
  quoteTotalCents,
  LOCALES,
  type PublicQuote,
} from '@washdesk/contract';
import { pageLanguage, t } from '../i18n/i18n.ts';

export const formatQuoteDate = (iso: string) =>
  new Date(iso).toLocaleDateString(LOCALES[pageLanguage()], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

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
    <article className="sent-quote card" aria-label={t('quote.label')}>
      <header className="sent-quote__letterhead">
        <p className="sent-quote__business">{business.name}</p>
        <p>
          <a href={`tel:${dialablePhone(business.phone)}`}>{business.phone}</a> ·{' '}
          <a href={`mailto:${business.email}`}>{business.email}</a>
        </p>
        <p className="sent-quote__muted">{t('layout.serving', { area: business.serviceArea })}</p>
      </header>
      <dl className="sent-quote__facts">
        <dt>{t('quote.preparedFor')}</dt>
        <dd>{quote.customerName}</dd>
        {quote.address && (
          <>
            <dt>{t('quote.address')}</dt>
            <dd>{quote.address}</dd>
          </>
        )}
        <dt>{t('quote.date')}</dt>
        <dd>{formatQuoteDate(quote.sentAt)}</dd>
      </dl>
      <h2>{t('quote.services')}</h2>
      <ul className="sent-quote__lines" aria-label={t('quote.services')}>
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
                  {t('quote.aboutSqFt', { area: line.squareFeet.toLocaleString(LOCALES[pageLanguage()]) })}
                </span>
              )
            )}
            {line.amountCents !== null && <strong>{formatCents(line.amountCents)}</strong>}
          </li>
        ))}
      </ul>
      {quote.addOns.length > 0 && (
        <fieldset className="sent-quote__add-ons">
          <legend>{t('quote.addOns')}</legend>
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
        <span>{t('quote.total')}</span>
        <strong>{formatCents(total)}</strong>
      </p>
      <p>{t('quote.validUntil', { days: quote.validityDays, date: formatQuoteDate(quote.validUntil) })}</p>
      <h2>{t('quote.terms')}</h2>
      <p className="sent-quote__muted">{quote.terms}</p>
    </article>
  );
}
