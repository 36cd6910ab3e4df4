import { Router, type Request, type Response } from 'express';
import { callStatusOf } from '../calls/call.repository.ts';
import { twilioParam } from './twilio-signature.ts';
import { TWILIO_EVENT_IDS, type TwilioWebhooks } from '../webhooks/twilio.adapter.ts';
import type { Once, WebhookAnswer, WebhookReply } from '../webhooks/webhook-inbox.ts';
import { PHONE_WORDS, speechHints, voiceReplies } from './voice-replies.ts';
import { PHONE_WEBHOOKS } from './webhook-paths.ts';
import { callArrived, callChanged, callMissed } from '../events/announcements.ts';
import { formatDuration, type Call } from '@washdesk/contract';
import type { BlockedNumberRepository } from './blocked-numbers.ts';
import { screeningOf } from './call-screening.ts';
import { isDialable } from './text-photo-link.ts';
import type { ConversationRelay } from './relay/conversation-relay.ts';
import { RELAY_PATHS } from './relay/relay-paths.ts';
import type { PhoneLineDeps } from './phone-line.ts';
import { isCallSid } from './call-sid.ts';
import { FAULT_TASK, UNANSWERED_TASK, type PhoneTurns, type TurnOutcome } from './phone-turn.ts';

export interface PhoneDeps extends PhoneLineDeps {
  /** The numbers staff blocked: screened before any assistant turn. */
  blocked: Pick<BlockedNumberRepository, 'isBlocked'>;
  /** The streamed line (ConversationRelay); without it every call takes the Gather flow. */
  relay?: ConversationRelay;
  /** The webhook inbox's Twilio side: the one signature check, each event handled once. */
  webhooks: TwilioWebhooks;
  /** One caller turn, as both voice modes run it. */
  turns: PhoneTurns;
}

/** The three Twilio voice webhooks: a thin channel around the assistant. */
export function phoneRoutes(deps: PhoneDeps) {
  const { config, assistant, publicUrl, logger } = deps;
  const twilioConfig = config.providers.twilio;
  const business = config.business;
  const { calls } = deps;
  const voice = voiceReplies({
    voice: twilioConfig.voice,
    businessName: business.name,
    hints: speechHints(business.serviceArea),
    publicUrl: publicUrl.get,
  });
  const { blocked, turns } = deps;
  const router = Router();
  const { signed } = deps.webhooks;
  const twiml = (res: Response, xml: string) => res.type('text/xml').send(xml);
  const xml = (body: string): WebhookAnswer => ({ status: 200, type: 'text/xml', body });
  const refusal = (body: string): WebhookAnswer => ({ status: 400, type: 'text/plain', body });
  /** What a TwiML webhook's duplicate gets when its first answer was not kept: nothing more. */
  const NOTHING = xml(voice.hangUp());

  /** The call a webhook is about, created if this is the first we hear of it (null: not a call). */
  const openCall = (req: Request) => {
    const sid = twilioParam(req, 'CallSid');
    return isCallSid(sid) ? calls.open(sid, twilioParam(req, 'From') || 'unknown') : null;
  };
  const callOf = (req: Request): Call | null => {
    const call = openCall(req);
    if (call?.isNew) deps.events.publish(callArrived(call));
    return call;
  };
  const { requestCallback } = turns;

  const incomingCall = (req: Request): WebhookAnswer => {
    const call = openCall(req);
    if (!call) return refusal('CallSid missing');
    // A blocked number, or a caller id the carrier's check failed: no assistant turn, no alert.
    const verstat = twilioParam(req, 'StirVerstat');
    const screened = screeningOf({ verstat, blocked: blocked.isBlocked(call.phoneNumber) });
    if (screened) {
      calls.screened(call.id, screened, verstat || null);
      if (call.isNew) deps.events.publish(callChanged(call, `screened out (${screened})`));
      return xml(voice.sayAndHangUp(PHONE_WORDS.screened));
    }
    if (call.isNew) deps.events.publish(callArrived(call));
    const greeting = assistant.greeting('phone');
    return xml(deps.relay?.streams() ? deps.relay.answer(call, greeting) : voice.sayAndListen(greeting));
  };
  router.post(
    PHONE_WEBHOOKS.incomingCall,
    ...deps.webhooks.event(
      TWILIO_EVENT_IDS.incomingCall,
      (req, once) => once(() => incomingCall(req)) ?? NOTHING,
      NOTHING,
    ),
  );

  // ConversationRelay's <Connect action>: the streamed session is over; what happens next.
  const sessionEnded = (req: Request): WebhookAnswer => {
    const call = callOf(req);
    if (!call || !deps.relay) return refusal('Not a streamed call');
    const after = deps.relay.sessionEnded(call, twilioParam(req, 'CallStatus'));
    if (after.next === 'hand-off') return xml(afterStreamedHandOff(call, after.putThrough));
    if (after.next === 'twiml') return xml(after.twiml);
    if (after.next === 'hang-up') return xml(voice.hangUp());
    // The words (and the task) came with the turn: the line only records the message.
    if (after.next === 'take-message') return xml(voice.leaveMessage([]));
    requestCallback(call, FAULT_TASK);
    return xml(voice.sayAndHangUp(PHONE_WORDS.fault));
  };
  // One event per session of the call and how it ended: Twilio posts the action once per session.
  const sessionEndedId = (f: (name: string) => string) =>
    `call:${f('CallSid')}:relay-ended:${deps.relay?.sessionsOpened(f('CallSid')) ?? 0}:${f('CallStatus')}:${f('SessionStatus')}`;
  router.post(
    RELAY_PATHS.sessionEnded,
    ...deps.webhooks.event(sessionEndedId, (req, once) => once(() => sessionEnded(req)) ?? NOTHING, NOTHING),
  );

  router.post(PHONE_WEBHOOKS.processSpeech, signed, async (req, res) => {
    let call: Call | null = null;
    try {
      call = callOf(req);
      if (!call) return void res.status(400).type('text/plain').send('CallSid missing');
      if (req.query.dialed !== undefined)
        return void twiml(res, afterDial(call, twilioParam(req, 'DialCallStatus')));
      // Twilio's <Record> action: the caller finished their message (its audio arrives on the
      // recording callback, signed, later).
      if (req.query.recorded !== undefined)
        return void twiml(res, voice.sayAndHangUp(PHONE_WORDS.messageTaken));
      const heard = twilioParam(req, 'SpeechResult').trim();
      if (!heard) {
        const silences = Number(req.query.silence === '1') + 1;
        return void twiml(
          res,
          silences >= 2
            ? voice.sayAndHangUp(PHONE_WORDS.stillSilent)
            : voice.sayAndListen(PHONE_WORDS.reprompt, 1),
        );
      }
      twiml(res, await answer(call, heard));
    } catch (error) {
      logger.error({ err: error, callId: call?.id }, 'phone turn failed; the caller is promised a call back');
      try {
        if (call) requestCallback(call, FAULT_TASK);
      } catch (markError) {
        logger.error({ err: markError }, 'could not mark the call for a call back');
      }
      twiml(res, voice.sayAndHangUp(PHONE_WORDS.fault));
    }
  });

  const callStatus = (req: Request, once: Once): WebhookReply => {
    const sid = twilioParam(req, 'CallSid');
    const status = callStatusOf(twilioParam(req, 'CallStatus'));
    if (!isCallSid(sid) || !status) return refusal('Unknown call status');
    const seconds = /^\d{1,6}$/.test(twilioParam(req, 'CallDuration'))
      ? Number(twilioParam(req, 'CallDuration'))
      : null;
    const sequence = /^\d{1,9}$/.test(twilioParam(req, 'SequenceNumber'))
      ? Number(twilioParam(req, 'SequenceNumber'))
      : null;
    const applied = once(() =>
      calls.applyStatus({
        callSid: sid,
        phoneNumber: twilioParam(req, 'From') || 'unknown',
        status,
        durationSeconds: seconds,
        sequence,
      }),
    );
    if (!applied) return { status: 204 };
    const { call, ended, isNew } = applied;
    if (isNew && !ended) deps.events.publish(callArrived(call));
    if (!ended) return { status: 204 };
    // The summary (a model's, when one is set) is written after Twilio has its answer.
    const after = async () => {
      try {
        const summary = await assistant.summarizeCall(call);
        if (summary) calls.summarize(call.id, summary);
      } catch (error) {
        // The status is stored; a summary that could not be written is not worth a Twilio retry.
        logger.error({ err: error, callId: call.id }, 'call summary failed');
      }
      // Announced with its summary stored, so a screen that reloads shows both.
      deps.events.publish(
        call.status === 'missed'
          ? callMissed(call)
          : callChanged(call, `ended${seconds !== null ? ` after ${formatDuration(seconds)}` : ''}`),
      );
    };
    return { status: 204, after };
  };
  router.post(PHONE_WEBHOOKS.callStatus, ...deps.webhooks.event(TWILIO_EVENT_IDS.callStatus, callStatus));

  /** One caller turn through the shared runner, as TwiML. */
  async function answer(call: Call, heard: string): Promise<string> {
    return spoken(call, await turns.take(call, heard));
  }

  /** What the turn decided, said and done the Gather way. */
  function spoken(call: Call, outcome: TurnOutcome): string {
    if (outcome.next === 'fault' || outcome.next === 'dropped') return voice.sayAndHangUp(PHONE_WORDS.fault);
    const { turn } = outcome;
    const language = turn.language ?? 'en-US';
    if (outcome.next === 'listen') return voice.sayAndListen(turn.reply, 0, language);
    if (outcome.next === 'goodbye') return voice.sayAndHangUp(turn.reply);
    // "A person, please": the route was worked out before the turn, so the reply says it.
    const done = turns.handOff(call, outcome.route);
    if (done.kind === 'put-through') return voice.connect(done.forwardNumber, turn.reply, language);
    if (done.kind === 'none') return voice.sayAndHangUp(turn.reply);
    // A Spanish caller keeps being heard, in Spanish (the message prompt and tone are English).
    return language === 'es-US'
      ? voice.sayAndListen(turn.reply, 0, language)
      : voice.leaveMessage([turn.reply]);
  }

  /**
   * A streamed call's hand-off, once its session ended: the caller already heard the route's words
   * over the socket, so this only does it (asked again: the office may have closed meanwhile).
   */
  function afterStreamedHandOff(call: Call, tellOffice: (forwardNumber: string) => void): string {
    const done = turns.handOff(call, turns.handoffRoute(call), tellOffice);
    if (done.kind === 'put-through') return voice.connect(done.forwardNumber, '');
    return done.kind === 'call-back' ? voice.leaveMessage([]) : voice.hangUp();
  }

  /** How the put-through ended: talked (hang up), or nobody took it (a call back is owed, a message may be left). */
  function afterDial(call: Call, dialStatus: string): string {
    if (dialStatus === 'completed' || dialStatus === 'answered') return voice.hangUp();
    if (!isDialable(call.phoneNumber)) return voice.sayAndHangUp(PHONE_WORDS.noNumberToCall(business.phone));
    requestCallback(call, UNANSWERED_TASK);
    return voice.leaveMessage([PHONE_WORDS.dialFailed, PHONE_WORDS.leaveMessage]);
  }

  return router;
}
