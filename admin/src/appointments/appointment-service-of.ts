import type { AppointmentServiceType } from '@washdesk/contract';

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
