import { Router, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Assistant, AssistantTurn } from '../assistant/assistant-turn.ts';
import type { HandoffRoute } from '../assistant/tools/hand-off.ts';
import { phoneCallRepository, callStatusOf, type PhoneCall } from './phone-call.repository.ts';
import type { PublicUrl } from './public-url.ts';
import type { TwilioApi } from './twilio-client.ts';
import { twilioParam, twilioSignatureCheck } from './twilio-signature.ts';
import { PHONE_WORDS, speechHints, voiceReplies } from './voice-replies.ts';
import { PHONE_WEBHOOKS } from './webhook-paths.ts';
import type { EventBus } from '../events/event-bus.ts';
import { callArrived, callbackRequested, callChanged, callMissed } from '../events/announcements.ts';
import { formatDuration } from '@washdesk/contract';
import type { Clock } from '../time.ts';
import { businessHoursStore, officeStatus, whenOfficeOpens } from './business-hours.ts';
import { blockedNumberRepository } from './blocked-numbers.ts';
import { screeningOf } from './call-screening.ts';

/**
 * Twilio waits 15 s for each answer. The assistant keeps its own model budget and Response Delay
 * inside that; this is the channel's last line, after which the caller hears an apology and the
 * promise of a call back instead of silence.
 */
const TURN_DEADLINE_MS = 12_000;

export interface PhoneDeps {
  config: Config;
  db: Db;
  assistant: Assistant;
  publicUrl: PublicUrl;
  /** The Twilio REST API (texts), or null when the account is not configured. */
  twilio: TwilioApi | null;
  logger: Logger;
  /** Where the call's news goes (new, missed, call-back wanted, ended). */
  events: EventBus;
  turnDeadlineMs?: number;
  /** The time business hours are judged at (tests stop it). */
  clock?: Clock;
}

const CALL_SID = /^[A-Za-z0-9]{2,64}$/;
/** A number a text can go to and staff can call back (E.164), not "anonymous" or a short code. */
const isDialable = (phone: string) => /^\+[1-9]\d{9,14}$/.test(phone);

/** The three Twilio voice webhooks: a thin channel around the assistant. */
export function phoneRoutes(deps: PhoneDeps) {
  const { config, assistant, publicUrl, logger } = deps;
  const twilioConfig = config.providers.twilio;
  const business = config.business;
  const calls = phoneCallRepository(deps.db);
  const voice = voiceReplies({
    voice: twilioConfig.voice,
    businessName: business.name,
    hints: speechHints(business.serviceArea),
    publicUrl: publicUrl.get,
  });
  const hours = businessHoursStore(deps.db);
  const blocked = blockedNumberRepository(deps.db);
  const clock = deps.clock ?? Date.now;
  const deadline = deps.turnDeadlineMs ?? TURN_DEADLINE_MS;
  const router = Router();
  const signed = twilioSignatureCheck(twilioConfig.authToken, publicUrl);
  const twiml = (res: Response, xml: string) => res.type('text/xml').send(xml);

  /** The call a webhook is about, created if this is the first we hear of it (null: not a call). */
  const openCall = (req: Request) => {
    const sid = twilioParam(req, 'CallSid');
    return CALL_SID.test(sid) ? calls.open(sid, twilioParam(req, 'From') || 'unknown') : null;
  };
  const callOf = (req: Request): PhoneCall | null => {
    const call = openCall(req);
    if (call?.isNew) deps.events.publish(callArrived(call));
    return call;
  };
  const requestCallback = (call: PhoneCall) => {
    calls.requestCallback(call.id);
    deps.events.publish(callbackRequested(call));
  };

  router.post(PHONE_WEBHOOKS.incomingCall, signed, (req, res) => {
    const call = openCall(req);
    if (!call) return void res.status(400).type('text/plain').send('CallSid missing');
    // A blocked number, or a caller id the carrier's check failed: no assistant turn, no alert.
    const verstat = twilioParam(req, 'StirVerstat');
    const screened = screeningOf({ verstat, blocked: blocked.isBlocked(call.phoneNumber) });
    if (screened) {
      calls.screened(call.id, screened, verstat || null);
      if (call.isNew) deps.events.publish(callChanged(call, `screened out (${screened})`));
      return void twiml(res, voice.sayAndHangUp(PHONE_WORDS.screened));
    }
    if (call.isNew) deps.events.publish(callArrived(call));
    twiml(res, voice.sayAndListen(assistant.greeting('phone')));
  });

  router.post(PHONE_WEBHOOKS.processSpeech, signed, async (req, res) => {
    let call: PhoneCall | null = null;
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
        if (call) requestCallback(call);
      } catch (markError) {
        logger.error({ err: markError }, 'could not mark the call for a call back');
      }
      twiml(res, voice.sayAndHangUp(PHONE_WORDS.fault));
    }
  });

  router.post(PHONE_WEBHOOKS.callStatus, signed, async (req, res) => {
    const sid = twilioParam(req, 'CallSid');
    const status = callStatusOf(twilioParam(req, 'CallStatus'));
    if (!CALL_SID.test(sid) || !status)
      return void res.status(400).type('text/plain').send('Unknown call status');
    const seconds = /^\d{1,6}$/.test(twilioParam(req, 'CallDuration'))
      ? Number(twilioParam(req, 'CallDuration'))
      : null;
    const sequence = /^\d{1,9}$/.test(twilioParam(req, 'SequenceNumber'))
      ? Number(twilioParam(req, 'SequenceNumber'))
      : null;
    const { call, ended, isNew } = calls.applyStatus({
      callSid: sid,
      phoneNumber: twilioParam(req, 'From') || 'unknown',
      status,
      durationSeconds: seconds,
      sequence,
    });
    if (isNew && !ended) deps.events.publish(callArrived(call));
    if (ended) {
      try {
        const summary = await assistant.summarizeCall(call.id);
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
    }
    res.status(204).end();
  });

  /** One caller turn through the assistant, within the deadline, and what the phone does with it. */
  async function answer(call: PhoneCall, heard: string): Promise<string> {
    const canText = deps.twilio !== null && isDialable(call.phoneNumber);
    const route = handoffRoute(call);
    const turn = await withinDeadline(
      assistant.turn({
        channel: 'phone',
        callId: call.id,
        message: heard,
        customer: { phone: call.phoneNumber, name: call.customerName },
        photoLink: canText ? 'text' : null,
        handoff: route,
        textPhotoLink: (url) => textPhotoLink(call, url),
      }),
    );
    calls.noteIntent(call.id, turn.intent, turn.action.type === 'booked');
    if (turn.action.type === 'booked') calls.nameFromAppointment(call.id, turn.action.appointmentId);
    switch (turn.action.type) {
      case 'handoff':
        return handOff(call, route, turn);
      default:
        return finish(turn);
    }
  }

  /** The turn's reply, as the log keeps it, and listen again (or goodbye). */
  const finish = (turn: AssistantTurn) => {
    const text = turn.reply;
    return turn.endOfConversation
      ? voice.sayAndHangUp(text)
      : voice.sayAndListen(text, 0, turn.language ?? 'en-US');
  };

  function withinDeadline(turn: Promise<AssistantTurn>): Promise<AssistantTurn> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`assistant took over ${deadline} ms`)), deadline);
    });
    return Promise.race([turn, late]).finally(() => clearTimeout(timer));
  }

  /**
   * "A person, please": put through while the office is open and a forward number is set; else a
   * call back is owed and the caller may leave a message (outside hours, told when it opens). The
   * route is worked out before the turn, so the assistant's reply (what is logged) says it.
   */
  function handoffRoute(call: PhoneCall): HandoffRoute {
    const now = clock();
    const office = officeStatus(hours.get(), now, config.timeZone);
    if (twilioConfig.staffForwardNumber && office.open) return { kind: 'put-through' };
    if (!isDialable(call.phoneNumber)) return { kind: 'call-the-office', officePhone: business.phone };
    return office.open
      ? { kind: 'call-back', canLeaveMessage: true }
      : {
          kind: 'call-back',
          canLeaveMessage: true,
          closedUntil: whenOfficeOpens(office, now, config.timeZone),
        };
  }

  /** Does what the route said, speaking the turn's own reply (the words the log keeps). */
  function handOff(call: PhoneCall, route: HandoffRoute, turn: AssistantTurn): string {
    const language = turn.language ?? 'en-US';
    switch (route.kind) {
      case 'put-through': {
        const forward = twilioConfig.staffForwardNumber!;
        calls.forwarded(call.id, forward);
        deps.events.publish(callChanged(call, 'put through to the office'));
        return voice.connect(forward, turn.reply, language);
      }
      case 'call-back':
        requestCallback(call);
        // A Spanish caller keeps being heard, in Spanish (the message prompt and tone are English).
        return language === 'es-US'
          ? voice.sayAndListen(turn.reply, 0, language)
          : voice.leaveMessage([turn.reply]);
      default:
        return voice.sayAndHangUp(turn.reply);
    }
  }

  /** How the put-through ended: talked (hang up), or nobody took it (a call back is owed, a message may be left). */
  function afterDial(call: PhoneCall, dialStatus: string): string {
    if (dialStatus === 'completed' || dialStatus === 'answered') return voice.hangUp();
    if (!isDialable(call.phoneNumber)) return voice.sayAndHangUp(PHONE_WORDS.noNumberToCall(business.phone));
    requestCallback(call);
    return voice.leaveMessage([PHONE_WORDS.dialFailed, PHONE_WORDS.leaveMessage]);
  }

  /**
   * Texts the caller the photo quote link during the turn (the assistant asked); `sent` only when
   * Twilio accepted the message, and `said` is the sentence the reply starts with.
   */
  async function textPhotoLink(call: PhoneCall, url: string): Promise<{ sent: boolean; said: string }> {
    const failed = { sent: false, said: PHONE_WORDS.textFailed(url) };
    if (!deps.twilio || !isDialable(call.phoneNumber)) return failed;
    try {
      await deps.twilio.sendText(call.phoneNumber, PHONE_WORDS.photoText(business.name, url));
      return { sent: true, said: PHONE_WORDS.textSent };
    } catch (error) {
      // Twilio's message repeats the number; the log keeps only its codes (no contact details).
      const { status, code } = error as { status?: number; code?: number };
      logger.warn({ callId: call.id, status, code }, 'photo link text not sent');
      return failed;
    }
  }

  return router;
}
