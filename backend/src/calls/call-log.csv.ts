import type { Call } from '@washdesk/contract';
import { csvRows } from '../http/csv.ts';

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

export const callCsvRows = (calls: Call[]) =>
  csvRows(
    calls.map((call) => [
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
    ]),
  );
