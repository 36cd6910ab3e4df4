import type { AiSettings, AssistantChannelState, AssistantStatus } from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { AssistantChannels } from './assistant-channels.ts';
import type { FaqRepository } from '../faq/faq.repository.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the assistant always answers from, with no AI key and no FAQ entry: it is built in. */
const BUILT_IN_KNOWLEDGE = 'the price list, services and common responses';

/**
 * Which channels the assistant really answers now. A conversation channel (phone, texts, Messenger) is
 * answered when this server receives it and can answer on it: the phone as soon as Twilio's
 * webhooks can be verified (TWILIO_AUTH_TOKEN; the account and number are only for texts), and
 * the assistant always has its built-in knowledge, with or without a model. Photo quotes are the
 * assistant's only with an AI model, otherwise the local price-list estimate answers them, which
 * the status says instead of claiming it.
 */
export function assistantStatusService(
  config: Config,
  channels: AssistantChannels,
  /** The FAQ's owner: how many entries the assistant answers from. */
  faq: Pick<FaqRepository, 'activeCount'>,
  /** AI Settings now: "Messenger auto-reply" off means nobody but staff answers Messenger (texts alike). */
  aiSettings: () => Pick<AiSettings, 'messengerAutoReply' | 'textAutoReply'> = () => ({
    messengerAutoReply: true,
    textAutoReply: true,
  }),
) {
  const { twilio, meta, openai } = config.providers;
  // Twilio's webhooks are answered once their signatures can be checked.
  const phoneConfigured = Boolean(twilio.authToken);
  const phoneTexts = Boolean(twilio.accountSid && twilio.authToken && twilio.phoneNumber);
  // Receiving needs the app secret (signed webhooks) and replying the page token.
  const messengerConfigured = Boolean(meta.pageAccessToken && meta.appSecret);
  const hasModel = Boolean(openai.apiKey);

  const conversation = (
    channel: 'phone' | 'text' | 'messenger',
    name: string,
    missing: { receiver: string; provider: string },
    configured: boolean,
    knowledge: string,
    switchedOff: string | null = null,
    /** What does not work on a channel that is answered. */
    caveat: string | null = null,
  ): AssistantChannelState => {
    const reasons = [
      switchedOff,
      channels.isReceiving(channel) ? null : missing.receiver,
      configured ? null : missing.provider,
    ].filter((r): r is string => r !== null);
    return reasons.length === 0
      ? {
          channel,
          name,
          answeredByAssistant: true,
          state: `${name}: answered by the assistant (from ${knowledge})${caveat ? `; ${caveat}` : ''}`,
        }
      : { channel, name, answeredByAssistant: false, state: `${name}: not answered (${reasons.join('; ')})` };
  };

  return {
    status(): AssistantStatus {
      const faqEntries = faq.activeCount();
      const sources = [
        hasModel ? 'the AI model' : null,
        faqEntries > 0 ? plural(faqEntries, 'active FAQ entry', 'active FAQ entries') : null,
      ].filter((s): s is string => s !== null);
      const knowledgeSource = sources.length ? sources.join(' and ') : null;
      const answersFrom = knowledgeSource ?? BUILT_IN_KNOWLEDGE;
      const photoQuotes: AssistantChannelState = !channels.isReceiving('web')
        ? {
            channel: 'web',
            name: 'Photo quotes',
            answeredByAssistant: false,
            state: 'Photo quotes: not answered (this server does not take photo quotes)',
          }
        : hasModel
          ? {
              channel: 'web',
              name: 'Photo quotes',
              answeredByAssistant: true,
              state: 'Photo quotes: AI model',
            }
          : {
              channel: 'web',
              name: 'Photo quotes',
              answeredByAssistant: false,
              state: 'Photo quotes: local estimate (no AI key)',
            };
      const states = [
        conversation(
          'phone',
          'Phone',
          { receiver: 'this server has no phone webhooks yet', provider: 'Twilio is not configured' },
          phoneConfigured,
          answersFrom,
          null,
          phoneTexts ? null : 'no texts: TWILIO_ACCOUNT_SID and TWILIO_PHONE_NUMBER are not both set',
        ),
        // Texts are answered where the business number can send them (texts/assistant-texts.ts).
        conversation(
          'text',
          'Texts',
          {
            receiver: 'this server has no text webhooks yet',
            provider: 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_PHONE_NUMBER are not all set',
          },
          phoneTexts,
          answersFrom,
          aiSettings().textAutoReply ? null : 'Text auto-reply is off in AI Settings',
        ),
        conversation(
          'messenger',
          'Messenger',
          { receiver: 'no webhook receives Messenger messages yet', provider: 'Meta is not configured' },
          messengerConfigured,
          answersFrom,
          aiSettings().messengerAutoReply ? null : 'Messenger auto-reply is off in AI Settings',
        ),
        photoQuotes,
      ];
      const answering = states.filter((s) => s.answeredByAssistant).map((s) => s.name);
      return {
        online: answering.length > 0,
        answering,
        offlineReason: answering.length > 0 ? null : 'no channel answered',
        channels: states,
        knowledge: knowledgeSource
          ? `Answers from ${knowledgeSource}.`
          : `Answers from ${BUILT_IN_KNOWLEDGE} only: no AI key and no active FAQ entry.`,
      };
    },
  };
}
export type AssistantStatusService = ReturnType<typeof assistantStatusService>;
