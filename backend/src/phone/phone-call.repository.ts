import type { AiIntent } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';

// The calls table as Twilio's webhooks write it: one row per CallSid, whatever order and however
// many times Twilio sends its requests.

export interface PhoneCall {
  id: number;
  callSid: string;
  phoneNumber: string;
  customerName: string | null;
  status: string;
}

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

// Phone numbers are stored as people typed them; the last ten digits are what identify a line.
const DIGITS = (column: string) =>
  `substr(replace(replace(replace(replace(replace(replace(${column}, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), -10)`;

export function phoneCallRepository(db: Db) {
  const bySid = db.prepare<
    [string],
    {
      id: number;
      call_sid: string;
      phone_number: string;
      customer_name: string | null;
      status: string;
      status_sequence: number | null;
    }
  >(
    'SELECT id, call_sid, phone_number, customer_name, status, status_sequence FROM calls WHERE call_sid = ?',
  );
  const insert =
    db.prepare(`INSERT INTO calls (call_sid, customer_name, phone_number, status, created_at, updated_at)
    VALUES (@callSid, @customerName, @phoneNumber, @status, @now, @now) ON CONFLICT (call_sid) DO NOTHING`);
  // The newest name the business has for this number: a booked appointment, a photo quote, a request.
  const knownName = db.prepare<{ digits: string }, { name: string }>(`SELECT name FROM (
      SELECT customer_name AS name, created_at FROM appointments WHERE ${DIGITS('customer_phone')} = @digits
      UNION ALL
      SELECT trim(IFNULL(first_name, '') || ' ' || IFNULL(last_name, '')), created_at FROM photo_submissions
        WHERE phone IS NOT NULL AND ${DIGITS('phone')} = @digits
      UNION ALL
      SELECT trim(first_name || ' ' || last_name), created_at FROM service_requests
        WHERE ${DIGITS('phone')} = @digits
    ) WHERE name <> '' ORDER BY created_at DESC LIMIT 1`);
  const setStatus = db.prepare(`UPDATE calls SET status = @status,
    duration_seconds = IFNULL(@duration, duration_seconds), status_sequence = IFNULL(@sequence, status_sequence),
    updated_at = @now WHERE id = @id`);
  const setSummary = db.prepare('UPDATE calls SET summary = @summary, updated_at = @now WHERE id = @id');
  const setCallback = db.prepare('UPDATE calls SET callback_requested = 1, updated_at = @now WHERE id = @id');
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

  const nameFor = (phoneNumber: string) => {
    const digits = phoneNumber.replace(/\D/g, '');
    return digits.length >= 10 ? (knownName.get({ digits: digits.slice(-10) })?.name ?? null) : null;
  };
  const read = (callSid: string): PhoneCall | undefined => {
    const row = bySid.get(callSid);
    return (
      row && {
        id: row.id,
        callSid: row.call_sid,
        phoneNumber: row.phone_number,
        customerName: row.customer_name,
        status: row.status,
      }
    );
  };

  /**
   * The call's row, created on the first webhook that mentions it (Twilio may retry or skip one);
   * `isNew` says this request created it.
   */
  const open = (
    callSid: string,
    phoneNumber: string,
    status = 'in-progress',
  ): PhoneCall & { isNew: boolean } => {
    const { changes } = insert.run({
      callSid,
      phoneNumber,
      customerName: nameFor(phoneNumber),
      status,
      now: nowIso(),
    });
    return { ...read(callSid)!, isNew: changes > 0 };
  };

  return {
    open,

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
      }): { call: PhoneCall; ended: boolean; isNew: boolean } => {
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
        return { call: read(update.callSid)!, ended: isFinal(update.status) && changed, isNew: call.isNew };
      },
    ),

    summarize: (id: number, summary: string) => void setSummary.run({ id, summary, now: nowIso() }),
    nameFromAppointment: (id: number, appointmentId: number) =>
      void setNameFromAppointment.run({ id, appointmentId, now: nowIso() }),
    requestCallback: (id: number) => void setCallback.run({ id, now: nowIso() }),
    forwarded: (id: number, number: string) => void setForwarded.run({ id, number, now: nowIso() }),
    /** The line hung up on this caller without an assistant turn, and why. */
    screened: (id: number, reason: 'blocked' | 'unverified', verstat: string | null) =>
      void setScreened.run({ id, reason, verstat, now: nowIso() }),
    noteIntent: (id: number, intent: AiIntent, booked: boolean) => {
      if (intent !== 'other' || booked) setIntent.run({ id, intent, booked: booked ? 1 : 0, now: nowIso() });
    },
  };
}
export type PhoneCallRepository = ReturnType<typeof phoneCallRepository>;
