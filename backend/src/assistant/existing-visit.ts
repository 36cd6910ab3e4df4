import { appointmentServiceLabel, VISIT_RESCHEDULE_DAYS, type PreferredTime } from '@washdesk/contract';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { AppointmentRules, VisitNeeds } from '../appointments/appointment-rules.ts';
import type { EventBus } from '../events/event-bus.ts';
import { addDays, type Clock } from '../time.ts';
import type { AssistantTurnInput } from './assistant-turn.ts';
import { businessNow, extractSlots, spokenDate } from './booking.ts';
import type { CallBackTask } from './call-back-tasks.ts';
import { classifyIntent, saysNo, saysYes } from './intents.ts';
import type { KnownCallers, KnownVisit } from './known-caller.ts';
import { outcome, type Outcome } from './turn-outcome.ts';
import type { VisitChangeTexts } from './visit-change-texts.ts';
import type { VisitState, VisitWish } from './visit-state.ts';
import type { Wording } from './wording.ts';

// A caller who already has a visit (issue 34, item 1): when it is, moving it to a free time within
// the booking rules, or cancelling it — the same rules as the customer's visit page (times the
// rules call free, up to VISIT_RESCHEDULE_DAYS ahead), read back first and done only on "yes". The
// customer is texted the change through the outbox; staff see it live. Nobody hears a visit's
// time or address unless they call from the number on file or said its name and address.

const WHEN =
  /\b(when('?s| is| are| do| will)?|what (time|day|date))\b.{0,40}\b(my|our|the) (appointment|visit|estimate|crew|guys?|cleaning|wash|job)\b|\b(confirm|check on|check) (my|our|the) (appointment|visit|time)\b|\bare you (guys )?(still )?coming\b|\bwhat time are you (guys )?coming\b|\b(do|did) (i|we) (have|still have) (an? )?(appointment|visit)\b|\b(i|we) (have|had|booked|made) (an?|the) (appointment|visit|estimate)\b.*\bwhen\b/i;
const MOVE =
  /\b(move|reschedule|re-schedule|change|push|postpone|switch|bump)\b.{0,30}\b(my|our|the|this|that) (appointment|visit|estimate|booking|cleaning|wash|time|day|date|job)\b|\b(can'?t|cannot|won'?t be able to) make (it|my|our|the)\b|\breschedul\w*\b|\bmove it\b/i;
const CANCEL =
  /\bcancel(l?ing|l?ed)?\b(?!.{0,20}polic)|\b(don'?t|do not) (need|want) (you|the visit|the appointment|the estimate|anyone) (anymore|to come)\b/i;
const ADDRESS =
  /\b(change|update|wrong|different|new)\b.{0,20}\baddress\b|\baddress\b.{0,20}\b(changed|is wrong|wrong)\b/i;
const KEEP =
  /\b(keep( it)?|leave it|that'?s (fine|good|great|perfect)|sounds good|all good|just checking|no( thanks)?|nope)\b/i;

/** What a caller wants done with a visit they have, if that is what they said. */
export function visitWishOf(message: string): VisitWish | null {
  if (ADDRESS.test(message) && /\b(my|our|the) (appointment|visit|booking|estimate)\b/i.test(message))
    return 'address';
  if (CANCEL.test(message)) return 'cancel';
  if (MOVE.test(message)) return 'move';
  if (WHEN.test(message)) return 'when';
  return null;
}

/** "512 Redwood Drive": the street is enough for the caller to know which visit. */
const streetOf = (address: string) => address.split(',')[0]!.trim();

/** A move asks for a start where the visit fits whole, with its crew, not clashing with itself. */
const needsOf = (v: KnownVisit): VisitNeeds => ({
  durationMinutes: v.durationMinutes,
  crewId: v.crewId,
  exceptId: v.id,
});

const whenOf = (v: { date: string; time: PreferredTime | null }) =>
  `${spokenDate(v.date)}${v.time ? ` at ${v.time}` : ''}`;

export function existingVisits(deps: {
  known: KnownCallers;
  appointments: Pick<AppointmentRepository, 'update'>;
  rules: Pick<AppointmentRules, 'openTimes' | 'today'>;
  texts: VisitChangeTexts;
  events?: EventBus;
  timeZone: string;
  now: Clock;
}) {
  const { known, rules } = deps;
  const today = () => rules.today();
  const lastDay = () => addDays(today(), VISIT_RESCHEDULE_DAYS);

  const ask = (state: VisitState, reply: string, task?: CallBackTask): Outcome =>
    outcome({ reply, intent: 'scheduling', state: { visit: state }, ...(task && { callBack: task }) });
  const done = (reply: string, task?: CallBackTask): Outcome =>
    outcome({ reply, intent: 'scheduling', state: {}, ...(task && { callBack: task }) });

  /** The visit by caller id, or by the name and address just said. */
  function findVisit(input: AssistantTurnInput, said: string): KnownVisit | null {
    const caller = known.byPhone(input.customer.phone, today());
    return caller?.visit ?? known.byNameAndAddress(said, today());
  }

  /** The caller is known: do what they asked of this visit. */
  function serve(wish: VisitWish, visit: KnownVisit, message: string, say: Wording): Outcome {
    const service = appointmentServiceLabel(visit.serviceType).toLowerCase();
    switch (wish) {
      case 'when':
        return ask(
          { wish, visitId: visit.id, stage: 'open' },
          `Your ${service} visit is on ${whenOf(visit)}, at ${streetOf(visit.address)}. Would you like to keep it, move it, or cancel it?`,
        );
      case 'cancel':
        return ask(
          { wish, visitId: visit.id, stage: 'confirm-cancel' },
          `Just to confirm: you'd like to cancel your ${service} visit on ${whenOf(visit)}? Please say yes to cancel it.`,
        );
      case 'address':
        return done(
          `I've noted that the address for your visit on ${whenOf(visit)} needs changing, and someone from the office will call you back to update it. ${say.anythingElse}`,
          { reason: `Address change for the visit on ${visit.date}: "${message.trim()}"`, urgent: false },
        );
      case 'move':
        return moveTo(visit, message, say);
    }
  }

  /** A new day and hour from the caller's words: read back when free, else the free hours that day. */
  function moveTo(visit: KnownVisit, message: string, say: Wording, earlier?: VisitState['to']): Outcome {
    const heard = extractSlots(
      message,
      earlier?.date ? 'time' : 'date',
      businessNow(deps.now(), deps.timeZone),
    );
    const date = heard.slots.date ?? earlier?.date;
    const time = heard.slots.time;
    const state = (to?: VisitState['to']): VisitState => ({
      wish: 'move',
      visitId: visit.id,
      stage: 'move',
      to,
    });
    if (!date)
      return ask(
        state(),
        `Your visit is on ${whenOf(visit)}. What day would you like to move it to? I can move it up to ${VISIT_RESCHEDULE_DAYS} days ahead.`,
      );
    if (date < today() || date > lastDay())
      return ask(
        state(),
        `I can move it to a day between today and ${spokenDate(lastDay())}. Which day would suit you?`,
      );
    const free = rules.openTimes(date, needsOf(visit));
    if (time && time === visit.time && date === visit.date)
      return ask(state(), `That's already when your visit is. Which other day or time would you like?`);
    if (time && free.includes(time))
      return ask(
        { wish: 'move', visitId: visit.id, stage: 'confirm-move', to: { date, time } },
        `Just to confirm: move your visit from ${whenOf(visit)} to ${whenOf({ date, time })}? Please say yes to move it.`,
      );
    if (!free.length)
      return ask(state(), `Sorry, ${spokenDate(date)} is fully booked. Which other day would suit you?`);
    const offered = free.slice(0, 4).join(', ');
    return ask(
      state({ date }),
      time
        ? `Sorry, ${time} isn't free on ${spokenDate(date)}. We have ${offered}. Which would you like?`
        : `On ${spokenDate(date)} we have ${offered}. Which time suits you?`,
    );
  }

  /** Written, announced and texted once the caller said yes (and the time is still free). */
  function move(visit: KnownVisit, to: { date: string; time: PreferredTime }, say: Wording): Outcome {
    if (!rules.openTimes(to.date, needsOf(visit)).includes(to.time) || to.date > lastDay())
      return ask(
        { wish: 'move', visitId: visit.id, stage: 'move', to: { date: to.date } },
        `Sorry, ${to.time} on ${spokenDate(to.date)} was just taken. Which other time would you like?`,
      );
    deps.appointments.update(visit.id, { scheduledDate: to.date, preferredTime: to.time });
    const change = `from ${whenOf(visit)} to ${whenOf(to)}`;
    deps.events?.publish({
      type: 'appointment.updated',
      entityId: visit.id,
      summary: `${visit.customerName} moved their visit by phone with the assistant: ${change}`,
    });
    deps.texts.tell(visit, { kind: 'moved', from: visit, to });
    return done(`Done. Your visit is now on ${whenOf(to)}. ${say.anythingElse}`);
  }

  function cancel(visit: KnownVisit, say: Wording): Outcome {
    deps.appointments.update(visit.id, {
      status: 'cancelled',
      cancelReason: 'Cancelled by the customer by phone',
    });
    deps.events?.publish({
      type: 'appointment.updated',
      entityId: visit.id,
      summary: `${visit.customerName} cancelled the visit on ${whenOf(visit)} by phone with the assistant`,
    });
    deps.texts.tell(visit, { kind: 'cancelled', was: visit });
    return done(`Your visit on ${whenOf(visit)} is cancelled. ${say.anythingElse}`);
  }

  return {
    /** The caller asked about a visit they have. */
    start(wish: VisitWish, message: string, input: AssistantTurnInput, say: Wording): Outcome {
      const visit = findVisit(input, message);
      if (visit) return serve(wish, visit, message, say);
      const caller = known.byPhone(input.customer.phone, today());
      return ask(
        { wish, stage: 'identify', tries: 0 },
        caller
          ? "I don't see a visit coming up under this number. What's the name and the street address on the booking?"
          : "I can help with that. What's the name and the street address on the booking?",
      );
    },

    /** The next turn of a conversation about a visit; null: not about it any more. */
    step(state: VisitState, message: string, input: AssistantTurnInput, say: Wording): Outcome | null {
      if (state.stage === 'identify') {
        const visit = known.byNameAndAddress(message, today());
        if (visit) return serve(state.wish, visit, message, say);
        // "Do you wash decks too?" instead of a name and address: another question, answered as such.
        if (!/\d/.test(message) && classifyIntent(message) !== 'other') return null;
        const tries = (state.tries ?? 0) + 1;
        if (tries < 2)
          return ask(
            { ...state, tries },
            "Sorry, I couldn't find a visit under that. Could you say the full name and street address on the booking?",
          );
        return done(
          `I still can't find it, so someone from the office will call you back to sort it out. ${say.anythingElse}`,
          {
            reason: `Could not find the caller's visit (wanted to ${state.wish === 'when' ? 'check its time' : `${state.wish} it`}): "${message.trim()}"`,
            urgent: false,
          },
        );
      }
      const visit = state.visitId === undefined ? null : known.standing(state.visitId, today());
      if (!visit) return done(`That visit is no longer on the schedule. ${say.anythingElse}`);
      switch (state.stage) {
        case 'open': {
          const wish = visitWishOf(message);
          if (wish && wish !== 'when') return serve(wish, visit, message, say);
          if (KEEP.test(message) || saysYes(message))
            return done(`Great, we'll see you then. ${say.anythingElse}`);
          // A day said is where to move it; anything else is another question, answered as such.
          const said = extractSlots(message, undefined, businessNow(deps.now(), deps.timeZone));
          return said.slots.date ? moveTo(visit, message, say) : null;
        }
        case 'move':
          if (CANCEL.test(message)) return serve('cancel', visit, message, say);
          if (saysNo(message) && !/\d|day|morning|afternoon/i.test(message))
            return done(`OK, I've left your visit on ${whenOf(visit)}. ${say.anythingElse}`);
          return moveTo(visit, message, say, state.to);
        case 'confirm-move':
          if (saysYes(message) && state.to?.time)
            return move(visit, { date: state.to.date, time: state.to.time }, say);
          if (saysNo(message) && !/\d|day/i.test(message))
            return ask(
              { wish: 'move', visitId: visit.id, stage: 'move' },
              `OK, I haven't changed anything; your visit is still on ${whenOf(visit)}. Would you like another day or time?`,
            );
          return moveTo(visit, message, say, state.to);
        case 'confirm-cancel':
          if (saysYes(message)) return cancel(visit, say);
          return done(
            `OK, I haven't cancelled anything. Your visit stays on ${whenOf(visit)}. ${say.anythingElse}`,
          );
      }
    },
  };
}
export type ExistingVisits = ReturnType<typeof existingVisits>;
