import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import { purposeOfOutboxText, TextNotSent, type BusinessTexts } from '../texts/business-texts.ts';
import type { OutboxChannel, OutboxMessage } from './outbox.repository.ts';

// How an outbox row reaches the customer: a text through the twilio SDK, an e-mail through
// nodemailer. A sender throws on failure; `permanent` on the error says a retry cannot help.

export interface OutboxSender {
  send(message: OutboxMessage): Promise<{ providerId: string; deliveryStatus: string | null }>;
  /**
   * After a crash between sending and recording: the provider's id for this message if it was
   * sent after all, null if it was not (or the provider cannot tell; see each sender).
   */
  findSent(message: OutboxMessage): Promise<string | null>;
}

export type OutboxSenders = Record<OutboxChannel, OutboxSender | null>;

export class SendFailure extends Error {
  constructor(
    message: string,
    /** True when the provider refused the message itself (a bad number, an opted-out phone). */
    readonly permanent: boolean,
    /** True when the provider may have taken it (no answer came): resolve before sending again. */
    readonly unknown = false,
  ) {
    super(message);
  }
}

/** The sender's own rules held the message back (STOP since it was queued; quiet hours). */
export class SendBlocked extends Error {
  constructor(
    reason: string,
    /** When it may go; undefined: never. */
    readonly until?: number,
  ) {
    super(reason);
  }
}

/** Why a channel cannot send on a server without it set up (shown on screens, stored on rows). */
export const CHANNEL_NOT_CONFIGURED: Record<OutboxChannel, string> = {
  text: 'Text messages are not configured (Twilio)',
  email: 'E-mail is not configured (SMTP_URL)',
};

/**
 * Texts, through the business's one gated sender (which applies STOP, consent and quiet hours
 * again as the text goes, whatever the gates said when the row was claimed). Twilio's Messages
 * API takes no idempotency key, so a row whose answer never came (a timeout, a reset, a crash
 * between sending and recording) is reconciled against Twilio's own list of texts to that number
 * (the same body, created after the claim, with a SID no other row holds) before it is sent
 * again: a retry sends only what Twilio is known not to have.
 */
export function textSender(
  texts: BusinessTexts,
  statusCallbackUrl: () => string,
  isRecorded: (sid: string) => boolean,
): OutboxSender {
  return {
    async send(message) {
      let outcome;
      try {
        outcome = await texts.send(message.recipient, message.body, {
          purpose: purposeOfOutboxText(message),
          statusCallback: statusCallbackUrl(),
          isRecorded,
        });
      } catch (error) {
        if (error instanceof TextNotSent)
          throw new SendFailure(error.message, error.permanent, error.unknown);
        throw error;
      }
      if (!outcome.sent) throw new SendBlocked(outcome.reason, outcome.until);
      return { providerId: outcome.sid, deliveryStatus: outcome.status };
    },
    findSent: (message) =>
      texts.findSent(
        message.recipient,
        message.body,
        Date.parse(message.claimedAt ?? message.createdAt),
        isRecorded,
      ),
  };
}

const SMTP_TIMEOUT_MS = 15_000;

/**
 * E-mails. SMTP cannot be asked what it delivered, so a row abandoned mid-send is sent again
 * with the same Message-ID (derived from its idempotency key): mail clients and Gmail show
 * messages with one Message-ID once, which is the dedupe the protocol offers.
 */
export function emailSender(config: Config): OutboxSender | null {
  const { smtpUrl, from } = config.providers.email;
  if (!smtpUrl) return null;
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  const domain = from.split('@')[1] ?? 'washdesk.local';
  const messageIdOf = (m: OutboxMessage) =>
    `<outbox-${createHash('sha256').update(m.idempotencyKey).digest('hex').slice(0, 32)}@${domain}>`;
  return {
    async send(message) {
      try {
        const messageId = messageIdOf(message);
        await transport.sendMail({
          from: { name: config.business.name, address: from },
          replyTo: config.business.email,
          to: message.recipient,
          subject: message.subject ?? config.business.name,
          text: message.body,
          messageId,
        });
        return { providerId: messageId, deliveryStatus: null };
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        // 5xx: the server refused this message (no such mailbox); 4xx and lost connections pass.
        throw new SendFailure(
          `SMTP ${code ?? 'unreachable'}: ${(error as Error).message}`.slice(0, 300),
          code !== undefined && code >= 500,
        );
      }
    },
    findSent: () => Promise.resolve(null),
  };
}
