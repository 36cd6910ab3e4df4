import {
  appointmentEditFormSchema,
  type Appointment,
  type AppointmentCreate,
  type AppointmentUpdate,
} from '@washdesk/contract';

/** What the dialog's inputs hold: text as typed; '' until a service, date or time is chosen. */
export type AppointmentFormValues = {
  [K in keyof Required<Omit<AppointmentCreate, 'allowOverlap'>>]: string;
};
/** The values once the contract's schema has accepted them (trimmed, blank e-mail/notes as null). */
export type AppointmentFormOutput = ReturnType<typeof appointmentEditFormSchema.parse>;

export const formValuesOf = (a?: Appointment): AppointmentFormValues => ({
  customerName: a?.customerName ?? '',
  customerPhone: a?.customerPhone ?? '',
  customerEmail: a?.customerEmail ?? '',
  address: a?.address ?? '',
  serviceType: a?.serviceType ?? '',
  preferredDate: a?.scheduledDate ?? '',
  preferredTime: a?.preferredTime ?? '',
  notes: a?.notes ?? '',
});

/** An edit sends the same fields; the stored date is the scheduled one. */
export const changeOf = (values: AppointmentFormOutput, estimateAmount: number | null): AppointmentUpdate => {
  const { preferredDate, ...rest } = values;
  return { ...rest, scheduledDate: preferredDate, estimateAmount };
};

/** The server names the date `scheduledDate` on edits; the form calls it preferredDate. */
export const formFieldOf = (serverField: string): keyof AppointmentFormValues | undefined => {
  const field = serverField === 'scheduledDate' ? 'preferredDate' : serverField;
  return field in formValuesOf() ? (field as keyof AppointmentFormValues) : undefined;
};
