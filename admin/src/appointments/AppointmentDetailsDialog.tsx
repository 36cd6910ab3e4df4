import { Button, Dialog, DialogBody, DialogFooter, HTMLTable } from '@blueprintjs/core';
import { formatDollars, type Appointment } from '@washdesk/contract';
import { CallLink } from './CallLink.tsx';
import { dateLabel, serviceLabel, timeLabel } from './appointment-labels.ts';
import { AppointmentStatusTag } from './AppointmentStatusTag.tsx';
import { CopyVisitLink } from './CopyVisitLink.tsx';

const SOURCES: Record<Appointment['source'], string> = {
  staff: 'Scheduled by staff',
  phone: 'Booked by the phone assistant',
  web: 'Requested on the website',
};

interface AppointmentDetailsDialogProps {
  appointment: Appointment | undefined;
  onClose: () => void;
  onEdit: (appointment: Appointment) => void;
}

/** "View Details": the whole record, with a way on to editing it. */
export function AppointmentDetailsDialog({ appointment: a, onClose, onEdit }: AppointmentDetailsDialogProps) {
  return (
    <Dialog
      title={a ? `Appointment of ${a.customerName}` : ''}
      icon="calendar"
      isOpen={Boolean(a)}
      onClose={onClose}
    >
      {a && (
        <>
          <DialogBody>
            <HTMLTable compact className="appointment-details">
              <tbody>
                {[
                  ['Customer', a.customerName],
                  ['Phone', a.customerPhone],
                  ['E-mail', a.customerEmail ?? '—'],
                  ['Address', a.address],
                  ['Service', serviceLabel(a.serviceType)],
                  ['Date', dateLabel(a.scheduledDate)],
                  ['Time', timeLabel(a)],
                  ['Estimate', a.estimateAmount === null ? '—' : formatDollars(a.estimateAmount)],
                  ['Notes', a.notes ?? '—'],
                  ...(a.status === 'cancelled' ? [['Reason for cancelling', a.cancelReason ?? '—']] : []),
                ].map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{value}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row">Source</th>
                  {/* A booking made on a call links back to it: who called, what was said. */}
                  <td>
                    {SOURCES[a.source]}
                    {a.callId !== null && <CallLink callId={a.callId} />}
                  </td>
                </tr>
                <tr>
                  <th scope="row">Status</th>
                  <td>
                    <AppointmentStatusTag status={a.status} />
                  </td>
                </tr>
              </tbody>
            </HTMLTable>
            <CopyVisitLink appointment={a} />
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="Close" onClick={onClose} />
                <Button icon="edit" text="Edit" onClick={() => onEdit(a)} />
              </>
            }
          />
        </>
      )}
    </Dialog>
  );
}
