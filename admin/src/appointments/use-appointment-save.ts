import { useState } from 'react';
import { appointmentUpdateSchema, SLOT_TAKEN_CODE, type Appointment, type Lead } from '@washdesk/contract';
import type { UseFormSetError } from 'react-hook-form';
import { ApiError, isUnauthorized } from '../api/api-client.ts';
import { fieldProblems } from '../api/problem-message.ts';
import { useChange } from '../api/use-change.ts';
import { bookEstimate, leadsKey } from '../leads/leads.queries.ts';
import { showFailureToast } from '../toaster.ts';
import {
  changeOf,
  formFieldOf,
  type AppointmentFormOutput,
  type AppointmentFormValues,
} from './appointment-form-values.ts';
import { appointmentQueries, changeAppointment, scheduleAppointment } from './appointments.queries.ts';
import { useAppointmentChange } from './use-appointment-change.ts';

/**
 * Saving the appointment dialog: a new visit (from a lead, "Book estimate", the visit and the
 * lead's move together), or a change to one. Owns what the server answered: a taken slot to book
 * anyway, refusals under their fields, the estimate amount (edits only) and its problem.
 */
export function useAppointmentSave({
  appointment,
  lead,
  onClose,
  setError,
}: {
  appointment?: Appointment;
  lead?: Lead;
  onClose: () => void;
  setError: UseFormSetError<AppointmentFormValues>;
}) {
  const [estimate, setEstimate] = useState(appointment?.estimateAmount?.toString() ?? '');
  const [estimateProblem, setEstimateProblem] = useState<string>();
  // The server's "slot already booked" warning, and the values that met it: "Book anyway" sends
  // exactly those again with the overlap confirmed.
  const [clash, setClash] = useState<{ message: string; values: AppointmentFormOutput }>();

  // From a lead the server books the visit and moves the lead together, so both lists refresh.
  const schedule = useChange({
    change: (api, input: Parameters<typeof scheduleAppointment>[1]) =>
      lead ? bookEstimate(api, lead.id, input) : scheduleAppointment(api, input),
    success: 'Appointment scheduled successfully',
    refetch: lead ? [appointmentQueries.all, leadsKey] : [appointmentQueries.all],
    onDone: onClose,
  });
  const update = useAppointmentChange(
    (api, input: Parameters<typeof changeAppointment>[2]) => changeAppointment(api, appointment!.id, input),
    () => 'Appointment updated successfully',
    onClose,
  );

  // A refusal that names fields belongs under them; anything else is the spec's failure toast.
  const onFailure = (failure: string, values: AppointmentFormOutput) => (error: unknown) => {
    if (isUnauthorized(error)) return;
    if (error instanceof ApiError && error.body?.code === SLOT_TAKEN_CODE) {
      setClash({ message: error.body.message, values });
      return;
    }
    const problems = Object.entries(fieldProblems(error));
    for (const [field, message] of problems) {
      const formField = formFieldOf(field);
      if (formField) setError(formField, { message });
      else if (field === 'estimateAmount') setEstimateProblem(message);
    }
    if (problems.length === 0) showFailureToast(failure);
  };

  const send = (values: AppointmentFormOutput, allowOverlap: boolean) => {
    setClash(undefined);
    if (!appointment) {
      // The create schema has already refused a missing time; only the shared type allows null.
      schedule.mutate(
        { ...values, preferredTime: values.preferredTime!, allowOverlap },
        { onError: onFailure('Failed to schedule appointment', values) },
      );
      return;
    }
    const amount = appointmentUpdateSchema.safeParse({ estimateAmount: estimate.trim() || null });
    if (!amount.success) {
      setEstimateProblem(amount.error.issues[0]?.message);
      return;
    }
    update.mutate(
      { ...changeOf(values, amount.data.estimateAmount ?? null), allowOverlap },
      { onError: onFailure('Failed to update appointment', values) },
    );
  };

  return {
    send,
    sending: schedule.isPending || update.isPending,
    clash,
    /** Once staff change anything the slot warning no longer describes what they would book. */
    forgetClash: () => setClash(undefined),
    estimate,
    estimateProblem,
    changeEstimate: (value: string) => {
      setEstimate(value);
      setEstimateProblem(undefined);
    },
  };
}
