import { Button, Card, Classes, H4, Icon, Tag } from '@blueprintjs/core';
import { formatDollars, type Appointment } from '@washdesk/contract';
import { CustomerAnswerLine } from './CustomerAnswerLine.tsx';
import { dateLabel, serviceLabel, timeLabel } from './appointment-labels.ts';
import { AppointmentStatusTag } from './AppointmentStatusTag.tsx';
import { ContactMenu } from '../components/ContactMenu.tsx';

interface AppointmentCardProps {
  appointment: Appointment;
  onEdit: (appointment: Appointment) => void;
}

/** One appointment on the Appointment Scheduling screen (spec 2: "Time TBD", estimate with $). */
export function AppointmentCard({ appointment: a, onEdit }: AppointmentCardProps) {
  return (
    <Card className="appointment-card" role="listitem" aria-label={a.customerName}>
      <div className="appointment-card__head">
        <H4 className="appointment-card__name">{a.customerName}</H4>
        <AppointmentStatusTag status={a.status} />
        {a.source === 'phone' && (
          <Tag minimal icon="phone">
            From phone call
          </Tag>
        )}
      </div>
      <dl className="appointment-card__facts">
        <dt>
          <Icon icon="wrench" title="Service" />
        </dt>
        <dd>{serviceLabel(a.serviceType)}</dd>
        <dt>
          <Icon icon="calendar" title="Date" />
        </dt>
        <dd>{dateLabel(a.scheduledDate)}</dd>
        <dt>
          <Icon icon="time" title="Time" />
        </dt>
        <dd>{timeLabel(a)}</dd>
        <dt>
          <Icon icon="map-marker" title="Address" />
        </dt>
        <dd>{a.address}</dd>
        <dt>
          <Icon icon="phone" title="Phone" />
        </dt>
        <dd>{a.customerPhone}</dd>
        {a.customerEmail && (
          <>
            <dt>
              <Icon icon="envelope" title="E-mail" />
            </dt>
            <dd>{a.customerEmail}</dd>
          </>
        )}
        {a.estimateAmount !== null && (
          <>
            <dt>
              <Icon icon="dollar" title="Estimate" />
            </dt>
            <dd>Estimate: {formatDollars(a.estimateAmount)}</dd>
          </>
        )}
      </dl>
      {a.customerAnswer && <CustomerAnswerLine answer={a.customerAnswer} />}
      {a.status === 'cancelled' && a.cancelReason && (
        <p className="appointment-card__cancel-reason">Reason for cancelling: {a.cancelReason}</p>
      )}
      {a.notes && <p className={`appointment-card__notes ${Classes.TEXT_MUTED}`}>{a.notes}</p>}
      <div className="appointment-card__actions">
        <Button icon="edit" text="Edit" size="small" onClick={() => onEdit(a)} />
        <ContactMenu name={a.customerName} phone={a.customerPhone} email={a.customerEmail} small />
      </div>
    </Card>
  );
}
