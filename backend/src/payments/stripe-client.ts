import Stripe from 'stripe';

// The one place the Stripe SDK is built (issue 35). Tests and the bench point it at the fake on
// 127.0.0.1 through STRIPE_API_BASE_URL, the way TWILIO_API_BASE_URL points the twilio SDK: the
// real SDK, its retries and its idempotency keys, talking to a server we run.

export interface StripeSettings {
  secretKey?: string;
  webhookSecret?: string;
  apiBaseUrl: string;
}

/** Online payments are on only with a key; without one every page says "pay at the visit". */
export const stripeConfigured = (s: StripeSettings): s is StripeSettings & { secretKey: string } =>
  Boolean(s.secretKey);

/**
 * Which of Stripe's two worlds our key opens: a live key (`sk_live_`, or a restricted `rk_live_`)
 * moves real money, any other key is a test key. Events of the other world are not ours: a test
 * payment must never mark a real invoice paid, nor a live one be lost in a test install.
 */
export type StripeMode = 'live' | 'test';
export const stripeModeOf = (secretKey: string): StripeMode =>
  /^(sk|rk)_live_/.test(secretKey) ? 'live' : 'test';

export function stripeClient(s: StripeSettings & { secretKey: string }): Stripe {
  const base = new URL(s.apiBaseUrl);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(s.secretKey, {
    host: base.hostname,
    port: base.port ? Number(base.port) : protocol === 'http' ? 80 : 443,
    protocol,
    // The SDK retries a failed request with the same idempotency key; our keys come from our rows.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Washdesk' },
  });
}

export type { Stripe };
