import type { AppointmentServiceType, Lead } from '@washdesk/contract';
import type { AppointmentFormValues } from '../appointments/appointment-form-values.ts';

// Each channel names its services its own way ("House Washing" on the wizard, "House Soft Wash" on
// the photo form, "House Soft Washing, Concrete Cleaning" from the quote tool). The first rule
// whose word appears picks the appointment's service; none fitting leaves the choice to staff.
const SERVICE_WORDS: [RegExp, AppointmentServiceType][] = [
  [/,|multiple/, 'multiple-services'],
  [/roof/, 'roof-cleaning'],
  [/gutter/, 'gutter-cleaning'],
  [/window/, 'window-washing'],
  [/fence/, 'fence-cleaning'],
  [/deck|patio/, 'deck-cleaning'],
  [/driveway/, 'driveway-cleaning'],
  [/concrete/, 'concrete-cleaning'],
  [/house/, 'house-wash'],
];

/** The appointment service type a lead's "asked for" fits, or '' when none clearly does. */
export function appointmentServiceOf(askedFor: string | null): AppointmentServiceType | '' {
  const words = askedFor?.toLowerCase() ?? '';
  return SERVICE_WORDS.find(([pattern]) => pattern.test(words))?.[1] ?? '';
}

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
