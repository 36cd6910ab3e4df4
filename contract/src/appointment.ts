import { z } from 'zod';
import {
  ADDRESS_MIN_LENGTH,
  calendarDate,
  dollarAmount,
  optionalEmail,
  optionalText,
  phoneNumber,
  requiredText,
} from './common.ts';
import {
  APPOINTMENT_SERVICE_TYPES,
  APPOINTMENT_SOURCES,
  APPOINTMENT_STATUSES,
  PREFERRED_TIMES,
} from './enums.ts';

export const appointmentSchema = z.object({
  id: z.number().int(),
  customerName: z.string(),
  customerPhone: z.string(),
  customerEmail: z.string().nullable(),
  address: z.string(),
  serviceType: z.string(),
  /** Calendar date `YYYY-MM-DD` in the business's time zone. */
  scheduledDate: z.string(),
  /** Null shows as "Time TBD". */
  preferredTime: z.string().nullable(),
  status: z.enum(APPOINTMENT_STATUSES),
  estimateAmount: z.number().nullable(),
  notes: z.string().nullable(),
  source: z.enum(APPOINTMENT_SOURCES),
  callId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** The appointment dialog's payload, with the spec's messages. */
export const appointmentCreateSchema = z.object({
  customerName: requiredText('Customer name is required', 120),
  customerPhone: phoneNumber('Valid phone number required'),
  customerEmail: optionalEmail,
  address: z
    .string({ error: 'Complete address is required' })
    .trim()
    .min(ADDRESS_MIN_LENGTH, 'Complete address is required')
    .max(300, 'Must be at most 300 characters'),
  serviceType: z.enum(APPOINTMENT_SERVICE_TYPES, { error: 'Service type is required' }),
  preferredDate: calendarDate('Preferred date is required'),
  preferredTime: z.enum(PREFERRED_TIMES, { error: 'Preferred time is required' }),
  notes: optionalText(2000),
});
export type AppointmentCreate = z.input<typeof appointmentCreateSchema>;

/** Staff edit an appointment or mark it completed / cancelled; every field is optional. */
export const appointmentUpdateSchema = z
  .object({
    customerName: requiredText('Customer name is required', 120),
    customerPhone: phoneNumber('Valid phone number required'),
    customerEmail: optionalEmail,
    address: z.string().trim().min(ADDRESS_MIN_LENGTH, 'Complete address is required').max(300),
    serviceType: z.enum(APPOINTMENT_SERVICE_TYPES, { error: 'Service type is required' }),
    scheduledDate: calendarDate('Preferred date is required'),
    preferredTime: z.enum(PREFERRED_TIMES, { error: 'Preferred time is required' }).nullable(),
    status: z.enum(APPOINTMENT_STATUSES, { error: 'Choose a valid status' }),
    estimateAmount: dollarAmount().nullable(),
    notes: optionalText(2000),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
export type AppointmentUpdate = z.input<typeof appointmentUpdateSchema>;

export const appointmentListQuerySchema = z.object({
  status: z.enum(APPOINTMENT_STATUSES, { error: 'Unknown status' }).optional(),
  from: calendarDate('from must be a date').optional(),
  to: calendarDate('to must be a date').optional(),
});
