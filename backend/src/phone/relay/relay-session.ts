import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import type { Assistant, ReplyLanguage } from '../../assistant/assistant-turn.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { callArrived } from '../../events/announcements.ts';
import type { Call } from '@washdesk/contract';
import type { CallRepository } from '../../calls/call.repository.ts';
import { PHONE_WORDS } from '../voice-replies.ts';
import { callSidOf } from '../call-sid.ts';
import type { PhoneTurns } from '../phone-turn.ts';
import { conversationQueue } from '../../assistant/conversation-queue.ts';
import type { RelayCallRepository, RelayHandoff } from './relay-call.repository.ts';
import { readInbound, type RelayInbound, type RelayOutbound } from './relay-messages.ts';

// One ConversationRelay socket: Twilio's side of a streamed call. Each finished prompt is one
// assistant turn (in order); its words go out as `text` tokens while they are written. What the
// caller heard is what is stored: an interruption cuts the stored reply where they cut in. The
// turns end with the socket (the caller hung up, or the server stops): prompts still queued are
// dropped, the turn under way is aborted (its model request cut), and its stored reply keeps only
// the words that went out before the socket closed; nothing else is sent, handed off or promised.

export interface RelaySessionContext {
  assistant: Assistant;
  calls: CallRepository;
  relays: RelayCallRepository;
  events: EventBus;
  logger: Logger;
  /** One caller turn (deadline, bookkeeping, call back, hand-off route): the Gather line's runner too. */
  turns: PhoneTurns;
}

/** The reply being spoken: where it stands, so an interruption knows what to keep. */
interface Reply {
  responseId: number | null;
  /** Words already went out through onReplyText (a streamed reply). */
  streamed: boolean;
  /** Some of it went out: an interruption from now on is about this reply. */
  heard: boolean;
  /** The caller cut in; nothing more of this reply is sent. */
  interrupted: boolean;
  /** What was spoken before the cut, kept until the turn's log row exists. */
  spoken: string | null;
  /** Every token that went out on the open socket, in order: all the caller can have heard. */
  sent: string;
}

/** The digit that asks for a person, as most phone menus have it. */
const PERSON_DIGIT = '0';

/**
 * Serves one socket whose upgrade Twilio signed for `callSid`. Resolves when the socket has closed
 * and every turn it started has been stored (a server closes only after that).
 */
export function serveRelaySession(
  socket: WebSocket,
  callSid: string,
  ctx: RelaySessionContext,
): Promise<void> {
  const { assistant, calls, relays, logger } = ctx;
  let call: Call | null = null;
  let language: ReplyLanguage = 'en-US';
  /** The newest reply that has gone out (all or part): what an interruption cuts. */
  let lastHeard: Reply | null = null;
  let ended = false;
  /** Fires when the socket closes: the turn under way stops, and no queued one starts. */
  const hungUp = new AbortController();
  const closed = () => hungUp.signal.aborted;
  /** Assistant turns not yet settled, even one the channel's deadline gave up on: the session waits for them. */
  const working = new Set<Promise<unknown>>();

  /** Whether the message went out (the socket is open). */
  const send = (message: RelayOutbound) => {
    if (closed() || socket.readyState !== socket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  };
  /** One after another: a turn's memory is the one before it. */
  const turns = conversationQueue((error) =>
    logger.error({ err: error, callId: call?.id }, 'relay turn failed'),
  );
  const queue = (work: (call: Call) => Promise<void>) => {
    const forCall = call!;
    turns.enqueue(forCall.id, async () => (ended || closed() ? undefined : work(forCall)));
  };

  function setUp(message: Extract<RelayInbound, { type: 'setup' }>) {
    if (call) return;
    // The upgrade's signature covers the CallSid in its URL; a setup naming another call is not Twilio's.
    if (message.callSid !== callSid) {
      logger.warn({ callSid }, 'relay setup named another call; socket closed');
      return socket.close(1008, 'setup does not match the call');
    }
    const opened = calls.open(callSid, message.from || 'unknown');
    if (opened.isNew) ctx.events.publish(callArrived(opened));
    // A socket for a call answered before a restart finds its greeting and language here.
    relays.greeted(opened.id, '');
    relays.sessionStarted(opened.id);
    language = relays.get(opened.id)!.language;
    call = opened;
  }

  function endSession(callNow: Call, handoff: RelayHandoff) {
    ended = true;
    relays.handedOff(callNow.id, handoff);
    send({ type: 'end', handoffData: JSON.stringify(handoff) });
  }

  /** "A person, please": the <Connect> action puts them through (or takes a message). */
  async function handOff(callNow: Call, reason: string, reasonCode: 'person' | 'message' = 'person') {
    let summary: string | null = null;
    try {
      // As stored now: the summary says whether the caller was put through or is owed a call back.
      summary = await assistant.summarizeCall(calls.get(callNow.id) ?? callNow);
    } catch (error) {
      logger.warn({ err: error, callId: callNow.id }, 'hand-off summary not written');
    }
    const fresh = calls.open(callSidOf(callNow), callNow.phoneNumber);
    endSession(callNow, {
      reasonCode,
      reason,
      callerName: fresh.customerName,
      callerNumber: fresh.phoneNumber,
      summary,
    });
  }

  async function take(callNow: Call, heard: string) {
    const reply: Reply = {
      responseId: null,
      streamed: false,
      heard: false,
      interrupted: false,
      spoken: null,
      sent: '',
    };
    const speak = (token: string, last: boolean) => {
      if (reply.interrupted || closed()) return;
      if (!reply.heard) lastHeard = reply;
      reply.heard = true;
      if (send({ type: 'text', token, last })) reply.sent += token;
    };
    const outcome = await ctx.turns.take(callNow, heard, {
      onReplyText: (text) => {
        reply.streamed = true;
        speak(text, false);
      },
      signal: hungUp.signal,
      // A turn the deadline gave up on still writes its log row: the session waits for it.
      started: (asked) => {
        working.add(asked);
        void asked.then(
          () => working.delete(asked),
          () => working.delete(asked),
        );
      },
    });
    if (outcome.next === 'dropped') return;
    if (outcome.next === 'fault') {
      speak(PHONE_WORDS.fault, true);
      return endSession(callNow, goodbye(callNow, 'the line could not answer'));
    }
    const { turn } = outcome;
    reply.responseId = turn.responseId;
    if (reply.spoken !== null) assistant.replyCut(callNow.id, turn.responseId, reply.spoken);
    if (closed()) {
      // The socket closed under the turn: the log keeps what went out before, and nothing follows.
      if (!reply.interrupted) assistant.replyCut(callNow.id, turn.responseId, reply.sent.trim());
      return void logger.info({ callId: callNow.id }, 'relay turn cut short: the socket closed');
    }

    const replyLanguage = turn.language ?? 'en-US';
    if (replyLanguage !== language) {
      // Before the reply's words when they are not out yet, so they are heard in that language.
      language = replyLanguage;
      relays.languageChanged(callNow.id, language);
      send({ type: 'language', ttsLanguage: language, transcriptionLanguage: language });
    }
    // A reply the assistant did not stream (it never called onReplyText) goes out whole.
    const rest = reply.streamed ? '' : turn.reply;
    // The photo link was texted during the turn, and the reply says so: nothing is added here.
    speak(rest, true);
    if (outcome.next === 'hand-off') {
      const asked = turn.action.type === 'handoff' && turn.action.need === 'message' ? 'message' : 'person';
      return handOff(callNow, heard, asked);
    }
    if (outcome.next === 'goodbye') endSession(callNow, goodbye(callNow, heard));
  }

  /**
   * The caller cut in on the newest reply that went out (a reply still being written, with nothing
   * sent yet, is not what they heard). Before any reply on this socket it was the welcome
   * greeting: the first socket's is the call's greeting; a reconnect's apology is not stored.
   */
  function interrupted(callNow: Call, spoken: string) {
    logger.debug({ callId: callNow.id }, 'caller cut in');
    const reply = lastHeard;
    if (reply) {
      reply.interrupted = true;
      if (reply.responseId !== null) assistant.replyCut(callNow.id, reply.responseId, spoken);
      else reply.spoken = spoken;
    } else if (relays.get(callNow.id)?.sessions === 1) relays.greetingCut(callNow.id, spoken);
  }

  function received(data: Buffer, isBinary: boolean) {
    const message = isBinary ? null : readInbound(data.toString());
    if (!message) return void logger.warn({ callSid }, 'relay message not understood; ignored');
    if (message.type === 'setup') return setUp(message);
    if (!call)
      return void logger.warn({ callSid, type: message.type }, 'relay message before setup; ignored');
    const callNow = call;
    switch (message.type) {
      case 'prompt': {
        const heard = message.voicePrompt.trim();
        if (heard && message.last !== false) queue((c) => take(c, heard));
        return;
      }
      case 'interrupt':
        return interrupted(callNow, message.utteranceUntilInterrupt.trim());
      case 'dtmf':
        // A key press for a person is a turn like any spoken one (issue 34): logged, its call-back
        // task filed when one is promised, and the hand-off done as the turn decides.
        if (message.digit === PERSON_DIGIT) queue((c) => take(c, `pressed ${PERSON_DIGIT} for a person`));
        return;
      case 'error':
        return void logger.warn(
          { callId: callNow.id, description: message.description },
          'ConversationRelay error',
        );
    }
  }
  socket.on('message', (data: Buffer, isBinary) => {
    // A fault here (the database, say) ends this call's socket, never the server.
    try {
      received(data, isBinary);
    } catch (error) {
      logger.error({ err: error, callSid }, 'relay message failed; socket closed');
      socket.close(1011, 'server fault');
    }
  });
  socket.on('error', (error) => logger.warn({ err: error, callSid }, 'relay socket fault'));

  return new Promise<void>((resolve) =>
    socket.once('close', () => {
      hungUp.abort();
      void turns
        .settled()
        .then(() => Promise.allSettled([...working]))
        .then(() => resolve());
    }),
  );
}

const goodbye = (call: Call, reason: string): RelayHandoff => ({
  reasonCode: 'goodbye',
  reason,
  callerName: call.customerName,
  callerNumber: call.phoneNumber,
  summary: null,
});
