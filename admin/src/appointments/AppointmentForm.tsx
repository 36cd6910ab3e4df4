import {
  Button,
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
  PREFERRED_TIMES,
  type Appointment,
  type Lead,
} from '@washdesk/contract';
import { useForm, type Resolver } from 'react-hook-form';
import {
  formValuesOf,
  type AppointmentFormOutput,
  type AppointmentFormValues,
} from './appointment-form-values.ts';
import { estimateFormValuesOf } from '../leads/estimate-prefill.ts';
import { AppointmentStatusButtons } from './AppointmentStatusButtons.tsx';
import { SlotTakenCallout } from './SlotTakenCallout.tsx';
import { useAppointmentSave } from './use-appointment-save.ts';

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
  const save = useAppointmentSave({ appointment, lead, onClose, setError });
  const submit = handleSubmit((values) => save.send(values, false));

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
    <form onSubmit={(event) => void submit(event)} onChange={save.forgetClash} noValidate>
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
              intent={save.estimateProblem ? Intent.DANGER : Intent.NONE}
              helperText={save.estimateProblem}
            >
              <InputGroup
                id="appointment-estimateAmount"
                inputMode="decimal"
                value={save.estimate}
                onValueChange={save.changeEstimate}
                intent={save.estimateProblem ? Intent.DANGER : Intent.NONE}
              />
            </FormGroup>
          )}
        </div>
        <FormGroup {...group('notes', 'Notes (optional)')}>
          <TextArea {...input('notes')} rows={3} fill />
        </FormGroup>
        {save.clash && (
          <SlotTakenCallout
            message={save.clash.message}
            sending={save.sending}
            onBookAnyway={() => save.send(save.clash!.values, true)}
          />
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
              loading={save.sending}
            />
          </>
        }
      >
        {appointment && <AppointmentStatusButtons appointment={appointment} onDone={onClose} />}
      </DialogFooter>
    </form>
  );
}
