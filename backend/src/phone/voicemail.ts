import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { CallRepository } from '../calls/call.repository.ts';
import { HttpError, notFound, routeId } from '../http/errors.ts';
import type { EventBus } from '../events/event-bus.ts';
import { callChanged } from '../events/announcements.ts';
import type { PublicUrl } from './public-url.ts';
import { twilioParam } from './twilio-signature.ts';
import { TWILIO_EVENT_IDS, type TwilioWebhooks } from '../webhooks/twilio.adapter.ts';
import { VOICEMAIL_WEBHOOKS } from './webhook-paths.ts';
import { isCallSid } from './call-sid.ts';

// A caller's recorded message. Twilio records it (<Record> in voice-replies.ts) and tells us, in a
// signed callback, where the audio is; the call keeps that with its transcript. Staff play it
// through GET /api/calls/:id/recording: the backend fetches the audio with the account's
// credentials, so Twilio's address and the credentials never reach a browser.

/** How long the audio may take to start arriving from Twilio before staff are told it did not. */
const MEDIA_TIMEOUT_MS = 10_000;
const RECORDING_SID = /^RE[0-9a-f]{32}$/i;
const RECORDING_STATUSES = new Set(['completed', 'absent', 'failed']);

type TwilioAccount = Config['providers']['twilio'];

/**
 * The one address a recording of this account may be fetched from. A callback naming any other
 * (another host, another account) is refused, so the credentials are only ever sent to Twilio.
 */
export const recordingUrlOf = (twilio: Pick<TwilioAccount, 'apiBaseUrl' | 'accountSid'>, sid: string) =>
  `${twilio.apiBaseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${twilio.accountSid ?? ''}/Recordings/${sid}`;

export interface VoicemailDeps {
  config: Config;
  /** The calls table's owner: a recording and its transcript are kept on their call. */
  calls: CallRepository;
  publicUrl: PublicUrl;
  events: EventBus;
  logger: Logger;
  /** Twilio's media server (tests: a fake on 127.0.0.1); the global fetch by default. */
  fetchMedia?: typeof fetch;
  /** The webhook inbox's Twilio side: the one signature check, each callback handled once. */
  webhooks: TwilioWebhooks;
}

export function voicemailRoutes(deps: VoicemailDeps) {
  const twilio = deps.config.providers.twilio;
  const { calls } = deps;
  const fetchMedia = deps.fetchMedia ?? fetch;
  const router = Router();
  const refuse = (status: number, body: string) => ({ status, type: 'text/plain', body });
  const DONE = { status: 204 };

  const recordingStatus = (req: import('express').Request) => {
    const callSid = twilioParam(req, 'CallSid');
    const sid = twilioParam(req, 'RecordingSid');
    const status = twilioParam(req, 'RecordingStatus');
    const url = twilioParam(req, 'RecordingUrl');
    const duration = twilioParam(req, 'RecordingDuration');
    if (!isCallSid(callSid) || !RECORDING_SID.test(sid) || !RECORDING_STATUSES.has(status))
      return refuse(400, 'Not a recording status callback');
    if (url !== recordingUrlOf(twilio, sid))
      return refuse(400, "RecordingUrl is not this account's recording");
    const call = calls.bySid(callSid);
    if (!call) return refuse(404, 'Unknown call');
    // Callbacks arrive out of order: a late 'failed' or 'absent' never erases a message that was
    // recorded in full (the check and the write below run with no await between them).
    if (call.voicemail && status !== 'completed') return DONE;
    const seconds = /^\d{1,5}$/.test(duration) ? Number(duration) : null;
    // An empty recording ('absent') or a failed one is kept as such: there is nothing to play.
    const changed = calls.recorded(call.id, {
      sid,
      url: status === 'completed' ? url : null,
      seconds,
      status,
    });
    if (changed && status === 'completed') deps.events.publish(callChanged(call, 'left a message'));
    return DONE;
  };
  // Each callback's effect is recorded with it in the webhook inbox: a replay changes nothing.
  router.post(
    VOICEMAIL_WEBHOOKS.recordingStatus,
    ...deps.webhooks.event(
      TWILIO_EVENT_IDS.recordingStatus,
      (req, once) => once(() => recordingStatus(req)) ?? DONE,
    ),
  );

  const recordingTranscript = (req: import('express').Request) => {
    const callSid = twilioParam(req, 'CallSid');
    const sid = twilioParam(req, 'RecordingSid');
    if (!isCallSid(callSid) || !RECORDING_SID.test(sid))
      return refuse(400, 'Not a transcription callback');
    const call = calls.bySid(callSid);
    if (!call) return refuse(404, 'Unknown call');
    // A failed transcription leaves the message without one; staff still hear the audio.
    const text = twilioParam(req, 'TranscriptionText').trim();
    if (twilioParam(req, 'TranscriptionStatus') === 'completed' && text) {
      if (calls.transcribed(call.id, sid, text))
        deps.events.publish(callChanged(call, 'message transcribed'));
    }
    return DONE;
  };
  router.post(
    VOICEMAIL_WEBHOOKS.recordingTranscript,
    ...deps.webhooks.event(
      TWILIO_EVENT_IDS.recordingTranscript,
      (req, once) => once(() => recordingTranscript(req)) ?? DONE,
    ),
  );

  // Staff only (not in the public allowlist): the audio, fetched from Twilio with the account's
  // credentials and passed through; the browser sees only this address.
  router.get('/api/calls/:id/recording', async (req, res) => {
    const found = calls.recording(routeId(req.params));
    if (found === undefined) throw notFound('Call');
    if (!found) throw notFound('Recording');
    if (!twilio.accountSid || !twilio.authToken)
      throw new HttpError(
        503,
        'service_unavailable',
        'The phone line is not configured, so the recording cannot be fetched',
      );
    const credentials = Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64');
    let upstream: Response;
    try {
      upstream = await fetchMedia(`${found.url}.mp3`, {
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
