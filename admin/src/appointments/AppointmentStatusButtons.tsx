import { Button, Intent } from '@blueprintjs/core';
import { APPOINTMENT_STATUS_MOVES, type Appointment, type AppointmentStatus } from '@washdesk/contract';
import { changeAppointment } from './appointments.queries.ts';
import { showFailureToast } from '../toaster.ts';
import { useAppointmentChange } from './use-appointment-change.ts';

const MOVES: Record<AppointmentStatus, { text: string; intent: Intent; done: string }> = {
  completed: { text: 'Mark Completed', intent: Intent.SUCCESS, done: 'Appointment marked completed' },
  cancelled: { text: 'Cancel Appointment', intent: Intent.DANGER, done: 'Appointment cancelled' },
  scheduled: { text: 'Restore Appointment', intent: Intent.PRIMARY, done: 'Appointment restored' },
};

/** Only the moves the server allows from the current status (contract: APPOINTMENT_STATUS_MOVES). */
export function AppointmentStatusButtons({
  appointment,
  onDone,
}: {
  appointment: Appointment;
  onDone: () => void;
}) {
  const move = useAppointmentChange(
    (api, status: AppointmentStatus) => changeAppointment(api, appointment.id, { status }),
    (status) => MOVES[status].done,
    onDone,
  );
  return (
    <div className="appointment-status-buttons">
      {APPOINTMENT_STATUS_MOVES[appointment.status].map((status) => (
        <Button
          key={status}
          variant="outlined"
          intent={MOVES[status].intent}
          text={MOVES[status].text}
          loading={move.isPending && move.variables === status}
          disabled={move.isPending}
          onClick={() =>
            move.mutate(status, {
              onError: (error) => showFailureToast('Failed to update appointment', error),
            })
          }
        />
      ))}
    </div>
  );
}
