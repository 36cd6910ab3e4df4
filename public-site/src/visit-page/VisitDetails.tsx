import type { PublicVisit } from '@washdesk/contract';
import { pageLanguage, t } from '../i18n/i18n.ts';
import { formatVisitDay } from './visit-api.ts';

/** The visit as the customer booked it: the service, when, and where. */
export function VisitDetails({ visit }: { visit: PublicVisit }) {
  return (
    <dl className="sent-quote__facts visit-page__facts">
      <dt>{t('visit.service')}</dt>
      <dd>{pageLanguage() === 'es' ? visit.serviceEs : visit.service}</dd>
      <dt>{t('visit.date')}</dt>
      <dd data-testid="visit-date">{formatVisitDay(visit.date)}</dd>
      <dt>{t('visit.time')}</dt>
      <dd data-testid="visit-time">{visit.time ?? t('visit.toBeArranged')}</dd>
      <dt>{t('visit.address')}</dt>
      <dd>{visit.address}</dd>
    </dl>
  );
}
