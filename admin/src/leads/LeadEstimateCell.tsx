import { Button, Classes, Intent } from '@blueprintjs/core';
import { Link } from 'react-router';
import { VISIT_ANSWER_LABELS, type Lead } from '@washdesk/contract';
import { dateLabel, statusLabel, timeLabel } from '../appointments/appointment-labels.ts';
import { routerPath } from '../shell/admin-pages.ts';

/**
 * The lead's estimate visit as the appointment stands now (moved, completed or cancelled), linked
 * to its details on Appointment Scheduling; "Book estimate" while there is none to go to.
 */
export function LeadEstimateCell({ lead, onBook }: { lead: Lead; onBook: (lead: Lead) => void }) {
  const visit = lead.estimate;
  const who = lead.name ?? lead.phone ?? 'this lead';
  return (
    <>
      {visit && (
        <div>
          <Link
            to={`${routerPath('/admin/appointment-scheduling')}?appointment=${visit.appointmentId}`}
            aria-label={`Estimate visit of ${who}`}
          >
            {dateLabel(visit.scheduledDate)} at {timeLabel(visit)}
          </Link>
          {visit.status === 'scheduled' && visit.customerAnswer && (
            <div className={Classes.TEXT_MUTED}>{VISIT_ANSWER_LABELS[visit.customerAnswer]}</div>
          )}
          {visit.status !== 'scheduled' && (
            <div className={visit.status === 'cancelled' ? Classes.TEXT_MUTED : undefined}>
              {statusLabel(visit.status)}
            </div>
          )}
        </div>
      )}
      {(!visit || visit.status === 'cancelled') && (
        <Button
          small
          icon="calendar"
          intent={visit ? Intent.NONE : Intent.PRIMARY}
          text="Book estimate"
          aria-label={`Book estimate for ${who}`}
          onClick={() => onBook(lead)}
        />
      )}
    </>
  );
}
