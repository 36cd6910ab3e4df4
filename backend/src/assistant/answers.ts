import type { AiIntent } from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { FaqRepository } from '../faq/faq.repository.ts';
import type { AssistantTurnInput } from './assistant-turn.ts';
import { buildKnowledge, type Fact, type Knowledge } from './knowledge.ts';
import { asksSomethingSpecific, entryAnswering, samePlace, topicsOf } from './meaning.ts';
import { refusalFor } from './off-limits.ts';
import { jobPriceAnswer, serviceAreaAnswer, type QuestionTopic, type ToolAnswer } from './tool-answers.ts';
import { serviceAreaConfigFrom, serviceAreaOf, serviceAreaReply } from './tools/service-area.ts';
import { jobDetailsOf } from './tools/job-details.ts';
import { declineWork, withoutWorkWeDoNotDo, workWeDoNotDo } from './tools/outside-trade.ts';
import type { Wording } from './wording.ts';

/** What a customer hears when a question matches nothing but its intent is clear. */
const INTENT_FALLBACK: Partial<Record<AiIntent, string>> = {
  pricing: 'common:pricing',
  quote_request: 'common:process',
  service_area: 'common:service-areas',
};
/** A service the business offers, named: "do you do roofs?" is answered with the services. */
const OUR_SERVICES =
  /\b(house|home|siding|roofs?|moss|driveways?|concrete|patios?|decks?|fences?|gutters?|windows?|soft ?wash\w*|pressure ?wash\w*|walkways?|sidewalks?)\b/i;

/**
 * A tool's answer as said. A price question with nothing yet said about the job ("how much does it
 * cost?") hears the pricing response staff wrote in Settings first, then what is needed for a total.
 */
function withGeneralPrices(tool: ToolAnswer, k: Knowledge, say: Wording): NoModelAnswer {
  const general =
    tool.intent === 'pricing' && tool.topic?.kind === 'price' && tool.topic.askedFor === 'surface'
      ? k.get('common:pricing')
      : undefined;
  return {
    reply: say.answer(tool.intent, [general?.text, tool.reply].filter(Boolean).join(' ')),
    intent: tool.intent,
    knowledgeUsed: [...(general ? [general.id] : []), ...tool.knowledgeUsed],
    successful: true,
    topic: tool.topic,
    offerAfter: tool.offerAfter || (tool.topic?.kind === 'price' && tool.topic.askedFor === 'surface'),
    offersEstimate: tool.offersEstimate,
  };
}

/** "Are estimates free?": the price list says they are (pricesFact). */
const ESTIMATES_FREE =
  /\b(estimates?|quotes?)\b.{0,20}\bfree\b|\b(charge|pay|cost)\b.{0,12}\b(for )?(an? |the )?(estimates?|quotes?)\b/i;
/** "What services do you offer?", "what do you guys do?": the list of services. */
const WHAT_YOU_DO =
  /\bwhat (services|kinds? of (work|services|cleaning)|do you (guys )?(do|offer|clean))\b|\bwhat do you offer\b/i;
/** "What's your phone number?": the office's own number is in the business profile. */
const OUR_NUMBER = /\b(your|the office'?s?|the business'?s?) (phone|phone number|number)\b/i;

/** The no-model path's answer to a question, and what it leaves for the next turn. */
export interface NoModelAnswer {
  reply: string;
  intent: AiIntent;
  knowledgeUsed: string[];
  /** False only when nothing answered it ("I don't have that information"). */
  successful: boolean;
  topic?: QuestionTopic;
  /** A price or the price list was said: the photo link or estimate may be offered after it. */
  offerAfter?: boolean;
  /** The reply already offers the free estimate. */
  offersEstimate?: boolean;
}
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

export interface AnswersDeps {
  config: Config;
  /** The AI settings, and the three common responses staff edit there. */
  settings: Pick<SettingsRepository, 'aiSettings' | 'commonResponses' | 'commonResponsesVersion'>;
  /** The active FAQ entries, as the FAQ's owner reads them. */
  faq: Pick<FaqRepository, 'answerable' | 'version'>;
}

/** Answering a question from the knowledge (FAQ, common responses, prices) and the tools, and what is offered after. */
export function assistantAnswers({ config, settings, faq }: AnswersDeps) {
  // A SERVICE_BASE_LOCATION that is no known town nor "lat,lon" stops the server here, at start.
  const area = serviceAreaConfigFrom({
    serviceArea: config.business.serviceArea,
    baseLocation: config.business.serviceBaseLocation,
    radiusMiles: config.business.serviceRadiusMiles,
  });
  // The search index is rebuilt only when the FAQ or a common response changed.
  let cached: { version: string; knowledge: Knowledge } | undefined;
  const knowledge = () => {
    const version = `${faq.version()}|${settings.commonResponsesVersion()}`;
    if (cached?.version !== version) {
      cached = {
        version,
        knowledge: buildKnowledge({
          faq: faq.answerable(),
          common: settings.commonResponses(),
          business: config.business,
        }),
      };
    }
    return cached.knowledge;
  };

  return {
    /** The service-area tool's settings (the counties served, the base and radius). */
    area,

    /** "Can you detail my car?": the plain no for work outside the trade (with no service of ours asked), or undefined. */
    notOurWork(said: string): string | undefined {
      const kind = workWeDoNotDo(said);
      return kind && jobDetailsOf(withoutWorkWeDoNotDo(said)).surfaces.length === 0
        ? declineWork(kind)
        : undefined;
    },

    /** "I'm over in Medford, can you come wash my house?": a town outside the area, said so, or undefined. */
    outsideArea(said: string): string | undefined {
      const answer = serviceAreaOf(said, area);
      return answer.kind === 'outside' || (answer.kind === 'county' && !answer.served)
        ? serviceAreaReply(answer, area)
        : undefined;
    },

    /** The offer that follows a price or quote answer, as the AI settings say. */
    offerAfter(intent: AiIntent, input: AssistantTurnInput, say: Wording) {
      const ai = settings.aiSettings();
      if (!OFFERED_AFTER.has(intent)) return { text: say.anythingElse, offer: undefined };
      if (ai.photoRequestPrompts && input.photoLink)
        return { text: say.offerPhotoLink(input.photoLink), offer: 'photo-link' as const };
      if (ai.autoScheduleQuotes) return { text: say.offerEstimate, offer: 'estimate' as const };
      return { text: say.anythingElse, offer: undefined };
    },

    /**
     * The no-model answer: a refusal, a tool's (service area, price), the FAQ entry or common
     * response that answers the question asked, or the honest "I don't have that information".
     * `topic` is what the last answer was about, for follow-ups ("what about Crescent City?").
     */
    fromKnowledge(message: string, intent: AiIntent, say: Wording, topic?: QuestionTopic): NoModelAnswer {
      const refusal = refusalFor(message);
      if (refusal) return { reply: refusal.reply, intent: 'other', knowledgeUsed: [], successful: true };
      // "Do you detail cars?": work outside the trade, said plainly (with a town asked of, the area tool says both).
      const notOurs = workWeDoNotDo(message);
      if (
        notOurs &&
        jobDetailsOf(withoutWorkWeDoNotDo(message)).surfaces.length === 0 &&
        serviceAreaOf(message, area).kind === 'unknown'
      )
        return {
          reply: declineWork(notOurs),
          intent: intent === 'scheduling' ? 'service_inquiry' : intent,
          knowledgeUsed: ['services'],
          successful: true,
        };
      const k = knowledge();
      // Said as written, so only what staff wrote or can edit (FAQ, common responses).
      const entry = entryAnswering(
        message,
        k.facts
          .filter((f) => f.kind === 'faq' || f.kind === 'common')
          .map((f) => ({ id: f.id, question: f.title, answer: f.text, fact: f })),
      )?.fact;
      // Staff's own entry about the very place asked of ("Shelter Cove?") is theirs to answer.
      const aboutThisPlace = entry && samePlace(topicsOf(message), topicsOf(entry.title));
      if (ESTIMATES_FREE.test(message) && intent !== 'scheduling')
        return {
          reply: say.answer('pricing', 'Yes, estimates are always free.'),
          intent: 'pricing',
          knowledgeUsed: ['prices'],
          successful: true,
          offerAfter: true,
        };
      const tool = aboutThisPlace
        ? null
        : (jobPriceAnswer(message, intent, topic) ??
          serviceAreaAnswer(message, intent, topic, area, say.noAnswerPlain));
      if (tool) return withGeneralPrices(tool, k, say);
      const services =
        (intent === 'service_inquiry' && !asksSomethingSpecific(message) && OUR_SERVICES.test(message)) ||
        WHAT_YOU_DO.test(message)
          ? k.get('services')
          : OUR_NUMBER.test(message)
            ? k.get('profile')
            : undefined;
      const best: Fact | undefined =
        entry ??
        services ??
        (asksSomethingSpecific(message) ? undefined : k.get(INTENT_FALLBACK[intent] ?? ''));
      if (!best) return { reply: say.noAnswer, intent, knowledgeUsed: [], successful: false };
      const refined =
        intent === 'other' && best.kind === 'faq' ? (CATEGORY_INTENT[best.category] ?? intent) : intent;
      return {
        reply: say.answer(refined, best.text),
        intent: refined,
        knowledgeUsed: [best.id],
        successful: true,
        offerAfter: best.id === 'common:pricing',
      };
    },
  };
}
export type AssistantAnswers = ReturnType<typeof assistantAnswers>;
