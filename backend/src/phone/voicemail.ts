import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { HttpError, notFound, routeId } from '../http/errors.ts';
import type { EventBus } from '../events/event-bus.ts';
import { callChanged } from '../events/announcements.ts';
import type { PublicUrl } from './public-url.ts';
import { twilioParam, twilioSignatureCheck } from './twilio-signature.ts';
import { VOICEMAIL_WEBHOOKS } from './webhook-paths.ts';

// A caller's recorded message. Twilio records it (<Record> in voice-replies.ts) and tells us, in a
// signed callback, where the audio is; the call keeps that with its transcript. Staff play it
// through GET /api/calls/:id/recording: the backend fetches the audio with the account's
// credentials, so Twilio's address and the credentials never reach a browser.

/** How long the audio may take to start arriving from Twilio before staff are told it did not. */
const MEDIA_TIMEOUT_MS = 10_000;
const CALL_SID = /^CA[0-9a-f]{32}$/i;
const RECORDING_SID = /^RE[0-9a-f]{32}$/i;
const RECORDING_STATUSES = new Set(['completed', 'absent', 'failed']);

type TwilioAccount = Config['providers']['twilio'];

/**
 * The one address a recording of this account may be fetched from. A callback naming any other
 * (another host, another account) is refused, so the credentials are only ever sent to Twilio.
 */
export const recordingUrlOf = (twilio: Pick<TwilioAccount, 'apiBaseUrl' | 'accountSid'>, sid: string) =>
  `${twilio.apiBaseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${twilio.accountSid ?? ''}/Recordings/${sid}`;

export function voicemailRepository(db: Db) {
  const byCall = db.prepare<[string], { id: number; customer_name: string | null; phone_number: string }>(
    'SELECT id, customer_name, phone_number FROM calls WHERE call_sid = ?',
  );
  // A callback that says nothing new (Twilio's retry, or a replay) changes nothing: staff are told once.
  const setRecording = db.prepare(`UPDATE calls SET recording_sid = @sid, recording_url = @url,
    recording_seconds = @seconds, recording_status = @status, updated_at = @now
    WHERE id = @id AND (recording_sid IS NULL OR recording_sid = @sid)
      AND NOT (recording_sid IS @sid AND recording_url IS @url AND recording_seconds IS @seconds
        AND recording_status IS @status)`);
  const setTranscript = db.prepare(`UPDATE calls SET recording_sid = @sid, recording_transcript = @text,
    updated_at = @now WHERE id = @id AND (recording_sid IS NULL OR recording_sid = @sid)
      AND recording_transcript IS NOT @text`);
  const media = db.prepare<[number], { recording_url: string | null; recording_status: string | null }>(
    'SELECT recording_url, recording_status FROM calls WHERE id = ?',
  );
  return {
    call: (callSid: string) => {
      const row = byCall.get(callSid);
      return row && { id: row.id, customerName: row.customer_name, phoneNumber: row.phone_number };
    },
    recorded: (id: number, r: { sid: string; url: string | null; seconds: number | null; status: string }) =>
      setRecording.run({ id, ...r, now: nowIso() }).changes > 0,
    transcribed: (id: number, sid: string, text: string) =>
      setTranscript.run({ id, sid, text, now: nowIso() }).changes > 0,
    media: (id: number) => media.get(id),
  };
}

export interface VoicemailDeps {
  config: Config;
  db: Db;
  publicUrl: PublicUrl;
  events: EventBus;
  logger: Logger;
  /** Twilio's media server (tests: a fake on 127.0.0.1); the global fetch by default. */
  fetchMedia?: typeof fetch;
}

export function voicemailRoutes(deps: VoicemailDeps) {
  const twilio = deps.config.providers.twilio;
  const voicemails = voicemailRepository(deps.db);
  const signed = twilioSignatureCheck(twilio.authToken, deps.publicUrl);
  const fetchMedia = deps.fetchMedia ?? fetch;
  const router = Router();
  const refuse = (res: import('express').Response, status: number, text: string) =>
    void res.status(status).type('text/plain').send(text);

  router.post(VOICEMAIL_WEBHOOKS.recordingStatus, signed, (req, res) => {
    const callSid = twilioParam(req, 'CallSid');
    const sid = twilioParam(req, 'RecordingSid');
    const status = twilioParam(req, 'RecordingStatus');
    const url = twilioParam(req, 'RecordingUrl');
    const duration = twilioParam(req, 'RecordingDuration');
    if (!CALL_SID.test(callSid) || !RECORDING_SID.test(sid) || !RECORDING_STATUSES.has(status))
      return refuse(res, 400, 'Not a recording status callback');
    if (url !== recordingUrlOf(twilio, sid))
      return refuse(res, 400, "RecordingUrl is not this account's recording");
    const call = voicemails.call(callSid);
    if (!call) return refuse(res, 404, 'Unknown call');
    const seconds = /^\d{1,5}$/.test(duration) ? Number(duration) : null;
    // An empty recording ('absent') or a failed one is kept as such: there is nothing to play.
    const changed = voicemails.recorded(call.id, {
      sid,
      url: status === 'completed' ? url : null,
      seconds,
      status,
    });
    if (changed && status === 'completed') deps.events.publish(callChanged(call, 'left a message'));
    res.status(204).end();
  });

  router.post(VOICEMAIL_WEBHOOKS.recordingTranscript, signed, (req, res) => {
    const callSid = twilioParam(req, 'CallSid');
    const sid = twilioParam(req, 'RecordingSid');
    if (!CALL_SID.test(callSid) || !RECORDING_SID.test(sid))
      return refuse(res, 400, 'Not a transcription callback');
    const call = voicemails.call(callSid);
    if (!call) return refuse(res, 404, 'Unknown call');
    // A failed transcription leaves the message without one; staff still hear the audio.
    const text = twilioParam(req, 'TranscriptionText').trim();
    if (twilioParam(req, 'TranscriptionStatus') === 'completed' && text) {
      if (voicemails.transcribed(call.id, sid, text))
        deps.events.publish(callChanged(call, 'message transcribed'));
    }
    res.status(204).end();
  });

  // Staff only (not in the public allowlist): the audio, fetched from Twilio with the account's
  // credentials and passed through; the browser sees only this address.
  router.get('/api/calls/:id/recording', async (req, res) => {
    const found = voicemails.media(routeId(req.params));
    if (!found) throw notFound('Call');
    if (found.recording_status !== 'completed' || !found.recording_url) throw notFound('Recording');
    if (!twilio.accountSid || !twilio.authToken)
      throw new HttpError(
        503,
        'service_unavailable',
        'The phone line is not configured, so the recording cannot be fetched',
      );
    const credentials = Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64');
    let upstream: Response;
    try {
      upstream = await fetchMedia(`${found.recording_url}.mp3`, {
        headers: { Authorization: `Basic ${credentials}` },
        signal: AbortSignal.timeout(MEDIA_TIMEOUT_MS),
        // Twilio may answer with a redirect to its media store; fetch drops the Authorization
        // header when a redirect leaves the origin, so the credentials go only to Twilio's API.
        redirect: 'follow',
      });
    } catch (error) {
      deps.logger.warn({ err: error }, 'recording not fetched from Twilio');
      throw new HttpError(502, 'bad_gateway', 'The recording could not be fetched from Twilio');
    }
    if (!upstream.ok || !upstream.body) {
      deps.logger.warn({ status: upstream.status }, 'Twilio refused the recording');
      throw new HttpError(502, 'bad_gateway', 'The recording could not be fetched from Twilio');
    }
    res.setHeader('Content-Type', 'audio/mpeg');
    const length = upstream.headers.get('content-length');
    if (length && /^\d+$/.test(length)) res.setHeader('Content-Length', length);
    // A transfer cut off half way ends the response (the player says it failed); never the server.
    await pipeline(Readable.fromWeb(upstream.body as import('node:stream/web').ReadableStream), res).catch(
      (error: unknown) => deps.logger.warn({ err: error }, 'recording transfer cut off'),
    );
  });

  return router;
}
