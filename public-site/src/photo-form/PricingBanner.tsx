import { ADVERTISED_PRICES, MINIMUM_JOB_PRICE, formatDollars, formatPerSquareFoot } from '@washdesk/contract';
import { t } from '../i18n/i18n.ts';

/** The advertised per-sq-ft prices, straight from the contract the pricing engine also reads. */
export function PricingBanner() {
  return (
    <section className="pricing-banner" aria-labelledby="pricing-heading">
      <h2 id="pricing-heading">{t('photoForm.pricing', { rate: t('photoForm.rateLabel') })}</h2>
      <ul className="pricing-banner__list">
        {ADVERTISED_PRICES.map((price) => (
          <li key={price.surface}>
            <span>{t(`option.surface.${price.surface}`)}</span>
            <strong>
              {t('photoForm.perSquareFoot', {
                low: formatPerSquareFoot(price.low),
                high: formatPerSquareFoot(price.high),
              })}
            </strong>
          </li>
        ))}
      </ul>
      <p className="pricing-banner__note">
        {t('photoForm.minimum', { price: formatDollars(MINIMUM_JOB_PRICE) })}
      </p>
    </section>
  );
}
