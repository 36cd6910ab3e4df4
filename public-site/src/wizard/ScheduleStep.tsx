import { PROPERTY_TYPE_OPTIONS, URGENCY_OPTIONS, WIZARD_SERVICE_OPTIONS } from '@washdesk/contract';
import { t } from '../i18n/i18n.ts';
import { optionLabel } from '../i18n/options.ts';
import { useBusinessProfile } from '../profile/business-profile.tsx';
import type { WizardData } from './wizard-data.ts';

/** Spec: the external scheduling calendar is framed 600 px high. */
const CALENDAR_HEIGHT = 600;

/** Step 3 "Schedule Your Estimate": what we will do, and a time to come and look. */
export function ScheduleStep({ data, photoCount }: { data: WizardData; photoCount: number }) {
  const profile = useBusinessProfile();
  const summary = [
    [t('wizard.summary.service'), optionLabel('service', WIZARD_SERVICE_OPTIONS, data.serviceType)],
    [t('wizard.summary.property'), optionLabel('property', PROPERTY_TYPE_OPTIONS, data.propertyType) || t('common.notGiven')],
    [t('wizard.summary.timeline'), optionLabel('urgency', URGENCY_OPTIONS, data.urgency) || t('common.notGiven')],
    [t('wizard.summary.photos'), photoCount ? t('wizard.photosAttached', { count: photoCount }) : t('common.none')],
  ];
  const calendarUrl = profile?.schedulingCalendarUrl;
  return (
    <>
      <dl className="wizard-summary" aria-label={t('wizard.summary')}>
        {summary.map(([term, value]) => (
          <div key={term} className="wizard-summary__item">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {calendarUrl ? (
        <iframe
          className="wizard-calendar"
          title={t('wizard.calendar')}
          src={calendarUrl}
          height={CALENDAR_HEIGHT}
          loading="lazy"
        />
      ) : (
        <p className="wizard-note">
          {t('wizard.noBooking', { hours: profile?.followUpHours ?? 24 })}
        </p>
      )}
    </>
  );
}
