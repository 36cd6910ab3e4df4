import type { Request, RequestHandler, Response } from 'express';
import type { PublicUrl } from '../phone/public-url.ts';
import { twilioParam, twilioSignatureCheck } from '../phone/twilio-signature.ts';
import type { Once, WebhookAnswer, WebhookInbox, WebhookReply, WorkAfterAnswers } from './webhook-inbox.ts';

// Twilio's side of the webhook inbox: the form is read once and its signature checked by the one
// rule in phone/twilio-signature.ts; then each event is recorded in the inbox with its effect.

/** A signed field of the request ('' when Twilio did not send it). */
export type TwilioField = (name: string) => string;

/** Twilio's id for each event Washdesk acts on: two deliveries with one id are one event. */
export const TWILIO_EVENT_IDS = {
  incomingCall: (f: TwilioField) => `call:${f('CallSid')}:incoming`,
  // A status callback's SequenceNumber orders one call's callbacks; without it, each status once.
  callStatus: (f: TwilioField) => `call:${f('CallSid')}:status:${f('SequenceNumber') || f('CallStatus')}`,
  incomingText: (f: TwilioField) => `text:${f('MessageSid')}`,
  messageStatus: (f: TwilioField) => `text:${f('MessageSid')}:${f('MessageStatus')}`,
  recordingStatus: (f: TwilioField) => `recording:${f('RecordingSid')}:${f('RecordingStatus')}`,
  recordingTranscript: (f: TwilioField) =>
    `recording:${f('RecordingSid')}:transcript:${f('TranscriptionStatus')}`,
};

/**
 * A handler of one verified event. It does its effect inside `once` (the inbox row and the effect
 * in one transaction; undefined when another delivery of the event got there first); what it
 * returns is Twilio's answer, and its `after` (an MMS's photos fetched, staff told) runs once sent.
 */
export type TwilioHandler = (req: Request, once: Once) => WebhookReply | Promise<WebhookReply>;

const send = (res: Response, answer: WebhookAnswer) => {
  res.status(answer.status);
  if (answer.type) res.type(answer.type);
  if (answer.body === undefined) res.end();
  else res.send(answer.body);
};

export function twilioWebhooks(deps: {
  authToken: string | undefined;
  publicUrl: PublicUrl;
  inbox: WebhookInbox;
  afterwards: WorkAfterAnswers;
}) {
  const { inbox, afterwards } = deps;
  /** Verified by the one signature rule; for a webhook that is no event of its own (a speech turn). */
  const signed = twilioSignatureCheck(deps.authToken, deps.publicUrl);

  /**
   * A webhook about one event: verified, then handled once. A duplicate (a retry, a replay, a copy
   * that arrives while the first is handled) changes nothing and gets the first delivery's answer.
   */
  function event(
    eventId: (f: TwilioField, req: Request) => string,
    handle: TwilioHandler,
    duplicate: WebhookAnswer = { status: 204 },
  ): RequestHandler[] {
    const once: RequestHandler = async (req, res) => {
      const id = eventId((name) => twilioParam(req, name), req);
      const again = () => send(res, inbox.seen('twilio', id) ?? duplicate);
      if (inbox.seen('twilio', id) !== undefined) return again();
      let recorded: boolean | undefined;
      const record: Once = (effect) => {
        recorded = false;
        return inbox.once('twilio', id, () => {
          recorded = true;
          return effect();
        });
      };
      const { after, ...answer } = await handle(req, record);
      if (recorded === false) return again();
      if (recorded) inbox.answered('twilio', id, answer, duplicate);
      send(res, answer);
      if (after) afterwards.run(after);
    };
    return [signed, once];
  }
  return { signed, event };
}
export type TwilioWebhooks = ReturnType<typeof twilioWebhooks>;
