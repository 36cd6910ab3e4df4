import { t } from '../i18n/i18n.ts';
import { PricingBanner } from './PricingBanner.tsx';

/**
 * What the photo form offers, before its fields: the two ways to an estimate. `withAi` says
 * whether an AI model makes the instant estimate (the business profile), so nothing claims it
 * when it does not.
 */
export function PhotoFormIntro({ withAi, followUpHours }: { withAi: boolean; followUpHours: number }) {
  return (
    <>
      <p className="intro">{t(withAi ? 'photoForm.intro.ai' : 'photoForm.intro.rough')}</p>
      <PricingBanner />
      <div className="photo-form-info">
        {withAi ? (
          <section className="photo-form-info__box" aria-labelledby="info-ai">
            <h2 id="info-ai">{t('photoForm.info.ai')}</h2>
            <p>{t('photoForm.info.aiText')}</p>
          </section>
        ) : (
          <section className="photo-form-info__box" aria-labelledby="info-ai">
            <h2 id="info-ai">{t('photoForm.info.rough')}</h2>
            <p>{t('photoForm.info.roughText')}</p>
          </section>
        )}
        <section className="photo-form-info__box" aria-labelledby="info-manual">
          <h2 id="info-manual">{t('photoForm.info.manual')}</h2>
          <p>{t('photoForm.info.manualText', { hours: followUpHours })}</p>
        </section>
      </div>
    </>
  );
}
