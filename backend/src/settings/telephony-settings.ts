import type { TelephonySettings } from '@washdesk/contract';
import type { Config } from '../config.ts';
import { DEFAULT_OPENAI_MODEL } from '../quotes/analyzers/openai-analyzer.ts';
import { PHONE_WEBHOOKS } from '../phone/webhook-paths.ts';

/** The callbacks Twilio is pointed at (spec section 7): the routes the phone line mounts. */
export const TELEPHONY_WEBHOOKS = [
  { label: 'Incoming call', path: PHONE_WEBHOOKS.incomingCall },
  { label: 'Speech processing', path: PHONE_WEBHOOKS.processSpeech },
  { label: 'Call status', path: PHONE_WEBHOOKS.callStatus },
];

/** Enough to recognise which value is set, never enough to use it. */
export function mask(value: string | undefined, keepStart: number, keepEnd = 4): string | null {
  if (!value) return null;
  if (value.length <= keepStart + keepEnd + 2) return '•'.repeat(value.length);
  return `${value.slice(0, keepStart)}${'•'.repeat(8)}${value.slice(-keepEnd)}`;
}

/** `publicBaseUrl`: the address in use now (PUBLIC_BASE_URL, or the ngrok tunnel's). */
export function telephonySettings(config: Config, publicBaseUrl = config.publicBaseUrl): TelephonySettings {
  const { twilio, openai, meta } = config.providers;
  return {
    phone: {
      connected: Boolean(twilio.accountSid && twilio.authToken && twilio.phoneNumber),
      accountSid: mask(twilio.accountSid, 2),
      phoneNumber: mask(twilio.phoneNumber, 2),
    },
    publicBaseUrl,
    webhooks: TELEPHONY_WEBHOOKS,
    aiProvider: openai.apiKey
      ? {
          connected: true,
          provider: 'OpenAI',
          maskedKey: mask(openai.apiKey, 3),
          model: openai.model ?? DEFAULT_OPENAI_MODEL,
        }
      : { connected: false, provider: 'Local price-list estimator', maskedKey: null, model: null },
    messengerConnected: Boolean(meta.pageAccessToken),
  };
}
