import type { AiAnswerSource, AiIntent, AppointmentServiceType, PreferredTime } from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { Clock } from '../time.ts';
import {
  createAssistantModel,
  ModelUnavailable,
  type AssistantModel,
  type ModelReply,
} from './assistant-model.ts';
import { assistantRepository, type ConversationRef } from './assistant.repository.ts';
import type { Assistant, AssistantAction, AssistantTurnInput } from './assistant-turn.ts';
import {
  businessNow,
  extractSlots,
  freeTimes,
  missingSlot,
  questionFor,
  readBack,
  serviceLabel,
  spokenDate,
  type BookingSlots,
  type BookingState,
} from './booking.ts';
import { buildCallSummary, transcriptOf } from './call-summary.ts';
import { classifyIntent, saysGoodbye, saysNo, saysYes } from './intents.ts';
import { buildKnowledge, type Fact, type Knowledge } from './knowledge.ts';
import { wording, type Wording } from './wording.ts';
import type { EventBus } from '../events/event-bus.ts';
import { appointmentBooked } from '../events/announcements.ts';

/** Waits before a reply (Settings → Response Delay); tests pass one that returns at once. */
export type Pause = (ms: number) => Promise<void>;
export const realPause: Pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface AssistantDeps {
  db: Db;
  config: Config;
  settings: SettingsRepository;
  appointments: AppointmentRepository;
  clock?: Clock;
  pause?: Pause;
  /** The site's public address now (it can change at run time, e.g. an ngrok tunnel). */
  publicUrl?: () => string;
  /** Bookings are announced here for staff. */
  events?: EventBus;
}

/** The assistant's memory of one call or conversation between turns. */
interface ConversationState {
  booking?: BookingState;
  /** An offer waiting for a yes or a no. */
  offer?: 'photo-link' | 'estimate';
}

interface Outcome {
  reply: string;
  intent: AiIntent;
  action: AssistantAction;
  end: boolean;
  state: ConversationState;
  knowledgeUsed: string[];
  answeredBy: AiAnswerSource;
  /** False only when the assistant had no answer. */
  successful: boolean;
}

/** How many past turns the model sees: enough for "and the roof?" to make sense. */
const HISTORY_TURNS = 6;
/** What a customer hears when a question matches nothing but its intent is clear. */
const INTENT_FALLBACK: Partial<Record<AiIntent, string>> = {
  pricing: 'common:pricing',
  quote_request: 'common:process',
  service_area: 'common:service-areas',
  service_inquiry: 'services',
};
/**
 * FAQ categories say what a question was about when its words alone did not. Keyed by the spec's
 * category names lower-cased, as knowledge.ts indexes them ("Service Areas" → "service areas").
 */
const CATEGORY_INTENT: Record<string, AiIntent> = {
  pricing: 'pricing',
  'service areas': 'service_area',
  services: 'service_inquiry',
  scheduling: 'scheduling',
};
const OFFERED_AFTER = new Set<AiIntent>(['pricing', 'quote_request']);

const hourOf = (time: PreferredTime) => {
  const [h, rest] = time.split(':');
  const hour = Number(h) % 12;
  return rest!.endsWith('PM') ? hour + 12 : hour;
};
const definedOnly = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;

export function createAssistant(deps: AssistantDeps): Assistant {
  const { config } = deps;
  const now = deps.clock ?? Date.now;
  const pause = deps.pause ?? realPause;
  const publicUrl = deps.publicUrl ?? (() => config.publicBaseUrl);
  const repo = assistantRepository(deps.db);
  const { openai } = config.providers;
  const model: AssistantModel | null = openai.apiKey
    ? createAssistantModel({ apiKey: openai.apiKey, model: openai.model, baseUrl: openai.baseUrl, now })
    : null;

  // The search index is rebuilt only when the FAQ or a common response changed.
  let cached: { version: string; knowledge: Knowledge } | undefined;
  const knowledge = () => {
    const version = repo.knowledgeVersion();
    if (cached?.version !== version) {
      cached = {
        version,
        knowledge: buildKnowledge({ ...repo.knowledgeSource(), business: config.business }),
      };
    }
    return cached.knowledge;
  };

  const outcome = (o: Partial<Outcome> & Pick<Outcome, 'reply' | 'intent' | 'state'>): Outcome => ({
    action: { type: 'none' },
    end: false,
    knowledgeUsed: [],
    answeredBy: 'fallback',
    successful: true,
    ...o,
  });

  /** The offer that follows a price or quote answer, as the AI settings say. */
  function offerAfter(intent: AiIntent, input: AssistantTurnInput, say: Wording) {
    const settings = deps.settings.aiSettings();
    if (!OFFERED_AFTER.has(intent)) return { text: say.anythingElse, offer: undefined };
    if (settings.photoRequestPrompts && input.photoLink)
      return { text: say.offerPhotoLink(input.photoLink), offer: 'photo-link' as const };
    if (settings.autoScheduleQuotes) return { text: say.offerEstimate, offer: 'estimate' as const };
    return { text: say.anythingElse, offer: undefined };
  }

  /** The no-model answer: the best fact said as written, or the honest "I don't have that". */
  function answerFromKnowledge(message: string, intent: AiIntent, say: Wording) {
    const k = knowledge();
    // Said as written, so only what staff wrote or can edit: the built-in price list goes to the
    // model as a fact, but the no-model path says Settings' pricing response instead.
    const best: Fact | undefined =
      k.search(message, 3).find((m) => m.fact.kind !== 'prices')?.fact ??
      k.get(INTENT_FALLBACK[intent] ?? '');
    if (!best) return { reply: say.noAnswer, intent, knowledgeUsed: [], successful: false };
    const refined =
      intent === 'other' && best.kind === 'faq' ? (CATEGORY_INTENT[best.category] ?? intent) : intent;
    return {
      reply: say.answer(refined, best.text),
      intent: refined,
      knowledgeUsed: [best.id],
      successful: true,
    };
  }

  function bookingStep(
    booking: BookingState,
    message: string,
    input: AssistantTurnInput,
    say: Wording,
    extra: BookingSlots = {},
  ): Outcome {
    const clock = businessNow(now(), config.timeZone);
    const extracted = extractSlots(message, booking.asking, clock);
    const found = { ...definedOnly(extra), ...definedOnly(extracted.slots) };
    const slots: BookingSlots = { ...booking.slots, ...found };
    const problems = [...extracted.problems];
    if (slots.date === clock.date && slots.time && hourOf(slots.time) <= clock.hour) {
      problems.push('That time has already passed today.');
      delete slots.time;
    }
    const prefix: string[] = [];
    // A question in the middle of a booking is answered, then the booking goes on.
    const intent = classifyIntent(message);
    if (
      Object.keys(found).length === 0 &&
      problems.length === 0 &&
      intent !== 'scheduling' &&
      intent !== 'other'
    ) {
      const answer = answerFromKnowledge(message, intent, say);
      if (answer.successful) {
        const next = missingSlot(slots, !callerPhone(input));
        return outcome({
          reply: `${answer.reply} ${say.backToBooking} ${next ? questionFor(next) : readBack(slots)}`,
          intent: answer.intent,
          knowledgeUsed: answer.knowledgeUsed,
          state: { booking: { ...booking, slots } },
        });
      }
    }
    prefix.push(...problems);
    const missing = missingSlot(slots, !callerPhone(input));
    if (missing) {
      return outcome({
        reply: [...prefix, questionFor(missing)].join(' '),
        intent: 'scheduling',
        state: { booking: { slots, stage: 'collecting', asking: missing } },
      });
    }
    const taken = repo.takenTimes(slots.date!);
    if (taken.includes(slots.time!)) {
      const free = freeTimes(taken).filter((t) => slots.date !== clock.date || hourOf(t) > clock.hour);
      const time = slots.time!;
      delete slots.time;
      return outcome({
        reply: [...prefix, say.slotTaken(time, free)].join(' '),
        intent: 'scheduling',
        state: { booking: { slots, stage: 'collecting', asking: free.length ? 'time' : 'date' } },
      });
    }
    return outcome({
      reply: [...prefix, readBack(slots)].join(' '),
      intent: 'scheduling',
      state: { booking: { slots, stage: 'confirming' } },
    });
  }

  const callerPhone = (input: AssistantTurnInput) => {
    const digits = (input.customer.phone ?? '').replace(/\D/g, '');
    return digits.length >= 10 && digits.length <= 15 ? input.customer.phone! : null;
  };

  function book(booking: BookingState, input: AssistantTurnInput, say: Wording): Outcome {
    const slots = booking.slots;
    // Someone may have taken the slot while the customer listened to the read-back.
    if (repo.takenTimes(slots.date!).includes(slots.time!)) return bookingStep(booking, '', input, say);
    const appointment = deps.appointments.create(
      {
        customerName: slots.name!,
        customerPhone: slots.phone ?? callerPhone(input)!,
        customerEmail: null,
        address: slots.address!,
        serviceType: slots.serviceType! as AppointmentServiceType,
        preferredDate: slots.date!,
        preferredTime: slots.time!,
        notes: `Free estimate booked by the ${input.channel === 'phone' ? 'phone' : 'Messenger'} assistant.`,
      },
      input.channel === 'phone' ? 'phone' : 'web',
      input.callId ?? null,
    );
    deps.events?.publish(
      appointmentBooked(
        { ...appointment, serviceType: serviceLabel(slots.serviceType!) },
        input.channel === 'phone' ? 'by the phone assistant' : 'on Messenger by the assistant',
      ),
    );
    return outcome({
      reply: `${say.booked(`${spokenDate(slots.date!)} at ${slots.time}`)} ${say.anythingElse}`,
      intent: 'scheduling',
      action: { type: 'booked', appointmentId: appointment.id },
      state: {},
    });
  }

  function startBooking(message: string, input: AssistantTurnInput, say: Wording, extra: BookingSlots = {}) {
    const fresh: BookingState = {
      slots: input.customer.name ? { name: input.customer.name } : {},
      stage: 'collecting',
    };
    const step = bookingStep(fresh, message, input, say, extra);
    return { ...step, reply: `${say.startBooking} ${step.reply}` };
  }

  /** The model's turn, or null when it has nothing usable in time (the no-model path answers). */
  async function modelTurn(
    message: string,
    ref: ConversationRef,
    friendly: boolean,
  ): Promise<ModelReply | null> {
    if (!model) return null;
    const k = knowledge();
    const matches = k.search(message, 4).map((m) => m.fact);
    // The common responses and the price list always go along: the model needs the basics.
    const basics = [
      'common:service-areas',
      'common:pricing',
      'common:process',
      'prices',
      'services',
      'profile',
    ]
      .map((id) => k.get(id))
      .filter((f): f is Fact => f !== undefined && !matches.includes(f));
    try {
      return await model.reply(
        {
          channel: ref.channel,
          businessName: config.business.name,
          friendly,
          facts: [...matches, ...basics],
          history: repo.recentTurns(ref, HISTORY_TURNS),
          message,
        },
        now() + config.assistantTurnBudgetMs,
      );
    } catch (error) {
      if (!(error instanceof ModelUnavailable)) throw error;
      return null;
    }
  }

  async function decide(
    input: AssistantTurnInput,
    state: ConversationState,
    say: Wording,
    friendly: boolean,
  ): Promise<Outcome> {
    const message = input.message.trim();
    const ref: ConversationRef = {
      channel: input.channel,
      callId: input.callId,
      conversationId: input.conversationId,
    };
    const intent = classifyIntent(message);

    // A person, whatever else was going on; an unconfirmed booking is dropped.
    if (intent === 'handoff')
      return outcome({ reply: say.handoff, intent, action: { type: 'handoff' }, state: {} });

    if (state.booking?.stage === 'confirming') {
      if (saysGoodbye(message)) return outcome({ reply: say.goodbye, intent: 'other', end: true, state: {} });
      if (saysYes(message)) return book(state.booking, input, say);
      // "No, make it Wednesday": take the correction; a bare "no" asks what to change.
      const corrected = bookingStep(
        { ...state.booking, stage: 'collecting', asking: undefined },
        message,
        input,
        say,
      );
      if (
        corrected.reply.startsWith('Let me read that back') ||
        !saysNo(message) ||
        message.split(/\s+/).length > 3
      )
        return corrected;
      return outcome({
        reply: say.notBooked,
        intent: 'scheduling',
        state: { booking: { ...state.booking, stage: 'collecting', asking: undefined } },
      });
    }

    if (state.offer && (saysYes(message) || saysNo(message))) {
      if (saysNo(message)) {
        const settings = deps.settings.aiSettings();
        if (state.offer === 'photo-link' && settings.autoScheduleQuotes)
          return outcome({
            reply: `${say.offerDeclined} ${say.offerEstimate}`,
            intent: 'quote_request',
            state: { offer: 'estimate' },
          });
        return outcome({ reply: `${say.offerDeclined} ${say.anythingElse}`, intent: 'other', state: {} });
      }
      if (state.offer === 'photo-link') {
        const url = `${publicUrl()}/photo-quote-tool`;
        return outcome({
          reply:
            input.photoLink === 'chat' ? `${say.photoLinkInChat(url)} ${say.anythingElse}` : say.anythingElse,
          intent: 'quote_request',
          action: { type: 'send-photo-link', url },
          state: {},
        });
      }
      return startBooking('', input, say);
    }

    if (saysGoodbye(message)) return outcome({ reply: say.goodbye, intent: 'other', end: true, state: {} });
    if (state.booking) return bookingStep(state.booking, message, input, say);
    if (intent === 'scheduling') return startBooking(message, input, say);

    const fromModel = await modelTurn(message, ref, friendly);
    if (fromModel) {
      if (fromModel.handoff)
        return outcome({
          reply: say.handoff,
          intent: 'handoff',
          action: { type: 'handoff' },
          state: {},
          answeredBy: 'model',
        });
      if (fromModel.intent === 'scheduling') {
        const b = fromModel.booking;
        const when = b.when ? extractSlots(b.when, undefined, businessNow(now(), config.timeZone)).slots : {};
        const step = startBooking(message, input, say, {
          name: b.name ?? undefined,
          serviceType: b.service ?? undefined,
          address: b.address ?? undefined,
          ...when,
        });
        return { ...step, answeredBy: 'model' };
      }
      const offer = fromModel.endOfConversation
        ? { text: '', offer: undefined }
        : offerAfter(fromModel.intent, input, say);
      return outcome({
        reply: [fromModel.reply, offer.text].filter(Boolean).join(' '),
        intent: fromModel.intent,
        end: fromModel.endOfConversation,
        knowledgeUsed: fromModel.usedFacts,
        answeredBy: 'model',
        successful: !fromModel.reply.includes("I don't have that information"),
        state: { offer: offer.offer },
      });
    }

    const answer = answerFromKnowledge(message, intent, say);
    const offer = answer.successful ? offerAfter(answer.intent, input, say) : { text: '', offer: undefined };
    return outcome({
      reply: [answer.reply, offer.text].filter(Boolean).join(' '),
      intent: answer.intent,
      knowledgeUsed: answer.knowledgeUsed,
      successful: answer.successful,
      state: { offer: offer.offer },
    });
  }

  return {
    greeting: (channel) =>
      wording(deps.settings.aiSettings().friendlyTone, config.business.name).greeting(channel),

    async turn(input) {
      const started = now();
      const settings = deps.settings.aiSettings();
      const say = wording(settings.friendlyTone, config.business.name);
      const ref: ConversationRef = {
        channel: input.channel,
        callId: input.callId,
        conversationId: input.conversationId,
      };
      const state = repo.loadState<ConversationState>(ref) ?? {};
      const result = await decide(input, state, say, settings.friendlyTone);
      // Response Delay: the reply comes no sooner than the setting says, however quick the answer.
      const wait = settings.responseDelay * 1000 - (now() - started);
      if (wait > 0) await pause(wait);
      repo.saveState(ref, result.state);
      const responseId = repo.logAnswer({
        ...ref,
        customerMessage: input.message.trim(),
        reply: result.reply,
        intent: result.intent,
        responseTimeMs: now() - started,
        successful: result.successful,
        knowledgeUsed: result.knowledgeUsed,
        answeredBy: result.answeredBy,
      });
      return {
        reply: result.reply,
        intent: result.intent,
        action: result.action,
        endOfConversation: result.end,
        responseId,
        answeredBy: result.answeredBy,
        knowledgeUsed: result.knowledgeUsed,
      };
    },

    photoLinkSent: (responseId) => repo.markPhotoLinkSent(responseId),

    async summarizeCall(callId) {
      const turns = repo.recentTurns({ channel: 'phone', callId }, 200);
      const built = buildCallSummary(turns, repo.appointmentOfCall(callId), repo.callOutcome(callId));
      if (!model || turns.length === 0) return built;
      try {
        return await model.summarize(transcriptOf(turns), now() + config.assistantTurnBudgetMs);
      } catch (error) {
        if (error instanceof ModelUnavailable) return built;
        throw error;
      }
    },
  };
}
