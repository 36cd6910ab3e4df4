import type { Lead } from '@washdesk/contract';
import { appointmentServiceOf } from '../appointments/appointment-service-of.ts';
import type { AppointmentFormValues } from '../appointments/appointment-form-values.ts';

const NOTES_MAX = 2000;

/** What the customer asked, for the visit's notes: the service and timeline, then their words. */
export function notesOf(lead: Lead): string {
  const asked = [lead.askedFor, lead.timeline && `(${lead.timeline})`].filter(Boolean).join(' ');
  const notes = [asked && `Asked for: ${asked}`, lead.detail?.trim()].filter(Boolean).join('\n');
  return notes.length > NOTES_MAX ? `${notes.slice(0, NOTES_MAX - 1)}…` : notes;
}

/** The appointment dialog filled from a lead; the date and time are left for staff to pick. */
export const estimateFormValuesOf = (lead: Lead): AppointmentFormValues => ({
  customerName: lead.name ?? '',
  customerPhone: lead.phone ?? '',
  customerEmail: lead.email ?? '',
  address: lead.address ?? '',
  serviceType: appointmentServiceOf(lead.askedFor),
  preferredDate: '',
  preferredTime: '',
  notes: notesOf(lead),
});
