import type { TelephonySettings } from '@washdesk/contract';
import type { Config } from '../config.ts';
import { DEFAULT_OPENAI_MODEL } from '../quotes/analyzers/openai-analyzer.ts';

/** The callbacks Twilio is pointed at (spec section 7). */
export const TELEPHONY_WEBHOOKS = [
  { label: 'Incoming call', path: '/api/twilio/incoming-call' },
  { label: 'Speech processing', path: '/api/twilio/process-speech' },
  { label: 'Call status', path: '/api/twilio/call-status' },
];

/** Enough to recognise which value is set, never enough to use it. */
export function mask(value: string | undefined, keepStart: number, keepEnd = 4): string | null {
  if (!value) return null;
  if (value.length <= keepStart + keepEnd + 2) return '•'.repeat(value.length);
  return `${value.slice(0, keepStart)}${'•'.repeat(8)}${value.slice(-keepEnd)}`;
}

export function telephonySettings(config: Config): TelephonySettings {
  const { twilio, openai, meta } = config.providers;
  return {
    phone: {
      connected: Boolean(twilio.accountSid && twilio.authToken && twilio.phoneNumber),
      accountSid: mask(twilio.accountSid, 2),
      phoneNumber: mask(twilio.phoneNumber, 2),
    },
    publicBaseUrl: config.publicBaseUrl,
    webhooks: TELEPHONY_WEBHOOKS,
    aiProvider: openai.apiKey
      ? {
          connected: true,
          provider: 'OpenAI',
          maskedKey: mask(openai.apiKey, 3),
          model: openai.model ?? DEFAULT_OPENAI_MODEL,
        }
      : { connected: false, provider: 'Local price-list estimator', maskedKey: null, model: null },
    // Receiving needs the app secret (signatures), answering needs the page token.
    messengerConnected: Boolean(meta.appSecret && meta.pageAccessToken),
  };
}
