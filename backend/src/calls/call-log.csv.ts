import type { Call } from '@washdesk/contract';

export const CALL_LOG_CSV_HEADER = [
  'Call ID',
  'Created',
  'Customer Name',
  'Phone Number',
  'Status',
  'Duration',
  'Duration (seconds)',
  'Intent',
  'Summary',
  'Call SID',
];

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection");
// a leading apostrophe makes it text again.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  if (value == null) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

export const callCsvLine = (call: Call) =>
  csvLine([
    call.id,
    call.createdAt,
    call.customerName,
    call.phoneNumber,
    call.status,
    call.duration,
    call.durationSeconds,
    call.intent,
    call.summary,
    call.callSid,
  ]);
