import type { Call } from '@washdesk/contract';

// US English like the rest of the admin's figures, in the desk's own time zone.
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatCallTime = (iso: string) => dateTime.format(new Date(iso));

/** Spec: the duration, or "N/A" when the call has none (still ringing, or never measured). */
export const callDuration = (call: Call) => call.duration ?? 'N/A';

/** Not every caller gives a name; the number is always known. */
export const callerName = (call: Call) => call.customerName ?? 'Unknown caller';
