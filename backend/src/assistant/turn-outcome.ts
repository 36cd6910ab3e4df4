import type { AiAnswerSource, AiIntent } from '@washdesk/contract';
import type { AssistantAction, ReplyLanguage } from './assistant-turn.ts';
import type { BookingState } from './booking.ts';
import type { CallBackTask } from './call-back-tasks.ts';
import type { VisitState } from './visit-state.ts';
import type { QuestionTopic } from './tool-answers.ts';

/** The assistant's memory of one call or conversation between turns. */
export interface ConversationState {
  booking?: BookingState;
  /** An offer waiting for a yes or a no. */
  offer?: 'photo-link' | 'estimate';
  /** What the last answer was about: "what about Crescent City?", "two stories" follow it. */
  topic?: QuestionTopic;
  /** The caller speaks Spanish (no model): short answers ("Rosa Díaz", "dos pisos") stay in Spanish. */
  spanish?: boolean;
  /** A visit the caller already has, being checked, moved or cancelled. */
  visit?: VisitState;
}

/** What one turn decided: the words, and (as values, never read back from the words) what happens next. */
export interface Outcome {
  reply: string;
  intent: AiIntent;
  action: AssistantAction;
  end: boolean;
  state: ConversationState;
  knowledgeUsed: string[];
  answeredBy: AiAnswerSource;
  /** False only when the assistant had no answer. */
  successful: boolean;
  /** Absent: English. */
  language?: ReplyLanguage;
  /** The photo quote link was texted in this turn: the log row gets its badge. */
  photoLinkTexted?: boolean;
  /** Why the office owes a call back, when the reply promises one (call-back-tasks.ts). */
  callBack?: CallBackTask;
}

export const outcome = (o: Partial<Outcome> & Pick<Outcome, 'reply' | 'intent' | 'state'>): Outcome => ({
  action: { type: 'none' },
  end: false,
  knowledgeUsed: [],
  answeredBy: 'fallback',
  successful: true,
  ...o,
});
