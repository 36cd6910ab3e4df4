import type { Config } from '../config.ts';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { FaqRepository } from '../faq/faq.repository.ts';
import type { LeadRepository } from '../leads/lead.repository.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { Clock } from '../time.ts';
import { ModelUnavailable } from './assistant-model.ts';
import type { AssistantRepository, ConversationRef } from './assistant.repository.ts';
import type { Assistant, AssistantTurnInput } from './assistant-turn.ts';
import { assistantAnswers } from './answers.ts';
import { bookingConversation } from './booking-conversation.ts';
import { businessNow, extractSlots, serviceNamedIn } from './booking.ts';
import { buildCallSummary, SPANISH_NOTE, spanishNoteFor, transcriptOf } from './call-summary.ts';
import { classifyIntent, saysGoodbye, saysHelloOnly, saysNo, saysYes } from './intents.ts';
import { modelAnswers } from './model/model-answers.ts';
import { isSpanish, languageOf, spanishIntent } from './spanish.ts';
import { refusalFor } from './off-limits.ts';
import { spanishTurn } from './spanish-turn.ts';
import { handoffReply, type HandoffRoute } from './tools/hand-off.ts';
import { outcome, type ConversationState, type Outcome } from './turn-outcome.ts';
import { wording, type Wording } from './wording.ts';
import type { EventBus } from '../events/event-bus.ts';
import { appointmentRules } from '../appointments/appointment-rules.ts';
import { taskOwed } from './call-back-tasks.ts';
import { callerNeed, NEED_WORDS, needOpening, routeForNeed, type CallerNeed } from './caller-needs.ts';
import { existingVisits, visitWishOf } from './existing-visit.ts';
import type { KnownCallers } from './known-caller.ts';
import { visitChangeTexts, type VisitChangeTexts } from './visit-change-texts.ts';

// The assistant in three parts: answering questions (answers.ts), booking a free estimate
// (booking-conversation.ts), and here the turn itself: which of them answers, the offers in
// between, the memory and the AI response log.

/** Waits before a reply (Settings → Response Delay); tests pass one that returns at once. */
export type Pause = (ms: number) => Promise<void>;
export const realPause: Pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface AssistantDeps {
  /** The assistant's memory and response log (built once, by assistant.feature.ts). */
  repo: AssistantRepository;
  config: Config;
  settings: SettingsRepository;
  /** What the assistant answers from: the FAQ's owner. */
  faq: Pick<FaqRepository, 'answerable' | 'version'>;
  appointments: AppointmentRepository;
  /** A Messenger lead is told what staff must know (the customer writes Spanish). */
  leads: Pick<LeadRepository, 'noteOnMessengerLead'>;
  clock?: Clock;
  pause?: Pause;
  /** The site's public address now (it can change at run time, e.g. an ngrok tunnel). */
  publicUrl?: () => string;
  /** Bookings are announced here for staff. */
  events?: EventBus;
  /** Who is calling: the customer, their next visit (known-caller.ts). */
  known?: KnownCallers;
  /** Texts a customer the change of a visit made with the assistant (the outbox, once it exists). */
  visitTexts?: VisitChangeTexts;
}

const PHOTO_LINK_ASKED =
  /\b(text|send|give) me (a |the )?link\b|\bsend (you |in )?(some |a few )?(photos|pictures|pics)\b/i;

/** Without a route from the channel (Messenger), staff answer in the conversation. */
const IN_CHAT: HandoffRoute = { kind: 'reply-in-chat' };

/** A person was asked for: the channel's route, said in the caller's language. */
const handoff = (input: AssistantTurnInput, extra: Partial<Outcome> = {}): Outcome =>
  outcome({
    reply: handoffReply(input.handoff ?? IN_CHAT),
    intent: 'handoff',
    action: { type: 'handoff' },
    state: {},
    ...extra,
  });

/** A Spanish-speaking caller without a model: told in Spanish that the office will call back. */
const spanishHandoff = (input: AssistantTurnInput, message: string): Outcome =>
  handoff(input, {
    reply: handoffReply(input.handoff ?? IN_CHAT, 'es-US'),
    intent: spanishIntent(message),
    language: 'es-US',
  });

/** A need the office must meet: the route's words after a line for the need, the task if promised. */
const needHandoff = (
  input: AssistantTurnInput,
  need: Extract<CallerNeed, { kind: 'hand-off' }>,
  friendly: boolean,
): Outcome => {
  const route = routeForNeed(need.need, input.handoff ?? IN_CHAT);
  return outcome({
    reply: [needOpening(need.need, friendly), handoffReply(route)].filter(Boolean).join(' '),
    intent: 'handoff',
    action: { type: 'handoff', need: need.need, route },
    state: {},
    callBack: need.task,
  });
};

/** After a question of its own, the reply ends there unless something is offered. */
const offerOrNothing = (offer: { text: string; offer?: 'photo-link' | 'estimate' }, asked: boolean) =>
  asked && !offer.offer ? { text: '', offer: undefined } : offer;

const refOf = (input: AssistantTurnInput): ConversationRef => ({
  channel: input.channel,
  callId: input.callId,
  conversationId: input.conversationId,
  textThreadId: input.textThreadId,
});

/**
 * The words a streaming channel receives, kept so the log holds exactly them: the model path
 * sends its checked sentences as they come; `finish` sends what is left of a reply that was
 * streamed (the offer after a model's words) and returns the reply as sent. A reply nothing of
 * which was streamed (the no-model path, a fallback) is left to the channel to send whole: it
 * may have to speak first (e.g. "I've texted you the link." before the rest).
 */
function streamedWords(input: AssistantTurnInput) {
  const hear = input.onReplyText;
  let sent = '';
  return {
    input: hear ? { ...input, onReplyText: (text: string) => void ((sent += text), hear(text)) } : input,
    finish(reply: string): string {
      if (!hear || !sent) return reply;
      const rest = reply.startsWith(sent) ? reply.slice(sent.length) : ` ${reply}`;
      if (rest) hear(rest);
      return sent + rest;
    },
  };
}

export function createAssistant(deps: AssistantDeps): Assistant {
  const { config } = deps;
  const now = deps.clock ?? Date.now;
  const pause = deps.pause ?? realPause;
  const publicUrl = deps.publicUrl ?? (() => config.publicBaseUrl);
  const { repo } = deps;
  const answers = assistantAnswers({ config, settings: deps.settings, faq: deps.faq });
  const withModel = modelAnswers({ config, repo, answers, appointments: deps.appointments, now });
  const { model } = withModel;
  const booking = bookingConversation({
    appointments: deps.appointments,
    timeZone: config.timeZone,
    now,
    answers,
    events: deps.events,
  });
  const inSpanish = spanishTurn({ answers, booking, area: answers.area, handoff: spanishHandoff });
  const visits = deps.known
    ? existingVisits({
        known: deps.known,
        appointments: deps.appointments,
        rules: appointmentRules(deps.appointments, config.timeZone, now),
        texts: deps.visitTexts ?? visitChangeTexts(now),
        events: deps.events,
        timeZone: config.timeZone,
        now,
      })
    : null;

  /** A yes or a no to the photo link or the estimate just offered. */
  async function answerOffer(
    offer: 'photo-link' | 'estimate',
    input: AssistantTurnInput,
    say: Wording,
    topic?: ConversationState['topic'],
  ): Promise<Outcome> {
    const message = input.message.trim();
    if (saysNo(message)) {
      if (offer === 'photo-link' && deps.settings.aiSettings().autoScheduleQuotes)
        return outcome({
          reply: `${say.offerDeclined} ${say.offerEstimate}`,
          intent: 'quote_request',
          state: { offer: 'estimate' },
        });
      return outcome({ reply: `${say.offerDeclined} ${say.anythingElse}`, intent: 'other', state: {} });
    }
    if (offer === 'photo-link') {
      const url = `${publicUrl()}/photo-quote-tool`;
      if (input.photoLink === 'text' && input.textPhotoLink) {
        const texted = await input.textPhotoLink(url);
        return outcome({
          reply: `${texted.said} ${say.anythingElse}`,
          intent: 'quote_request',
          action: texted.sent ? { type: 'send-photo-link', url } : { type: 'none' },
          state: {},
          photoLinkTexted: texted.sent,
        });
      }
      return outcome({
        reply:
          input.photoLink === 'chat' ? `${say.photoLinkInChat(url)} ${say.anythingElse}` : say.anythingElse,
        intent: 'quote_request',
        action: { type: 'send-photo-link', url },
        state: {},
      });
    }
    // "OK, and the roof too": the yes may carry what the estimate is for, a day, a name…; else the
    // service is the one just priced ("how much for a two-story house?" … "ok, let's set that up").
    const priced = topic && 'said' in topic && topic.said ? serviceNamedIn(topic.said) : undefined;
    return booking.start(message, input, say, priced ? { serviceType: priced } : {});
  }

  /** A question outside a booking: the model when it answers in time, else the knowledge. */
  async function answerQuestion(
    input: AssistantTurnInput,
    state: ConversationState,
    say: Wording,
    friendly: boolean,
  ): Promise<Outcome> {
    const message = input.message.trim();
    const language = languageOf(message);
    const fromModel = await withModel.answer({ ...input, ...refOf(input) }, say, friendly, language);
    if (fromModel?.kind === 'handoff')
      return handoff(input, {
        answeredBy: 'model',
        callBack: { reason: `Asked for a person: "${message}"`, urgent: false },
      });
    if (fromModel?.kind === 'booking') {
      const b = fromModel.details;
      const when = b.when ? extractSlots(b.when, undefined, businessNow(now(), config.timeZone)).slots : {};
      const step = booking.start(message, input, say, {
        name: b.name ?? undefined,
        serviceType: b.service ?? undefined,
        address: b.address ?? undefined,
        ...when,
      });
      return { ...step, answeredBy: 'model' };
    }
    if (fromModel) {
      // Marked Spanish only when the reply is (a model may answer a Spanish question in English);
      // the offers are worded in English, so a Spanish reply stands alone.
      const spanish = language === 'es-US' && languageOf(fromModel.reply) === 'es-US';
      const offer = spanish
        ? { text: '', offer: undefined }
        : answers.offerAfter(fromModel.intent, input, say);
      return outcome({
        reply: [fromModel.reply, offer.text].filter(Boolean).join(' '),
        // No tool said what it was about: the words do (a person or a booking never reach here).
        intent: fromModel.intent === 'other' ? classifyIntent(message) : fromModel.intent,
        knowledgeUsed: fromModel.usedFacts,
        answeredBy: 'model',
        successful: !fromModel.reply.includes("I don't have that information"),
        state: { offer: offer.offer },
        language: spanish ? 'es-US' : undefined,
      });
    }

    if (isSpanish(message)) return spanishHandoff(input, message);
    const answer = answers.fromKnowledge(message, classifyIntent(message), say, state.topic);
    // A reply that asks something ("how many square feet?", "which town?") waits for the answer;
    // "what would you like cleaned?" may come with the photo link or estimate offer (either is an answer).
    const asks =
      (answer.topic?.kind === 'price' && !answer.offerAfter) ||
      (answer.topic?.kind === 'area' && answer.topic.askedWhere);
    const offer = answer.offersEstimate
      ? { text: '', offer: 'estimate' as const }
      : asks || !answer.successful
        ? { text: '', offer: undefined }
        : answer.offerAfter
          ? offerOrNothing(answers.offerAfter(answer.intent, input, say), answer.topic?.kind === 'price')
          : { text: say.anythingElse, offer: undefined };
    return outcome({
      reply: [answer.reply, offer.text].filter(Boolean).join(' '),
      intent: answer.intent,
      knowledgeUsed: answer.knowledgeUsed,
      successful: answer.successful,
      state: { offer: offer.offer, topic: answer.topic },
    });
  }

  /** Which part answers this turn, from what was said and where the conversation stands. */
  async function decide(
    input: AssistantTurnInput,
    stateBefore: ConversationState,
    say: Wording,
    friendly: boolean,
  ): Promise<Outcome> {
    let state = stateBefore;
    const message = input.message.trim();
    const intent = classifyIntent(message);
    // What the caller needs of the office, by meaning: damage, a complaint, a message, a person —
    // whatever else was going on (an unconfirmed booking is dropped). Words that only sound like it
    // (a family member to ask, "is this a machine?", a robocall) are answered, and nothing is owed.
    const need = callerNeed(message);
    if (need?.kind === 'hand-off') return needHandoff(input, need, friendly);
    if (need?.kind === 'not-a-customer')
      return outcome({ reply: NEED_WORDS.notACustomer, intent: 'other', end: true, state: {} });
    if (need?.kind === 'asks-if-machine')
      return outcome({ reply: NEED_WORDS.machine(config.business.name), intent: 'other', state });
    if (need?.kind === 'consulting') return outcome({ reply: NEED_WORDS.consulting, intent: 'other', state });
    if (intent === 'handoff' && !need) return handoff(input);
    // Spanish without a model: the tools answer in Spanish, else the office calls back (with a
    // model, the model answers in Spanish).
    if (!model && (isSpanish(message) || state.spanish)) return inSpanish(input, state, say);
    // Other people's data, smuggled instructions…: refused, whatever the conversation was doing.
    const refusal = refusalFor(message);
    if (refusal) return outcome({ reply: refusal.reply, intent: 'other', state });
    // A visit the caller already has: checked, moved or cancelled (never a new booking).
    if (visits && state.visit && !saysGoodbye(message)) {
      const step = visits.step(state.visit, message, input, say);
      if (step) return step;
      state = { ...state, visit: undefined };
    }
    const wish = visits && !state.booking ? visitWishOf(message) : null;
    if (visits && wish) return visits.start(wish, message, input, say);
    if (state.booking?.stage === 'confirming') return booking.confirm(state.booking, message, input, say);
    if (state.offer && (saysYes(message) || saysNo(message)))
      return answerOffer(state.offer, input, say, state.topic);
    if (saysGoodbye(message)) return outcome({ reply: say.goodbye, intent: 'other', end: true, state: {} });
    if (saysHelloOnly(message) && !state.booking)
      return outcome({ reply: say.hello, intent: 'other', state });
    // "Can you text me a link for photos?": asked for, so it is a yes to the offer not yet made.
    if (input.photoLink && PHOTO_LINK_ASKED.test(message)) return answerOffer('photo-link', input, say);
    if (state.booking) return booking.step(state.booking, message, input, say);
    if (intent === 'scheduling') return booking.start(message, input, say);
    return answerQuestion(input, state, say, friendly);
  }

  return {
    greeting: (channel) =>
      wording(deps.settings.aiSettings().friendlyTone, config.business.name).greeting(channel),

    async turn(input) {
      const started = now();
      const settings = deps.settings.aiSettings();
      const say = wording(settings.friendlyTone, config.business.name, input.channel);
      const ref = refOf(input);
      const state = repo.loadState<ConversationState>(ref) ?? {};
      const spoken = streamedWords(input);
      const result = await decide(spoken.input, state, say, settings.friendlyTone);
      // Response Delay: the reply comes no sooner than the setting says, however quick the answer.
      const wait = settings.responseDelay * 1000 - (now() - started);
      if (wait > 0 && !input.signal?.aborted) await pause(wait);
      const reply = spoken.finish(result.reply);
      // Every promise of a call back is a task, whichever path wrote the words.
      const callBack = taskOwed(reply, result.callBack, input.message);
      repo.saveState(ref, result.state);
      if (result.language === 'es-US' && input.conversationId !== undefined)
        deps.leads.noteOnMessengerLead(input.conversationId, SPANISH_NOTE);
      const responseId = repo.logAnswer({
        ...ref,
        customerMessage: input.message.trim(),
        reply,
        intent: result.intent,
        responseTimeMs: now() - started,
        successful: result.successful,
        knowledgeUsed: result.knowledgeUsed,
        answeredBy: result.answeredBy,
      });
      if (result.photoLinkTexted) repo.markPhotoLinkSent(responseId);
      return {
        reply,
        intent: result.intent,
        action: result.action,
        endOfConversation: result.end,
        responseId,
        answeredBy: result.answeredBy,
        knowledgeUsed: result.knowledgeUsed,
        language: result.language ?? 'en-US',
        ...(callBack && { callBack }),
      };
    },

    photoLinkSent: (responseId) => repo.markPhotoLinkSent(responseId),

    replyCut: (callId, responseId, spoken) => repo.replyCut(callId, responseId, spoken),

    async summarizeCall(call) {
      const turns = repo.recentTurns({ channel: 'phone', callId: call.id }, 200);
      const built = buildCallSummary(turns, deps.appointments.bookedOnCall(call.id), call);
      if (!model || turns.length === 0) return built;
      try {
        const summary = await model.summarize(transcriptOf(turns), now() + config.assistantTurnBudgetMs);
        const note = spanishNoteFor(turns);
        return note && summary ? `${note} ${summary}` : summary;
      } catch (error) {
        if (error instanceof ModelUnavailable) return built;
        throw error;
      }
    },
  };
}
