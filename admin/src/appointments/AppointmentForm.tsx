import { useState } from 'react';
import {
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  APPOINTMENT_SERVICE_OPTIONS,
  appointmentCreateSchema,
  appointmentEditFormSchema,
  appointmentUpdateSchema,
  PREFERRED_TIMES,
  SLOT_TAKEN_CODE,
  type Appointment,
  type Lead,
} from '@washdesk/contract';
import { useForm, type Resolver } from 'react-hook-form';
import { ApiError, isUnauthorized } from '../api/api-client.ts';
import { fieldProblems } from '../api/problem-message.ts';
import {
  changeOf,
  formFieldOf,
  formValuesOf,
  type AppointmentFormOutput,
  type AppointmentFormValues,
} from './appointment-form-values.ts';
import { appointmentQueries, changeAppointment, scheduleAppointment } from './appointments.queries.ts';
import { useChange } from '../api/use-change.ts';
import { bookEstimate, leadsKey } from '../requests/requests.queries.ts';
import { estimateFormValuesOf } from '../requests/estimate-prefill.ts';
import { AppointmentStatusButtons } from './AppointmentStatusButtons.tsx';
import { showFailureToast } from '../toaster.ts';
import { useAppointmentChange } from './use-appointment-change.ts';

// The inputs hold plain text ('' before a choice) while the contract's schemas are typed by their
// enums; the schemas themselves decide what is valid, so only the static types are bridged here.
type FormResolver = Resolver<AppointmentFormValues, unknown, AppointmentFormOutput>;
const createResolver = zodResolver(appointmentCreateSchema) as unknown as FormResolver;
const editResolver = zodResolver(appointmentEditFormSchema) as unknown as FormResolver;

const SERVICE_CHOICES = [{ value: '', label: 'Select a service' }, ...APPOINTMENT_SERVICE_OPTIONS];
const TIME_CHOICES = [{ value: '', label: 'Select a time' }, ...PREFERRED_TIMES];
// An edit may keep "Time TBD" (phone bookings often have no time yet).
const EDIT_TIME_CHOICES = [{ value: '', label: 'Time TBD' }, ...PREFERRED_TIMES];

interface AppointmentFormProps {
  appointment?: Appointment;
  prefill?: Partial<AppointmentFormValues>;
  /** "Book estimate": a new visit for this lead, prefilled from it; saving also moves the lead. */
  lead?: Lead;
  onClose: () => void;
}

export function AppointmentForm({ appointment, prefill, lead, onClose }: AppointmentFormProps) {
  const { register, handleSubmit, setError, formState } = useForm<
    AppointmentFormValues,
    unknown,
    AppointmentFormOutput
  >({
    resolver: appointment ? editResolver : createResolver,
    defaultValues: lead ? estimateFormValuesOf(lead) : { ...formValuesOf(appointment), ...prefill },
    mode: 'onSubmit',
  });
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
  const submit = handleSubmit((values) => send(values, false));

  const problem = (field: keyof AppointmentFormValues) => formState.errors[field]?.message;
  const group = (field: keyof AppointmentFormValues, label: string) => ({
    label,
    labelFor: `appointment-${field}`,
    intent: problem(field) ? Intent.DANGER : Intent.NONE,
    helperText: problem(field),
  });
  // Blueprint's inputs take the element ref as inputRef.
  const input = (field: keyof AppointmentFormValues) => {
    const { ref, ...rest } = register(field);
    return {
      id: `appointment-${field}`,
      inputRef: ref as React.RefCallback<HTMLInputElement & HTMLTextAreaElement>,
      intent: problem(field) ? Intent.DANGER : Intent.NONE,
      ...rest,
    };
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      // Once staff change anything the slot warning no longer describes what they would book.
      onChange={() => setClash(undefined)}
      noValidate
    >
      <DialogBody>
        <div className="appointment-form__grid">
          <FormGroup {...group('customerName', 'Customer Name')}>
            <InputGroup {...input('customerName')} autoFocus autoComplete="off" />
          </FormGroup>
          <FormGroup {...group('customerPhone', 'Phone Number')}>
            <InputGroup {...input('customerPhone')} type="tel" autoComplete="off" />
          </FormGroup>
          <FormGroup {...group('customerEmail', 'Email (optional)')}>
            <InputGroup {...input('customerEmail')} type="email" autoComplete="off" />
          </FormGroup>
          <FormGroup {...group('address', 'Address')}>
            <InputGroup {...input('address')} autoComplete="off" />
          </FormGroup>
          <FormGroup {...group('serviceType', 'Service Type')}>
            <HTMLSelect
              id="appointment-serviceType"
              options={SERVICE_CHOICES}
              fill
              {...register('serviceType')}
            />
          </FormGroup>
          <FormGroup {...group('preferredDate', 'Preferred Date')}>
            <InputGroup {...input('preferredDate')} type="date" />
          </FormGroup>
          <FormGroup {...group('preferredTime', 'Preferred Time')}>
            <HTMLSelect
              id="appointment-preferredTime"
              options={appointment ? EDIT_TIME_CHOICES : TIME_CHOICES}
              fill
              {...register('preferredTime')}
            />
          </FormGroup>
          {appointment && (
            <FormGroup
              label="Estimate Amount ($)"
              labelFor="appointment-estimateAmount"
              intent={estimateProblem ? Intent.DANGER : Intent.NONE}
              helperText={estimateProblem}
            >
              <InputGroup
                id="appointment-estimateAmount"
                inputMode="decimal"
                value={estimate}
                onValueChange={(value) => {
                  setEstimate(value);
                  setEstimateProblem(undefined);
                }}
                intent={estimateProblem ? Intent.DANGER : Intent.NONE}
              />
            </FormGroup>
          )}
        </div>
        <FormGroup {...group('notes', 'Notes (optional)')}>
          <TextArea {...input('notes')} rows={3} fill />
        </FormGroup>
        {clash && (
          <Callout intent={Intent.WARNING} title="This time slot is already booked" role="alert">
            <p>{clash.message}</p>
            <p>Book this appointment at the same time anyway, or choose another date or time.</p>
            <Button
              intent={Intent.WARNING}
              text="Book anyway"
              loading={schedule.isPending || update.isPending}
              onClick={() => send(clash.values, true)}
            />
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Close" onClick={onClose} />
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              text={appointment ? 'Save Changes' : 'Schedule Appointment'}
              loading={schedule.isPending || update.isPending}
            />
          </>
        }
      >
        {appointment && <AppointmentStatusButtons appointment={appointment} onDone={onClose} />}
      </DialogFooter>
    </form>
  );
}
