import type { AssistantStatus } from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';

/**
 * What the assistant can really do now. It answers from the AI model when a key is set, else from
 * the active FAQ entries (retrieval needs no model); with neither it has nothing true to say, so
 * it is offline. The channels only decide where customers can reach it, which the tooltip says.
 */
export function assistantStatus(config: Config, db: Db) {
  const activeFaq = db.prepare('SELECT COUNT(*) AS n FROM faq_entries WHERE is_active = 1');
  return (): AssistantStatus => {
    const activeFaqEntries = (activeFaq.get() as { n: number }).n;
    const hasModel = Boolean(config.providers.openai.apiKey);
    const answersFrom = hasModel ? 'ai-model' : activeFaqEntries > 0 ? 'faq' : 'none';
    const phoneConnected = Boolean(
      config.providers.twilio.accountSid &&
      config.providers.twilio.authToken &&
      config.providers.twilio.phoneNumber,
    );
    const messengerConnected = Boolean(config.providers.meta.pageAccessToken);
    const faqSentence = `${activeFaqEntries} active FAQ ${activeFaqEntries === 1 ? 'entry' : 'entries'}`;
    const details = [
      answersFrom === 'ai-model'
        ? `Answers with the AI model and ${faqSentence}.`
        : answersFrom === 'faq'
          ? `Answers from ${faqSentence}; no AI model key is set.`
          : 'No AI model key is set and no FAQ entry is active, so it has nothing to answer from.',
      phoneConnected ? 'Phone line connected.' : 'Phone line not connected (Twilio is not configured).',
      messengerConnected ? 'Messenger connected.' : 'Messenger not connected (no Meta page access token).',
    ];
    return {
      online: answersFrom !== 'none',
      answersFrom,
      activeFaqEntries,
      phoneConnected,
      messengerConnected,
      details,
    };
  };
}
