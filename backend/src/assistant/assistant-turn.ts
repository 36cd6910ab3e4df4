import type { ReplyLanguage } from './spanish.ts';
import type { AiAnswerSource, AiIntent, AiResponseChannel, Call } from '@washdesk/contract';
import type { HandoffRoute } from './tools/hand-off.ts';
import type { CallBackTask } from './call-back-tasks.ts';
import type { NeedKind } from './caller-needs.ts';

/**
 * The assistant's one conversation core, shared by the phone (Twilio webhooks) and Messenger:
 * what the customer said goes in, the reply, its intent and any action come out. The channel
 * layer only carries words in and out (speech, TwiML, Messenger sends).
 */
export interface AssistantTurnInput {
  channel: AiResponseChannel;
  /** The call (phone) or Messenger conversation this turn belongs to; its memory is kept per one. */
  callId?: number;
  conversationId?: number;
  /** The text thread (channel 'text'): texts on the business number, answered like a chat. */
  textThreadId?: number;
  /** What the customer said, as heard or typed. */
  message: string;
  /** Who is on the line: caller id / Messenger profile, when known. */
  customer: { phone?: string | null; name?: string | null };
  /**
   * How this channel can hand over the photo quote link right now: 'text' (an SMS to the caller,
   * Twilio configured), 'chat' (in the conversation itself), or null (it cannot: never offered).
   */
  photoLink: 'text' | 'chat' | null;
  /**
   * A streaming channel (ConversationRelay) passes this to hear the reply's words as they are
   * written, so the caller hears the first words while the rest is still being written. A model
   * reply calls it once per checked piece (and once more with what follows the model's words);
   * a reply nothing of which was streamed (the no-model path) never calls it: the channel sends the
   * turn's `reply` whole, after anything it must say first. `reply` is always the whole text.
   */
  onReplyText?: (text: string) => void;
  /**
   * How a person can be reached right now, should the customer ask for one (the phone: put
   * through, a call back, or only the office's number). The turn says the matching words, so what
   * is logged is what the channel delivers; absent = staff answer in the chat (Messenger).
   */
  handoff?: HandoffRoute;
  /**
   * With `photoLink: 'text'`: texts the photo quote link now and resolves with whether it went out
   * and the sentence that says so ("I've texted you the link." or where to find it instead). The
   * reply starts with that sentence, so the log keeps what the caller heard.
   */
  textPhotoLink?: (url: string) => Promise<{ sent: boolean; said: string }>;
  /**
   * Fires when nobody is listening any more (a streamed call's socket closed): the model's request
   * is cut and the turn ends at once with what was already said (no Response Delay either).
   */
  signal?: AbortSignal;
}

export type AssistantAction =
  /** Nothing for the channel to do but deliver the reply and listen again. */
  | { type: 'none' }
  /**
   * The customer asked for a person (or speaks a language the assistant cannot answer in): the
   * channel does what `handoff` in the input said (puts through, or owes a call back); `reply`
   * already says it.
   */
  | {
      type: 'handoff';
      /** What the caller needs (caller-needs.ts); absent: a language the assistant cannot answer in. */
      need?: NeedKind;
      /** The route the reply told, when it differs from the channel's (a message is recorded, not put through). */
      route?: HandoffRoute;
    }
  /**
   * The customer said yes to the photo quote link and it is in the reply (Messenger) or was texted
   * in this turn (the phone, `textPhotoLink`): the channel marks it sent once delivered.
   */
  | { type: 'send-photo-link'; url: string }
  /** A free estimate was booked in this turn (after the customer confirmed the read-back). */
  | { type: 'booked'; appointmentId: number };

export interface AssistantTurn {
  reply: string;
  intent: AiIntent;
  action: AssistantAction;
  /** The conversation is over (the customer said goodbye, or a booking was confirmed and nothing else is asked). */
  endOfConversation: boolean;
  /** The AI response log row written for this turn. */
  responseId: number;
  answeredBy: AiAnswerSource;
  /** What the reply was built from: "faq:12", "common:pricing", "prices", "profile". */
  knowledgeUsed: string[];
  /** The language the reply is in (a Spanish-speaking caller gets Spanish); absent means English. */
  language?: ReplyLanguage;
  /**
   * The reply promised a call back: the task the channel files (the phone: on the call, so it is in
   * Requests and staff are told). Present exactly when the words promise one (call-back-tasks.ts).
   */
  callBack?: CallBackTask;
}

export type { ReplyLanguage } from './spanish.ts';

export interface Assistant {
  /** The opening line: who answers, and that it is the business's virtual assistant. */
  greeting(channel: AiResponseChannel): string;
  /** One customer turn: retrieval, reply, booking, AI response log, Response Delay included. */
  turn(input: AssistantTurnInput): Promise<AssistantTurn>;
  /** The channel sent the photo quote link of this turn: the log gets its "Photo request sent" badge. */
  photoLinkSent(responseId: number): void;
  /**
   * A short summary of a finished call: what was asked, what was booked (model or built from the
   * turns). The channel passes the call as the calls table's owner has it.
   */
  summarizeCall(call: Pick<Call, 'id' | 'callbackRequested' | 'forwardedTo'>): Promise<string | null>;
  /** A streamed reply the caller cut short: the log keeps only what was spoken. False if not this call's. */
  replyCut(callId: number, responseId: number, spoken: string): boolean;
}
