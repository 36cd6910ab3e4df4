import nodemailer from 'nodemailer';
import { phoneNumberOf, type QuoteDeliveryChannel, type QuoteDeliveryOutcome } from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { BusinessTexts } from '../texts/business-texts.ts';

// The two ways a quote reaches a customer. Each answers what happened, never throws: a failed
// e-mail must not lose the quote, whose link staff can still copy.

export interface DeliveryResult {
  channel: QuoteDeliveryChannel;
  outcome: QuoteDeliveryOutcome;
  recipient: string | null;
  problem: string | null;
}

export interface QuoteDelivery {
  /** Whether each channel is set up on this server (the dialog says which are not). */
  configured: Record<QuoteDeliveryChannel, boolean>;
  email(to: string | null, message: { subject: string; text: string }): Promise<DeliveryResult>;
  sms(to: string | null, body: string): Promise<DeliveryResult>;
}

/**
 * A staff member waits for the answer of "Send quote": an SMTP server that stalls is given up on
 * after this and reported as a failure (the link still works).
 */
const SMTP_TIMEOUT_MS = 15_000;

/** Why a channel did not send on a server without it set up (also the demo's quotes, see demo-quotes.ts). */
export const NOT_CONFIGURED: Record<QuoteDeliveryChannel, string> = {
  email: 'E-mail is not configured (SMTP_URL)',
  text: 'Text messages are not configured (Twilio)',
};

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

export function quoteDeliveryFromConfig(config: Config, texts: BusinessTexts | null): QuoteDelivery {
  const { smtpUrl, from } = config.providers.email;
  const transport = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      })
    : null;
  return {
    configured: { email: transport !== null, text: texts !== null },
    async email(to, message) {
      const base = { channel: 'email' as const, recipient: to };
      if (!transport) return { ...base, outcome: 'not-configured', problem: NOT_CONFIGURED.email };
      if (!to) return { ...base, outcome: 'no-recipient', problem: 'The customer gave no e-mail address' };
      try {
        await transport.sendMail({
          from: { name: config.business.name, address: from },
          replyTo: config.business.email,
          to,
          subject: message.subject,
          text: message.text,
        });
        return { ...base, outcome: 'sent', problem: null };
      } catch (error) {
        return { ...base, outcome: 'failed', problem: reasonOf(error) };
      }
    },
    async sms(to, body) {
      const base = { channel: 'text' as const, recipient: to };
      if (!texts) return { ...base, outcome: 'not-configured', problem: NOT_CONFIGURED.text };
      if (!to) return { ...base, outcome: 'no-recipient', problem: 'The customer gave no phone number' };
      const number = phoneNumberOf(to);
      if (!number)
        return { ...base, outcome: 'failed', problem: `${to} is not a phone number a text can go to` };
      try {
        // Staff pressed the button: the sender's STOP (never bypassed) applies, quiet hours do not.
        // A text it held back is recorded as not sent, with its reason, never as sent.
        const outcome = await texts.send(number, body, { purpose: 'staff' });
        if (!outcome.sent) return { ...base, outcome: 'failed', problem: `No text sent: ${outcome.reason}` };
        return { ...base, outcome: 'sent', problem: null };
      } catch (error) {
        return { ...base, outcome: 'failed', problem: reasonOf(error) };
      }
    },
  };
}
