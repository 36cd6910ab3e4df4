import { wallClockParts } from '../time.ts';
import type { Call } from '@washdesk/contract';
import { csvRows } from '../http/csv.ts';

export const CALL_LOG_CSV_HEADER = [
  'Call ID',
  'Created',
  'Time Zone',
  'Customer Name',
  'Phone Number',
  'Status',
  'Duration',
  'Duration (seconds)',
  'Intent',
  'Summary',
  'Callback Requested',
  'Forwarded To',
  'Appointment ID',
  'Call SID',
];

/**
 * An instant as the office's clock showed it, "2026-11-23 10:05", and that clock's zone at the
 * time ("PST", or "PDT" in summer): staff read the time as they lived it, and a spreadsheet still
 * parses the first cell as a date. The zone travels in its own column because it changes with DST.
 */
export function officeTime(iso: string, timeZone: string): { local: string; zone: string } {
  const w = wallClockParts(Date.parse(iso), timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return { local: `${w.year}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)}`, zone: w.zone };
}

/** CSV lines of calls; times in the business's time zone (`timeZone`, config BUSINESS_TIMEZONE). */
export const callCsvRows = (calls: Call[], timeZone: string) =>
  csvRows(
    calls.map((call) => {
      const created = officeTime(call.createdAt, timeZone);
      return [
        call.id,
        created.local,
        created.zone,
        call.customerName,
        call.phoneNumber,
        call.status,
        call.duration,
        call.durationSeconds,
        call.intent,
        call.summary,
        call.callbackRequested ? 'Yes' : 'No',
        call.forwardedTo,
        call.appointmentId,
        call.callSid,
      ];
    }),
  );
