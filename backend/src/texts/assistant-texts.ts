import { fromTheBusiness } from '@washdesk/contract';
import type { Assistant } from '../assistant/assistant-turn.ts';
import { conversationQueue } from '../assistant/conversation-queue.ts';
import { mayAnswer as mayAnswerRule } from '../assistant/may-answer.ts';
import type { Clock } from '../time.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { IncomingText } from './incoming-text.ts';
import type { TextRepository } from './text.repository.ts';

// The assistant answering texts on the business number (issue 25, item 1): the same conversation
// core as the phone and Messenger, through `Assistant.turn` on the channel 'text' (its memory and
// AI Responses log rows keyed by the text thread, migration 0032). Like Messenger it stays quiet
// once staff take the thread over, and answers several quick texts with one reply.

export interface AssistantTextsDeps {
  assistant: Assistant;
  settings: SettingsRepository;
  texts: TextRepository;
  clock: Clock;
  /** Whether a text can be sent at all on this server (Twilio configured). */
  canText: () => boolean;
  /** Queues the reply on the outbox and the thread (texts.service.ts `queueText`). */
  reply: (to: string, body: string, key: string) => void;
  businessName: string;
  report: (error: unknown) => void;
  /** Staff hear that the assistant answered. */
  answered: (threadId: number) => void;
}

export function assistantTexts(deps: AssistantTextsDeps) {
  const threads = conversationQueue(deps.report);
  /** Customer texts not yet answered, per thread: one reply answers them together. */
  const waiting = new Map<number, IncomingText[]>();

  /**
   * The one rule of "may the assistant answer" (assistant/may-answer.ts, where the texts'
   * differences from Messenger are stated) on the thread's facts now.
   */
  const mayAnswer = (threadId: number) => {
    const thread = deps.texts.thread(threadId);
    if (!thread) return false;
    const takenOverAt = deps.texts.takenOverAt(threadId);
    return mayAnswerRule({
      channel: 'text',
      now: deps.clock(),
      // The customer's text came in through Twilio's webhook.
      receiving: true,
      sending: deps.canText(),
      autoReply: deps.settings.aiSettings().textAutoReply,
      takenOverAt: takenOverAt === null ? null : Date.parse(takenOverAt),
      optedOut: thread.optedOut,
      lastSender: deps.texts.latestMessages(threadId, 1)[0]?.sender ?? null,
    }).may;
  };

  async function answer(threadId: number) {
    const texts = waiting.get(threadId) ?? [];
    waiting.delete(threadId);
    if (texts.length === 0 || !mayAnswer(threadId)) return;
    const thread = deps.texts.thread(threadId)!;
    const turn = await deps.assistant.turn({
      channel: 'text',
      textThreadId: threadId,
      message: texts.map((t) => t.body).join('\n'),
      customer: { phone: thread.phone, name: thread.customerName },
      // The link goes in the reply itself, like a chat.
      photoLink: 'chat',
    });
    // Staff may have taken over (or answered, or the customer said STOP) during Response Delay.
    if (!mayAnswer(threadId)) return;
    // A direct answer to the customer's own text: not automatic, so quiet hours do not hold it
    // (the customer is writing now and waits for the answer); a number that said STOP still gets
    // none, as the consent gate checks every text.
    deps.reply(
      thread.phone,
      fromTheBusiness(deps.businessName, turn.reply),
      `assistant:${texts.at(-1)!.messageSid}`,
    );
    // The link is in the queued reply: the outbox row is the commitment to send it.
    if (turn.action.type === 'send-photo-link') deps.assistant.photoLinkSent(turn.responseId);
    deps.answered(threadId);
  }

  return {
    /** A customer's new text no other feature took: the assistant answers it after the webhook has answered. */
    received(text: IncomingText, threadId: number) {
      // The assistant reads words; a photo alone waits for staff.
      if (!text.body.trim()) return;
      waiting.set(threadId, [...(waiting.get(threadId) ?? []), text]);
      threads.enqueue(threadId, () => answer(threadId));
    },
    /** Resolves once every answer under way is queued (shutdown and tests). */
    settled: () => threads.settled(),
  };
}
