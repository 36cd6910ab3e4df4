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

const wallClocks = new Map<string, Intl.DateTimeFormat>();
const wallClock = (timeZone: string) => {
  let f = wallClocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    wallClocks.set(timeZone, f);
  }
  return f;
};

/**
 * An instant as the office's clock showed it, "2026-11-23 10:05", and that clock's zone at the
 * time ("PST", or "PDT" in summer): staff read the time as they lived it, and a spreadsheet still
 * parses the first cell as a date. The zone travels in its own column because it changes with DST.
 */
export function officeTime(iso: string, timeZone: string): { local: string; zone: string } {
  const parts = Object.fromEntries(
    wallClock(timeZone)
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return {
    local: `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`,
    zone: parts.timeZoneName ?? timeZone,
  };
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
