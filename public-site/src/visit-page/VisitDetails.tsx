import type { PublicVisit } from '@washdesk/contract';
import { formatVisitDay } from './visit-api.ts';

/** The visit as the customer booked it: the service, when, and where. */
export function VisitDetails({ visit }: { visit: PublicVisit }) {
  return (
    <dl className="sent-quote__facts visit-page__facts">
      <dt>Service</dt>
      <dd>{visit.service}</dd>
      <dt>Date</dt>
      <dd data-testid="visit-date">{formatVisitDay(visit.date)}</dd>
      <dt>Time</dt>
      <dd data-testid="visit-time">{visit.time ?? 'To be arranged'}</dd>
      <dt>Address</dt>
      <dd>{visit.address}</dd>
    </dl>
  );
}
