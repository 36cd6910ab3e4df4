import { phoneNumberOf, type AiResponseChannel, type AppointmentServiceType } from '@washdesk/contract';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import { appointmentRules } from '../appointments/appointment-rules.ts';
import { appointmentBooked } from '../events/announcements.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Clock } from '../time.ts';
import type { AssistantAnswers } from './answers.ts';
import type { AssistantTurnInput } from './assistant-turn.ts';
import {
  businessNow,
  extractSlots,
  missingSlot,
  questionFor,
  readBack,
  spokenDate,
  type BookingSlots,
  type BookingState,
} from './booking.ts';
import { classifyIntent, saysGoodbye, saysNo, saysYes } from './intents.ts';
import { outcome, type Outcome } from './turn-outcome.ts';
import type { Wording } from './wording.ts';

export interface BookingConversationDeps {
  appointments: AppointmentRepository;
  timeZone: string;
  now: Clock;
  answers: AssistantAnswers;
  /** Bookings are announced here for staff. */
  events?: EventBus;
}

const definedOnly = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;

/** The caller's own number, when caller id gave a whole one: then the booking need not ask for it. */
const callerPhone = (input: AssistantTurnInput) =>
  phoneNumberOf(input.customer.phone) ? input.customer.phone! : null;

const sameSlots = (a: BookingSlots, b: BookingSlots) =>
  (Object.keys({ ...a, ...b }) as (keyof BookingSlots)[]).every((slot) => a[slot] === b[slot]);

/**
 * Booking a free estimate by conversation, turn by turn. Whether a day and hour can be booked is
 * the appointments feature's rule (`appointmentRules`: not in the past, not a taken slot), the same
 * one the staff dialog applies; this file only says the answer to the customer.
 */
/** How a booking names the channel it came through (the appointment's notes, the live event). */
const BOOKED_BY: Record<AiResponseChannel, { notes: string; event: string }> = {
  phone: { notes: 'phone', event: 'by the phone assistant' },
  messenger: { notes: 'Messenger', event: 'on Messenger by the assistant' },
  text: { notes: 'text message', event: 'by text with the assistant' },
};

export function bookingConversation({
  appointments,
  timeZone,
  now,
  answers,
  events,
}: BookingConversationDeps) {
  const rules = appointmentRules(appointments, timeZone, now);

  function step(
    booking: BookingState,
    message: string,
    input: AssistantTurnInput,
    say: Wording,
    extra: BookingSlots = {},
  ): Outcome {
    const extracted = extractSlots(message, booking.asking, businessNow(now(), timeZone));
    const found = { ...definedOnly(extra), ...definedOnly(extracted.slots) };
    // "…and can you do my car while you're there?": declined plainly, the booking goes on (or never starts).
    const notOurs = found.serviceType ? undefined : answers.notOurWork(message);
    if (notOurs) {
      const next = missingSlot(booking.slots, !callerPhone(input));
      const started = Object.keys(booking.slots).some((k) => k !== 'name');
      return outcome({
        reply: started && next ? `${notOurs} ${questionFor(next)}` : `${notOurs} ${say.anythingElse}`,
        intent: started ? 'scheduling' : 'service_inquiry',
        knowledgeUsed: ['services'],
        state: started ? { booking: { ...booking, asking: next } } : {},
      });
    }
    // A property outside the area is not booked: the caller hears where it is and that we do not go.
    const outside = answers.outsideArea(found.address ?? (Object.keys(booking.slots).length ? '' : message));
    if (outside)
      return outcome({
        reply: outside,
        intent: 'service_area',
        knowledgeUsed: ['tool:service-area'],
        state: { topic: { kind: 'area' } },
      });
    const slots: BookingSlots = { ...booking.slots, ...found };
    const problems = [...extracted.problems];
    if (slots.date && rules.timeHasPassed(slots.date, slots.time)) {
      problems.push('That time has already passed today.');
      delete slots.time;
    }
    // A question in the middle of a booking is answered, then the booking goes on.
    const intent = classifyIntent(message);
    if (Object.keys(found).length === 0 && problems.length === 0 && intent !== 'scheduling') {
      const answer = answers.fromKnowledge(message, intent, say);
      // Only a whole answer: one that asks its own question would leave two questions open.
      if (answer.successful && !answer.topic) {
        const next = missingSlot(slots, !callerPhone(input));
        return outcome({
          reply: `${answer.reply} ${say.backToBooking} ${next ? questionFor(next) : readBack(slots)}`,
          intent: answer.intent,
          knowledgeUsed: answer.knowledgeUsed,
          state: { booking: { ...booking, slots } },
        });
      }
    }
    const missing = missingSlot(slots, !callerPhone(input));
    if (missing) {
      // The same question again after the caller gave something else: say it was taken.
      const noted = problems.length === 0 && Object.keys(found).length > 0 && missing === booking.asking;
      return outcome({
        reply: [...problems, ...(noted ? [say.noted] : []), questionFor(missing)].join(' '),
        intent: 'scheduling',
        state: { booking: { slots, stage: 'collecting', asking: missing } },
      });
    }
    if (rules.slotClash({ date: slots.date!, time: slots.time! })) {
      const free = rules.openTimes(slots.date!);
      const time = slots.time!;
      delete slots.time;
      return outcome({
        reply: [...problems, say.slotTaken(time, free)].join(' '),
        intent: 'scheduling',
        state: { booking: { slots, stage: 'collecting', asking: free.length ? 'time' : 'date' } },
      });
    }
    return outcome({
      reply: [...problems, readBack(slots)].join(' '),
      intent: 'scheduling',
      state: { booking: { slots, stage: 'confirming' } },
    });
  }

  function book(booking: BookingState, input: AssistantTurnInput, say: Wording): Outcome {
    const slots = booking.slots;
    // Someone may have taken the slot (or the hour begun) while the customer listened to the read-back.
    if (
      rules.slotClash({ date: slots.date!, time: slots.time! }) ||
      rules.timeHasPassed(slots.date!, slots.time)
    )
      return step(booking, '', input, say);
    const appointment = appointments.create(
      {
        customerName: slots.name!,
        customerPhone: slots.phone ?? callerPhone(input)!,
        customerEmail: null,
        address: slots.address!,
        serviceType: slots.serviceType! as AppointmentServiceType,
        preferredDate: slots.date!,
        preferredTime: slots.time!,
        notes: `Free estimate booked by the ${BOOKED_BY[input.channel].notes} assistant.${slots.otherPhone ? ` Also reachable at ${slots.otherPhone}.` : ''}`,
      },
      input.channel === 'phone' ? 'phone' : 'web',
      input.callId ?? null,
    );
    events?.publish(appointmentBooked(appointment, BOOKED_BY[input.channel].event));
    return outcome({
      reply: `${say.booked(`${spokenDate(slots.date!)} at ${slots.time}`)} ${say.anythingElse}`,
      intent: 'scheduling',
      action: { type: 'booked', appointmentId: appointment.id },
      state: {},
    });
  }

  return {
    step,

    start(message: string, input: AssistantTurnInput, say: Wording, extra: BookingSlots = {}): Outcome {
      const fresh: BookingState = {
        slots: input.customer.name ? { name: input.customer.name } : {},
        stage: 'collecting',
      };
      const first = step(fresh, message, input, say, extra);
      // Declined (outside the area, not our work): nothing was started, so no "let's get it booked".
      if (!first.state.booking) return first;
      return { ...first, reply: `${say.startBooking} ${first.reply}` };
    },

    /** The answer to the read-back: yes books it, goodbye drops it, anything else is a correction. */
    confirm(booking: BookingState, message: string, input: AssistantTurnInput, say: Wording): Outcome {
      if (saysGoodbye(message)) return outcome({ reply: say.goodbye, intent: 'other', end: true, state: {} });
      if (saysYes(message)) return book(booking, input, say);
      // "No, make it Wednesday": take the correction; a bare "no" (nothing in it changes the
      // booking, which would only be read back the same) asks what to change.
      const reopened: BookingState = { ...booking, stage: 'collecting', asking: undefined };
      const corrected = step(reopened, message, input, say);
      const unchanged =
        corrected.state.booking?.stage === 'confirming' &&
        sameSlots(corrected.state.booking.slots, booking.slots);
      const bareNo = saysNo(message) && message.split(/\s+/).length <= 3;
      if (!(bareNo && unchanged)) return corrected;
      return outcome({ reply: say.notBooked, intent: 'scheduling', state: { booking: reopened } });
    },
  };
}
