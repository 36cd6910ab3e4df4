import type { Call } from '@washdesk/contract';
import type { AssistantTurn } from '../assistant/assistant-turn.ts';
import type { HandoffRoute } from '../assistant/tools/hand-off.ts';
import type { CallBackTask } from '../assistant/call-back-tasks.ts';
import { callbackRequested, callChanged } from '../events/announcements.ts';
import { handoffRouteOf } from './handoff-route.ts';
import { TURN_DEADLINE_MS, type PhoneLineDeps } from './phone-line.ts';
import { isDialable, photoLinkTexter } from './text-photo-link.ts';
import { isSpanish } from '../assistant/spanish.ts';

// One caller turn on the phone line, whichever way the words travel: the Gather webhooks (one
// request per turn, answered with TwiML) and the ConversationRelay socket (tokens as they are
// written) both run it, so the deadline, the call row's bookkeeping, the call-back promise and the
// hand-off switch are decided once. Each line only renders what this returns.

/** How the line delivers the words of this turn (the streamed line; the Gather line passes none). */
export interface TurnDelivery {
  /** Words as the assistant writes them: they go out at once. */
  onReplyText?: (text: string) => void;
  /** The caller hung up: the model request is cut, and a failure then owes nobody a call back. */
  signal?: AbortSignal;
  /** The assistant's own promise, which may outlive the deadline: a socket waits for it before closing. */
  started?: (work: Promise<AssistantTurn>) => void;
}

/** What the turn decided; the line says `turn.reply` (or the apology) and does `next`. */
export type TurnOutcome =
  | {
      next: 'listen' | 'goodbye' | 'hand-off';
      turn: AssistantTurn;
      /** How a person is reached, as the reply told the caller (asked before the turn). */
      route: HandoffRoute;
    }
  /** The assistant failed or was too late: a call back is owed, the caller hears PHONE_WORDS.fault. */
  | { next: 'fault' }
  /** The caller hung up under the turn: nothing is said or owed. */
  | { next: 'dropped' };

/** What a hand-off did to the call: put through (to this number), a call back owed, or neither. */
export type HandoffDone =
  { kind: 'put-through'; forwardNumber: string } | { kind: 'call-back' } | { kind: 'none' };

/** What the office is told when the line itself failed the caller. */
export const FAULT_TASK: CallBackTask = {
  reason: 'Something went wrong on the line during the call',
  urgent: false,
};
/** A put-through nobody in the office answered. */
export const UNANSWERED_TASK: CallBackTask = {
  reason: 'Asked for a person; put through, but nobody in the office answered',
  urgent: false,
};

export function phoneTurns(deps: PhoneLineDeps) {
  const { calls, events, logger, assistant } = deps;
  const deadline = deps.turnDeadlineMs ?? TURN_DEADLINE_MS;
  const handoffRoute = handoffRouteOf(deps);
  const textPhotoLink = photoLinkTexter({ ...deps, businessName: deps.config.business.name });

  /**
   * Someone calls the caller back: a task on the call (why, how urgent), in Requests through the
   * call's lead, and announced to staff — once per new reason (a repeat changes nothing).
   */
  const requestCallback = (call: Call, task?: CallBackTask) => {
    if (calls.requestCallback(call.id, task)) events.publish(callbackRequested(call, task));
  };

  /**
   * "A person, please", done on the call row: put through while the route says so (the office
   * told first, when the line has a note for it), else a call back is owed, else nothing is.
   */
  function handOff(
    call: Call,
    route: HandoffRoute,
    tellOffice?: (forwardNumber: string) => void,
  ): HandoffDone {
    if (route.kind === 'put-through') {
      const forwardNumber = deps.config.providers.twilio.staffForwardNumber!;
      calls.forwarded(call.id, forwardNumber);
      tellOffice?.(forwardNumber);
      events.publish(callChanged(call, 'put through to the office'));
      return { kind: 'put-through', forwardNumber };
    }
    if (route.kind !== 'call-back') return { kind: 'none' };
    requestCallback(call);
    return { kind: 'call-back' };
  }

  /** One caller turn through the assistant, within the deadline, and its bookkeeping on the call. */
  async function take(call: Call, heard: string, delivery: TurnDelivery = {}): Promise<TurnOutcome> {
    // Asked before the turn, so the assistant's reply (what the log keeps) says what the line does.
    const route = handoffRoute(call);
    // The assistant offers the link by text only to a number the sender may text (not after STOP).
    const canText =
      deps.texts !== null && isDialable(call.phoneNumber) && !deps.texts.check(call.phoneNumber, 'reply');
    let turn: AssistantTurn;
    try {
      const asked = assistant.turn({
        channel: 'phone',
        callId: call.id,
        message: heard,
        customer: { phone: call.phoneNumber, name: call.customerName },
        photoLink: canText ? 'text' : null,
        handoff: route,
        textPhotoLink: (url) => textPhotoLink(call, url),
        ...(delivery.onReplyText && { onReplyText: delivery.onReplyText }),
        ...(delivery.signal && { signal: delivery.signal }),
      });
      delivery.started?.(asked);
      turn = await withinDeadline(asked, deadline);
    } catch (error) {
      if (delivery.signal?.aborted) {
        logger.info({ callId: call.id }, 'phone turn dropped: the caller hung up');
        return { next: 'dropped' };
      }
      logger.error({ err: error, callId: call.id }, 'phone turn failed; the caller is promised a call back');
      try {
        requestCallback(call, FAULT_TASK);
      } catch (markError) {
        logger.error({ err: markError }, 'could not mark the call for a call back');
      }
      return { next: 'fault' };
    }
    // A caller speaking Spanish reads every text and e-mail after in Spanish.
    if (isDialable(call.phoneNumber) && isSpanish(heard))
      deps.languages?.rememberLanguage({ phone: call.phoneNumber }, 'es');
    calls.noteIntent(call.id, turn.intent, turn.action.type === 'booked');
    if (turn.action.type === 'booked') calls.nameFromAppointment(call.id, turn.action.appointmentId);
    const next = turn.action.type === 'handoff' ? 'hand-off' : turn.endOfConversation ? 'goodbye' : 'listen';
    // The reply promised a call back: the task is filed now, whatever the line does next.
    if (turn.callBack) requestCallback(call, turn.callBack);
    // A need may take its own route (a message is recorded even while the office is open).
    const told = turn.action.type === 'handoff' && turn.action.route ? turn.action.route : route;
    return { next, turn, route: told };
  }

  return { take, handOff, requestCallback, handoffRoute };
}
export type PhoneTurns = ReturnType<typeof phoneTurns>;

/** The turn, or a rejection once `ms` have passed (the caller is not left in silence). */
function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`assistant took over ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
