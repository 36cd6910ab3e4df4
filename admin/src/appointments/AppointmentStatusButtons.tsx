import { useState } from 'react';
import { Alert, Button, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import {
  APPOINTMENT_STATUS_MOVES,
  CANCEL_REASON_REQUIRED,
  type Appointment,
  type AppointmentStatus,
} from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { appointmentQueries, changeAppointment } from './appointments.queries.ts';
import { dateLabel } from './appointment-labels.ts';
import { showFailureToast } from '../toaster.ts';
import { useAppointmentChange } from './use-appointment-change.ts';

const MOVES: Record<AppointmentStatus, { text: string; intent: Intent; done: string }> = {
  completed: { text: 'Mark Completed', intent: Intent.SUCCESS, done: 'Appointment marked completed' },
  cancelled: { text: 'Cancel Appointment', intent: Intent.DANGER, done: 'Appointment cancelled' },
  scheduled: { text: 'Restore Appointment', intent: Intent.PRIMARY, done: 'Appointment restored' },
};

interface Move {
  status: AppointmentStatus;
  cancelReason?: string;
}

/**
 * Only the moves the server allows from the current status (contract: APPOINTMENT_STATUS_MOVES).
 * Completing a visit whose day has not come asks first (a slip of the finger would mark work done
 * that was not), and cancelling asks why.
 */
export function AppointmentStatusButtons({
  appointment,
  onDone,
}: {
  appointment: Appointment;
  onDone: () => void;
}) {
  const api = useApi();
  // The business's today, as the server counts it; until it is known, completing asks first.
  const today = useQuery(appointmentQueries.summary(api)).data?.date;
  const [asking, setAsking] = useState<'completed' | 'cancelled'>();
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState<string>();

  const move = useAppointmentChange(
    (api, { status, cancelReason }: Move) => changeAppointment(api, appointment.id, { status, cancelReason }),
    ({ status }) => MOVES[status].done,
    () => {
      setAsking(undefined);
      onDone();
    },
  );
  const send = (change: Move) =>
    move.mutate(change, {
      onError: (error) => showFailureToast('Failed to update appointment', error),
    });
  const choose = (status: AppointmentStatus) => {
    if (status === 'cancelled') setAsking('cancelled');
    else if (status === 'completed' && !(today && appointment.scheduledDate <= today)) setAsking('completed');
    else send({ status });
  };
  const confirmCancel = () => {
    if (!reason.trim()) {
      setReasonProblem(CANCEL_REASON_REQUIRED);
      return;
    }
    send({ status: 'cancelled', cancelReason: reason.trim() });
  };

  return (
    <div className="appointment-status-buttons">
      {APPOINTMENT_STATUS_MOVES[appointment.status].map((status) => (
        <Button
          key={status}
          variant="outlined"
          intent={MOVES[status].intent}
          text={MOVES[status].text}
          loading={move.isPending && move.variables?.status === status}
          disabled={move.isPending}
          onClick={() => choose(status)}
        />
      ))}
      <Alert
        isOpen={asking === 'completed'}
        intent={Intent.SUCCESS}
        icon="tick-circle"
        confirmButtonText="Mark Completed"
        cancelButtonText="Not yet"
        loading={move.isPending}
        onConfirm={() => send({ status: 'completed' })}
        onCancel={() => setAsking(undefined)}
      >
        <p>
          This visit is scheduled for {dateLabel(appointment.scheduledDate)}, which has not come yet. Mark the
          work for {appointment.customerName} as completed anyway?
        </p>
      </Alert>
      <Alert
        isOpen={asking === 'cancelled'}
        intent={Intent.DANGER}
        icon="cross-circle"
        confirmButtonText="Cancel Appointment"
        cancelButtonText="Keep it"
        loading={move.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setAsking(undefined)}
      >
        <p>
          Cancel the visit of {appointment.customerName} on {dateLabel(appointment.scheduledDate)}?
        </p>
        <FormGroup
          label="Reason for cancelling"
          labelFor="appointment-cancel-reason"
          intent={reasonProblem ? Intent.DANGER : Intent.NONE}
          helperText={reasonProblem}
        >
          <TextArea
            id="appointment-cancel-reason"
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonProblem(undefined);
            }}
            rows={3}
            fill
            autoFocus
          />
        </FormGroup>
      </Alert>
    </div>
  );
}
