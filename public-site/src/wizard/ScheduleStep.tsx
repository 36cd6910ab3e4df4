import { labelOf, PROPERTY_TYPE_OPTIONS, URGENCY_OPTIONS, WIZARD_SERVICE_OPTIONS } from '@washdesk/contract';
import { useBusinessProfile } from '../profile/business-profile.tsx';
import type { WizardData } from './wizard-data.ts';

/** Spec: the external scheduling calendar is framed 600 px high. */
const CALENDAR_HEIGHT = 600;

/** Step 3 "Schedule Your Estimate": what we will do, and a time to come and look. */
export function ScheduleStep({ data, photoCount }: { data: WizardData; photoCount: number }) {
  const profile = useBusinessProfile();
  const summary = [
    ['Service', labelOf(WIZARD_SERVICE_OPTIONS, data.serviceType)],
    ['Property', labelOf(PROPERTY_TYPE_OPTIONS, data.propertyType) || 'Not given'],
    ['Timeline', labelOf(URGENCY_OPTIONS, data.urgency) || 'Not given'],
    ['Photos', photoCount ? `${photoCount} attached` : 'None'],
  ];
  const calendarUrl = profile?.schedulingCalendarUrl;
  return (
    <>
      <dl className="wizard-summary" aria-label="Your request">
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
          title="Scheduling calendar"
          src={calendarUrl}
          height={CALENDAR_HEIGHT}
          loading="lazy"
        />
      ) : (
        <p className="wizard-note">
          Online booking is not available at the moment. Send your request and we call you within{' '}
          {profile?.followUpHours ?? 24} hours to pick a time for your free estimate.
        </p>
      )}
    </>
  );
}
