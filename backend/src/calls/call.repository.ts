import { formatDuration, type Call, type CallCounts, type CallListQuery } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { phoneKeyOf } from '../customers/customer.repository.ts';

interface CallRow {
  id: number;
  call_sid: string | null;
  customer_name: string | null;
  phone_number: string;
  status: string;
  summary: string | null;
  duration_seconds: number | null;
  intent: string | null;
  callback_requested: number;
  forwarded_to: string | null;
  appointment_id: number | null;
  recording_sid: string | null;
  recording_seconds: number | null;
  recording_status: string | null;
  recording_transcript: string | null;
  screened: 'blocked' | 'unverified' | null;
  created_at: string;
  updated_at: string;
}

/** `blocked`: the phone keys staff blocked, so each call says whether its number is one. */
const toCall = (r: CallRow, blocked: ReadonlySet<string>): Call => ({
  id: r.id,
  callSid: r.call_sid,
  customerName: r.customer_name,
  phoneNumber: r.phone_number,
  status: r.status,
  summary: r.summary,
  duration: formatDuration(r.duration_seconds),
  durationSeconds: r.duration_seconds,
  intent: r.intent,
  callbackRequested: r.callback_requested === 1,
  forwardedTo: r.forwarded_to,
  appointmentId: r.appointment_id,
  voicemail:
    r.recording_status === 'completed'
      ? { durationSeconds: r.recording_seconds, transcript: r.recording_transcript }
      : null,
  screened: r.screened,
  numberBlocked: blocked.has(phoneKeyOf(r.phone_number) ?? ''),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

// The appointment a call booked (appointments.call_id); the newest if staff booked more than one.
const CALL_COLUMNS = `calls.*, (SELECT MAX(a.id) FROM appointments a WHERE a.call_id = calls.id) AS appointment_id`;

// Call Logs' filters; a missing one matches every call.
const FILTERED = `(@status IS NULL OR status = @status)
  AND (@callback IS NULL OR callback_requested = @callback)`;

export function callRepository(db: Db) {
  const page = db.prepare(`SELECT ${CALL_COLUMNS} FROM calls WHERE ${FILTERED}
    ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`);
  const count = db.prepare(`SELECT COUNT(*) AS n FROM calls WHERE ${FILTERED}`);
  const counts = db.prepare(`SELECT COUNT(*) AS "all",
    COALESCE(SUM(status = 'missed'), 0) AS missed,
    COALESCE(SUM(callback_requested), 0) AS callbackRequested FROM calls`);
  const one = db.prepare(`SELECT ${CALL_COLUMNS} FROM calls WHERE id = ?`);
  const blockedKeys = db.prepare<[], { phone_key: string }>('SELECT phone_key FROM blocked_numbers');
  const blocked = () => new Set(blockedKeys.all().map((b) => b.phone_key));
  // Keyset paging for the export: each batch starts after the last row of the one before,
  // so a long log never sits in memory whole and no query stays open between batches.
  const after = db.prepare(`SELECT ${CALL_COLUMNS} FROM calls WHERE @at IS NULL OR created_at < @at
    OR (created_at = @at AND id < @id) ORDER BY created_at DESC, id DESC LIMIT @limit`);
  return {
    list(filter: CallListQuery & { limit: number; offset: number }) {
      const params = {
        status: filter.status ?? null,
        callback: filter.callbackRequested === undefined ? null : Number(filter.callbackRequested),
        limit: filter.limit,
        offset: filter.offset,
      };
      const keys = blocked();
      return {
        rows: (page.all(params) as CallRow[]).map((r) => toCall(r, keys)),
        total: (count.get(params) as { n: number }).n,
      };
    },
    counts: () => counts.get() as CallCounts,
    get(id: number) {
      const row = one.get(id) as CallRow | undefined;
      return row && toCall(row, blocked());
    },
    /** The whole log, newest first, in batches of `size` calls. */
    *batches(size: number): Generator<Call[]> {
      let last: { at: string | null; id: number } = { at: null, id: 0 };
      for (;;) {
        const keys = blocked();
        const rows = (after.all({ ...last, limit: size }) as CallRow[]).map((r) => toCall(r, keys));
        if (rows.length === 0) return;
        yield rows;
        const end = rows.at(-1)!;
        last = { at: end.createdAt, id: end.id };
      }
    },
  };
}
export type CallRepository = ReturnType<typeof callRepository>;
