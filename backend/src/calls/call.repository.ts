import {
  formatDuration,
  phoneKeyOf,
  type AiIntent,
  type Call,
  type CallCounts,
  type CallListQuery,
} from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { keyedPages, type KeyedPage } from '../db/keyed-pages.ts';
import { nowIso } from '../db/database.ts';

// The ONE owner of the `calls` table: the phone line writes a call here as Twilio's webhooks
// arrive (one row per CallSid, whatever order and however many times Twilio sends them), the
// voicemail callbacks add the recording, and Call Logs read it. One row type, one mapper.

interface CallRow {
  id: number;
  call_sid: string | null;
  customer_name: string | null;
  phone_number: string;
  status: string;
  status_sequence: number | null;
  summary: string | null;
  duration_seconds: number | null;
  intent: string | null;
  callback_requested: number;
  callback_reason: string | null;
  callback_urgent: number;
  forwarded_to: string | null;
  appointment_id: number | null;
  recording_sid: string | null;
  recording_url: string | null;
  recording_seconds: number | null;
  recording_status: string | null;
  recording_transcript: string | null;
  screened: 'blocked' | 'unverified' | null;
  created_at: string;
  updated_at: string;
}

/** `blocked`: whether staff blocked a phone key, so each call says whether its number is one. */
const toCall = (r: CallRow, blocked: (phoneKey: string) => boolean): Call => ({
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
  callBack:
    r.callback_requested === 1 ? { reason: r.callback_reason, urgent: r.callback_urgent === 1 } : null,
  forwardedTo: r.forwarded_to,
  appointmentId: r.appointment_id,
  voicemail:
    r.recording_status === 'completed'
      ? { durationSeconds: r.recording_seconds, transcript: r.recording_transcript }
      : null,
  screened: r.screened,
  numberBlocked: blocked(phoneKeyOf(r.phone_number) ?? ''),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** What Twilio's CallStatus means for the Call Logs: the call goes on, was taken, or was missed. */
const CALL_STATUS: Record<string, 'in-progress' | 'completed' | 'missed'> = {
  queued: 'in-progress',
  initiated: 'in-progress',
  ringing: 'in-progress',
  'in-progress': 'in-progress',
  completed: 'completed',
  busy: 'missed',
  'no-answer': 'missed',
  failed: 'missed',
  canceled: 'missed',
};
export const callStatusOf = (twilioStatus: string) => CALL_STATUS[twilioStatus];
const isFinal = (status: string) => status === 'completed' || status === 'missed';

// The appointment a call booked (appointments.call_id); the newest if staff booked more than one.
const CALL_COLUMNS = `calls.*, (SELECT MAX(a.id) FROM appointments a WHERE a.call_id = calls.id) AS appointment_id`;

export interface CallRepositoryDeps {
  /** Who a number belongs to, by the customers' rule; a new call is named after them. */
  callerName: (phoneNumber: string) => string | null;
}

export function callRepository(db: Db, deps: CallRepositoryDeps) {
  // Call Logs read at volume: each page's ids from an index holding the filter and the order.
  const pages = keyedPages<CallRow>(db, {
    table: 'calls',
    key: 'created_at',
    select: `SELECT ${CALL_COLUMNS} FROM calls`,
    alias: 'calls',
    filters: { status: 'status = @status', callback: 'callback_requested = @callback' },
    counted: 'calls',
    everyRowIn: 'status',
  });
  const counts = db.prepare(`SELECT COUNT(*) AS "all",
    COALESCE(SUM(status = 'missed'), 0) AS missed,
    COALESCE(SUM(callback_requested), 0) AS callbackRequested FROM calls`);
  const one = db.prepare<[number], CallRow>(`SELECT ${CALL_COLUMNS} FROM calls WHERE id = ?`);
  const bySid = db.prepare<[string], CallRow>(`SELECT ${CALL_COLUMNS} FROM calls WHERE call_sid = ?`);
  const fromNumber = db.prepare('SELECT 1 FROM calls WHERE phone_number = ? LIMIT 1');
  const blockedKeys = db.prepare<[], { phone_key: string }>('SELECT phone_key FROM blocked_numbers');
  // A page asks once for every blocked key; one call (every webhook reads one) asks for its own key
  // by the primary key, so its cost does not grow with the list of blocked numbers.
  const blocked = () => {
    const keys = new Set(blockedKeys.all().map((b) => b.phone_key));
    return (phoneKey: string) => keys.has(phoneKey);
  };
  const blockedKey = db.prepare<[string], 1>('SELECT 1 FROM blocked_numbers WHERE phone_key = ?').pluck();
  const isBlocked = (phoneKey: string) => blockedKey.get(phoneKey) !== undefined;
  // Keyset paging for the export: each batch starts after the last row of the one before,
  // so a long log never sits in memory whole and no query stays open between batches.
  const after = db.prepare(`SELECT ${CALL_COLUMNS} FROM calls WHERE @at IS NULL OR created_at < @at
    OR (created_at = @at AND id < @id) ORDER BY created_at DESC, id DESC LIMIT @limit`);

  const insert =
    db.prepare(`INSERT INTO calls (call_sid, customer_name, phone_number, status, created_at, updated_at)
    VALUES (@callSid, @customerName, @phoneNumber, @status, @now, @now) ON CONFLICT (call_sid) DO NOTHING`);
  const setStatus = db.prepare(`UPDATE calls SET status = @status,
    duration_seconds = IFNULL(@duration, duration_seconds), status_sequence = IFNULL(@sequence, status_sequence),
    updated_at = @now WHERE id = @id`);
  const setSummary = db.prepare('UPDATE calls SET summary = @summary, updated_at = @now WHERE id = @id');
  // A second promise on the same call keeps the first reason and adds the new one; urgent stays urgent.
  const setCallback = db.prepare(`UPDATE calls SET callback_requested = 1,
    callback_reason = CASE WHEN @reason IS NULL OR instr(IFNULL(callback_reason, ''), @reason) > 0
      THEN callback_reason WHEN callback_reason IS NULL THEN @reason ELSE callback_reason || '; ' || @reason END,
    callback_urgent = max(callback_urgent, @urgent), updated_at = @now WHERE id = @id
    AND NOT (callback_requested = 1 AND callback_urgent >= @urgent
      AND (@reason IS NULL OR instr(IFNULL(callback_reason, ''), @reason) > 0))`);
  // A caller who booked gave their name: the call is theirs from then on in Call Logs.
  const setNameFromAppointment = db.prepare(`UPDATE calls SET customer_name = (SELECT customer_name FROM
    appointments WHERE id = @appointmentId), updated_at = @now WHERE id = @id AND customer_name IS NULL`);
  const setScreened = db.prepare(`UPDATE calls SET screened = @reason, stir_verstat = @verstat,
    updated_at = @now WHERE id = @id`);
  const setForwarded = db.prepare(
    'UPDATE calls SET forwarded_to = @number, updated_at = @now WHERE id = @id',
  );
  // The first thing a caller asked about is why they called; a booking says it best.
  const setIntent = db.prepare(`UPDATE calls SET intent = CASE WHEN @booked = 1 THEN 'scheduling'
    ELSE IFNULL(intent, @intent) END, updated_at = @now WHERE id = @id`);
  // A voicemail belongs to its first recording: a callback about another recording changes nothing,
  // and so does one that says nothing new (Twilio's retry, or a replay): staff are told once.
  const setRecording = db.prepare(`UPDATE calls SET recording_sid = @sid, recording_url = @url,
    recording_seconds = @seconds, recording_status = @status, updated_at = @now
    WHERE id = @id AND (recording_sid IS NULL OR recording_sid = @sid)
      AND NOT (recording_sid IS @sid AND recording_url IS @url AND recording_seconds IS @seconds
        AND recording_status IS @status)`);
  const setTranscript = db.prepare(`UPDATE calls SET recording_sid = @sid, recording_transcript = @text,
    updated_at = @now WHERE id = @id AND (recording_sid IS NULL OR recording_sid = @sid)
      AND recording_transcript IS NOT @text`);

  const get = (id: number): Call | undefined => {
    const row = one.get(id);
    return row && toCall(row, isBlocked);
  };
  /** The call Twilio knows by this CallSid. */
  const bySidOf = (callSid: string): Call | undefined => {
    const row = bySid.get(callSid);
    return row && toCall(row, isBlocked);
  };

  /**
   * The call's row, created on the first webhook that mentions it (Twilio may retry or skip one);
   * `isNew` says this request created it.
   */
  const open = (callSid: string, phoneNumber: string, status = 'in-progress'): Call & { isNew: boolean } => {
    const { changes } = insert.run({
      callSid,
      phoneNumber,
      customerName: deps.callerName(phoneNumber),
      status,
      now: nowIso(),
    });
    return { ...bySidOf(callSid)!, isNew: changes > 0 };
  };

  return {
    // Call Logs.
    list(filter: CallListQuery & KeyedPage) {
      const { rows, total } = pages.page(
        {
          status: filter.status,
          callback: filter.callbackRequested === undefined ? null : Number(filter.callbackRequested),
        },
        filter,
      );
      const keys = blocked();
      return { rows: rows.map((r) => toCall(r, keys)), total };
    },
    counts: () => counts.get() as CallCounts,
    get,
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

    /** The number called the business (as Twilio gave it): automatic texts may go to it. */
    calledFrom: (phoneNumber: string) => fromNumber.get(phoneNumber) !== undefined,

    // The phone line.
    open,
    bySid: bySidOf,

    /**
     * A status callback. The latest state wins: a SequenceNumber older than the one applied is
     * ignored, and an ended call never goes back to in progress. Returns the call and whether the
     * callback changed it to an ended state (then its summary is due).
     */
    applyStatus: db.transaction(
      (update: {
        callSid: string;
        phoneNumber: string;
        status: 'in-progress' | 'completed' | 'missed';
        durationSeconds: number | null;
        sequence: number | null;
      }): { call: Call; ended: boolean; isNew: boolean } => {
        const call = open(update.callSid, update.phoneNumber, update.status);
        const stored = bySid.get(update.callSid)!;
        const older =
          update.sequence !== null &&
          stored.status_sequence !== null &&
          update.sequence <= stored.status_sequence;
        if (older || (isFinal(stored.status) && !isFinal(update.status)))
          return { call, ended: false, isNew: call.isNew };
        // A repeated final callback (no SequenceNumber) changes nothing and is not news.
        const changed = stored.status !== update.status || call.isNew;
        setStatus.run({
          id: call.id,
          status: update.status,
          duration: update.durationSeconds,
          sequence: update.sequence,
          now: nowIso(),
        });
        return {
          call: bySidOf(update.callSid)!,
          ended: isFinal(update.status) && changed,
          isNew: call.isNew,
        };
      },
    ),

    summarize: (id: number, summary: string) => void setSummary.run({ id, summary, now: nowIso() }),
    nameFromAppointment: (id: number, appointmentId: number) =>
      void setNameFromAppointment.run({ id, appointmentId, now: nowIso() }),
    /** A call-back task on this call: why, and whether it jumps the queue (see assistant/call-back-tasks.ts). */
    /** False when the call already owed exactly this (nothing new for staff to hear). */
    requestCallback: (id: number, task: { reason?: string | null; urgent?: boolean } = {}) =>
      setCallback.run({ id, reason: task.reason ?? null, urgent: task.urgent ? 1 : 0, now: nowIso() })
        .changes === 1,
    forwarded: (id: number, number: string) => void setForwarded.run({ id, number, now: nowIso() }),
    /** The line hung up on this caller without an assistant turn, and why. */
    screened: (id: number, reason: 'blocked' | 'unverified', verstat: string | null) =>
      void setScreened.run({ id, reason, verstat, now: nowIso() }),
    noteIntent: (id: number, intent: AiIntent, booked: boolean) => {
      if (intent !== 'other' || booked) setIntent.run({ id, intent, booked: booked ? 1 : 0, now: nowIso() });
    },

    // Voicemail: false when the callback changed nothing (a repeat, or another recording).
    recorded: (id: number, r: { sid: string; url: string | null; seconds: number | null; status: string }) =>
      setRecording.run({ id, ...r, now: nowIso() }).changes > 0,
    transcribed: (id: number, sid: string, text: string) =>
      setTranscript.run({ id, sid, text, now: nowIso() }).changes > 0,
    /** Where the call's recording is kept at Twilio, when there is one to play. */
    recording(id: number): { url: string } | null | undefined {
      const row = one.get(id);
      if (!row) return undefined;
      return row.recording_status === 'completed' && row.recording_url ? { url: row.recording_url } : null;
    },
  };
}
export type CallRepository = ReturnType<typeof callRepository>;
