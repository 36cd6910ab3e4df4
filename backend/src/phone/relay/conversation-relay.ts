import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Call } from '@washdesk/contract';
import { speechHints } from '../voice-replies.ts';
import type { RelayCallRepository } from './relay-call.repository.ts';
import type { PhoneLineDeps } from '../phone-line.ts';
import { callSidOf, isCallSid } from '../call-sid.ts';
import { phoneTurns, type PhoneTurns } from '../phone-turn.ts';
import { RELAY_PATHS, streamsCalls } from './relay-paths.ts';
import { serveRelaySession } from './relay-session.ts';
import { relayAnswer } from './relay-twiml.ts';
import { twilioRefusal } from '../twilio-signature.ts';
import { officeNote, type AfterSession } from './relay-ended.ts';

// The phone line over Twilio ConversationRelay (issue 24): the TwiML that hands a call to our
// WebSocket, the signed upgrade of that socket, and what the <Connect action> does when a session
// ends. The phone feature builds it; start.ts gives it the HTTP server's upgrades and closes it first.

export interface RelayDeps extends PhoneLineDeps {
  /** The streamed calls' own rows (call_relays). */
  relays: RelayCallRepository;
  /** One caller turn, as the Gather line runs it too (built here when not given). */
  turns?: PhoneTurns;
}
/** A reconnect after a dropped socket is a fault; past this many the caller is promised a call back. */
const MAX_SESSIONS = 4;

/** Says no to an upgrade in plain HTTP, before any WebSocket exists (nothing is read or written). */
function refuse(socket: Duplex, status: number, text: string) {
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

export function conversationRelay(deps: RelayDeps) {
  const { config, publicUrl, logger } = deps;
  const twilioConfig = config.providers.twilio;
  const { calls } = deps;
  const { relays } = deps;
  const line = {
    voice: twilioConfig.voice,
    hints: speechHints(config.business.serviceArea),
    publicUrl: publicUrl.get,
  };
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const sessions = new Set<Promise<void>>();
  /** The open socket of each call: one at a time, so a replayed upgrade cannot join a live call. */
  const live = new Map<string, WebSocket>();
  const context = {
    assistant: deps.assistant,
    calls,
    relays,
    events: deps.events,
    logger,
    turns: deps.turns ?? phoneTurns(deps),
  };

  /**
   * The HTTP server's 'upgrade': only Twilio's signed request for a call's socket becomes one.
   * Twilio signs the wss:// address it was given (no body), as it signs a webhook's URL.
   */
  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    // A malformed request (an address the URL parser refuses) is the client's fault, never a crash.
    try {
      accept(req, socket, head);
    } catch (error) {
      logger.warn({ err: error }, 'relay upgrade refused');
      refuse(socket, 400, 'Bad request');
    }
  }

  function accept(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://relay.invalid');
    if (url.pathname !== RELAY_PATHS.socket) return refuse(socket, 404, 'Not found');
    const signature = req.headers['x-twilio-signature'];
    // The webhooks' one signature rule, over the wss:// address (an upgrade has no fields).
    const refused = twilioRefusal(
      twilioConfig.authToken,
      typeof signature === 'string' ? signature : undefined,
      `${publicUrl.get().replace(/^http/, 'ws')}${req.url}`,
      {},
    );
    if (refused) return refuse(socket, refused.status, refused.text);
    const callSid = url.searchParams.get('call') ?? '';
    if (!isCallSid(callSid)) return refuse(socket, 400, 'Not a call');
    // Twilio's signature carries no time, so a captured upgrade would open a session whenever it is
    // replayed. A socket is only for a call the line answered with one, still going, not ended or
    // handed off by our side, and within its reconnects (what sessionEnded would still allow).
    const call = calls.bySid(callSid);
    const relay = call && relays.get(call.id);
    if (!call || !relay) return refuse(socket, 404, 'No streamed call with this CallSid');
    if (call.status !== 'in-progress' || relay.handoff !== null || relay.sessions >= MAX_SESSIONS)
      return refuse(socket, 410, 'This call has no session left to open');
    // Twilio opens the next socket only after posting the <Connect action>, which closes this one.
    if (live.has(callSid)) return refuse(socket, 409, 'This call already has a session');
    sockets.handleUpgrade(req, socket, head, (ws) => {
      live.set(callSid, ws);
      ws.once('close', () => {
        if (live.get(callSid) === ws) live.delete(callSid);
      });
      const served = serveRelaySession(ws, callSid, context).finally(() => sessions.delete(served));
      sessions.add(served);
    });
  }

  return {
    /** Whether this call is answered over ConversationRelay (else the Gather flow). */
    streams: () => streamsCalls(twilioConfig.voiceMode, publicUrl.get()),

    /** The TwiML handing the call to the socket; the greeting is kept as the call's first line. */
    answer(call: Call, greeting: string): string {
      relays.greeted(call.id, greeting);
      return relayAnswer(line, callSidOf(call), greeting);
    },

    /**
     * The <Connect action>: what follows a session. A hand-off is put through by the phone line
     * (office hours, forward number, voicemail), with the office told who and why; a goodbye or a
     * call that is over hangs up; a socket that dropped (a restart) is reconnected to the same
     * conversation.
     */
    sessionEnded(call: Call, callStatus: string): AfterSession {
      // Twilio says the session is over: a socket still open here (a half-open connection) is not
      // Twilio's any more, and must not keep the next one out.
      if (call.callSid) live.get(call.callSid)?.terminate();
      const relay = relays.get(call.id);
      // The caller hung up (the session ended with the call, or its status callback already came,
      // so this is a replay): nothing follows.
      const over = (callStatus && callStatus !== 'in-progress') || call.status !== 'in-progress';
      if (!relay || over) return { next: 'hang-up' };
      if (relay.handoff?.reasonCode === 'message') return { next: 'take-message' };
      if (relay.handoff?.reasonCode === 'person')
        return {
          next: 'hand-off',
          // The office is texted once per call (as it is put through): a repeated (or replayed)
          // action only puts through.
          putThrough:
            call.forwardedTo !== null
              ? () => undefined
              : officeNote({ ...deps, call, handoff: relay.handoff }),
        };
      if (relay.handoff) return { next: 'hang-up' };
      if (relay.sessions >= MAX_SESSIONS) return { next: 'fault' };
      return { next: 'twiml', twiml: relayAnswer(line, callSidOf(call), RECONNECTED) };
    },

    upgrade,

    /** How many sessions this call's line has opened so far (0: none, or not a streamed call). */
    sessionsOpened(callSid: string): number {
      const call = calls.bySid(callSid);
      return (call && relays.get(call.id)?.sessions) ?? 0;
    },

    /** Closes every socket and waits for the turns they started to be stored. */
    async close() {
      for (const client of sockets.clients) client.terminate();
      await Promise.all([...sessions]);
      sockets.close();
    },
  };
}
export type ConversationRelay = ReturnType<typeof conversationRelay>;

/** What a caller hears when their call comes back after a dropped socket. */
const RECONNECTED = 'Sorry, the line dropped for a moment. I am still here. Please go on.';
