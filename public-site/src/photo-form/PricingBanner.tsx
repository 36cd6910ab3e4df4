import {
  ADVERTISED_PRICES,
  MINIMUM_JOB_PRICE,
  RATE_LABEL,
  formatDollars,
  formatPerSquareFoot,
} from '@washdesk/contract';

/** The advertised per-sq-ft prices, straight from the contract the pricing engine also reads. */
export function PricingBanner() {
  return (
    <section className="pricing-banner" aria-labelledby="pricing-heading">
      <h2 id="pricing-heading">Our Pricing · {RATE_LABEL}</h2>
      <ul className="pricing-banner__list">
        {ADVERTISED_PRICES.map((price) => (
          <li key={price.surface}>
            <span>{price.label}</span>
            <strong>
              {formatPerSquareFoot(price.low)}–{formatPerSquareFoot(price.high)} / sq ft
            </strong>
          </li>
        ))}
      </ul>
      <p className="pricing-banner__note">
        Soft wash starts at {formatDollars(MINIMUM_JOB_PRICE)} for small homes. Free estimates.
      </p>
    </section>
  );
}
