import type { AppointmentRepository } from '../../appointments/appointment.repository.ts';
import type { Config } from '../../config.ts';
import type { Clock } from '../../time.ts';
import { createAssistantModel, ModelUnavailable, type ModelTurn } from '../assistant-model.ts';
import type { AssistantRepository, ConversationRef } from '../assistant.repository.ts';
import type { AssistantTurnInput, ReplyLanguage } from '../assistant-turn.ts';
import type { AssistantAnswers } from '../answers.ts';
import { classifyIntent } from '../intents.ts';
import { profileFact } from '../knowledge.ts';
import { serviceAreaConfigFrom } from '../tools/service-area.ts';
import type { Wording } from '../wording.ts';
import { assistantTools } from './assistant-tools.ts';
import { freeEstimateSlots } from './free-estimate-slots.ts';

/** How many past turns the model sees: enough for "and the roof?" to make sense. */
const HISTORY_TURNS = 6;

export interface ModelAnswersDeps {
  config: Config;
  repo: AssistantRepository;
  answers: AssistantAnswers;
  appointments: AppointmentRepository;
  now: Clock;
}

/**
 * The model path of a question: the model with the assistant's tools, within the per-turn budget.
 * Null when there is no AI key or the model gave nothing usable in time: the no-model path answers.
 */
export function modelAnswers({ config, repo, answers, appointments, now }: ModelAnswersDeps) {
  const { openai } = config.providers;
  const model = openai.apiKey
    ? createAssistantModel({ apiKey: openai.apiKey, model: openai.model, baseUrl: openai.baseUrl, now })
    : null;
  const area = serviceAreaConfigFrom({ serviceArea: config.business.serviceArea });
  const freeSlots = freeEstimateSlots(appointments, config.timeZone, now);
  const profile = profileFact(config.business).text;

  return {
    model,
    async answer(
      input: AssistantTurnInput & ConversationRef,
      say: Wording,
      friendly: boolean,
      language: ReplyLanguage,
    ): Promise<ModelTurn | null> {
      if (!model) return null;
      const tools = assistantTools({
        area,
        freeSlots,
        // The no-model path's own retrieval: both paths answer from the same entries.
        search(question) {
          const found = answers.fromKnowledge(question, classifyIntent(question), say);
          return {
            found: found.successful,
            answer: found.reply,
            usedFacts: found.knowledgeUsed,
            intent: found.intent,
          };
        },
      });
      try {
        return await model.turn(
          {
            channel: input.channel,
            businessName: config.business.name,
            friendly,
            history: repo.recentTurns(input, HISTORY_TURNS),
            message: input.message.trim(),
            language,
            tools,
            profile,
            onReplyText: input.onReplyText,
            signal: input.signal,
          },
          now() + config.assistantTurnBudgetMs,
        );
      } catch (error) {
        if (!(error instanceof ModelUnavailable)) throw error;
        return null;
      }
    },
  };
}
