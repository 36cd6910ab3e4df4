import type { AiIntent } from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { AssistantRepository } from './assistant.repository.ts';
import type { AssistantTurnInput } from './assistant-turn.ts';
import { buildKnowledge, type Fact, type Knowledge } from './knowledge.ts';
import type { Wording } from './wording.ts';

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

export interface AnswersDeps {
  config: Config;
  settings: SettingsRepository;
  repo: AssistantRepository;
}

/** Answering a question from the knowledge (FAQ, common responses, prices), and what is offered after. */
export function assistantAnswers({ config, settings, repo }: AnswersDeps) {
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

  return {
    /** The offer that follows a price or quote answer, as the AI settings say. */
    offerAfter(intent: AiIntent, input: AssistantTurnInput, say: Wording) {
      const ai = settings.aiSettings();
      if (!OFFERED_AFTER.has(intent)) return { text: say.anythingElse, offer: undefined };
      if (ai.photoRequestPrompts && input.photoLink)
        return { text: say.offerPhotoLink(input.photoLink), offer: 'photo-link' as const };
      if (ai.autoScheduleQuotes) return { text: say.offerEstimate, offer: 'estimate' as const };
      return { text: say.anythingElse, offer: undefined };
    },

    /** The no-model answer: the best fact said as written, or the honest "I don't have that". */
    fromKnowledge(message: string, intent: AiIntent, say: Wording) {
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
    },
  };
}
export type AssistantAnswers = ReturnType<typeof assistantAnswers>;
