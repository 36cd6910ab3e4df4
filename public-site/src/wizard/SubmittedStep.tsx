import type { Ref } from 'react';
import { t } from '../i18n/i18n.ts';
import { PhoneLink } from '../layout/PhoneLink.tsx';
import { useBusinessProfile } from '../profile/business-profile.tsx';

/** Step 4: the request is stored; what happens next and how to reach us. */
export function SubmittedStep({ headingRef }: { headingRef: Ref<HTMLHeadingElement> }) {
  const profile = useBusinessProfile();
  const hours = profile?.followUpHours ?? 24;
  return (
    <section className="card wizard-done" aria-labelledby="wizard-done-heading">
      <h2 id="wizard-done-heading" ref={headingRef} tabIndex={-1}>
        {t('wizard.done')}
      </h2>
      <p>{t('wizard.thanks')}</p>
      <h3>{t('wizard.nextSteps')}</h3>
      <ol className="wizard-next-steps">
        <li>{t('wizard.nextStep.1')}</li>
        <li>{t('wizard.nextStep.2', { hours })}</li>
        <li>{t('wizard.nextStep.3')}</li>
      </ol>
      {profile && (
        <p>
          {t('common.questionsCallUsAt')} <PhoneLink phone={profile.phone} />.
        </p>
      )}
      {profile?.serviceArea && <p>{t('wizard.serviceArea', { area: profile.serviceArea })}</p>}
    </section>
  );
}
