import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { TwilioApi } from '../phone/twilio-client.ts';
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
  ) {
    super(message);
  }
}

/** Why a channel cannot send on a server without it set up (shown on screens, stored on rows). */
export const CHANNEL_NOT_CONFIGURED: Record<OutboxChannel, string> = {
  text: 'Text messages are not configured (Twilio)',
  email: 'E-mail is not configured (SMTP_URL)',
};

/** How many of the number's latest texts are compared when reconciling after a crash. */
const RECONCILE_WINDOW = 50;
/** Twilio's clock and ours may disagree a little; a text created this long before the claim still counts. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * Texts. Twilio's Messages API takes no idempotency key, so a row whose sender died after the
 * request and before recording the answer is reconciled against Twilio's own list of texts to
 * that number (the same body, created after the claim, with a SID no other row holds) before it
 * is sent again. A retry thus sends again only what Twilio never took.
 */
export function textSender(
  twilio: TwilioApi,
  statusCallbackUrl: () => string,
  isRecorded: (sid: string) => boolean,
): OutboxSender {
  return {
    async send(message) {
      try {
        const sent = await twilio.sendText(message.recipient, message.body, {
          statusCallback: statusCallbackUrl(),
        });
        return { providerId: sent.sid, deliveryStatus: sent.status || null };
      } catch (error) {
        const { status, code, message: text } = error as { status?: number; code?: number; message?: string };
        // 4xx other than rate limits and credentials: Twilio refused this message (21211 bad
        // number, 21610 the phone replied STOP, 21614 not a mobile); sending it again cannot help.
        const permanent =
          status !== undefined && status >= 400 && status < 500 && ![401, 429].includes(status);
        throw new SendFailure(
          `Twilio ${status ?? 'unreachable'}${code ? ` (${code})` : ''}: ${text ?? ''}`,
          permanent,
        );
      }
    },
    async findSent(message) {
      const claimedAt = Date.parse(message.claimedAt ?? message.createdAt);
      const recent = await twilio.recentTextsTo(message.recipient, RECONCILE_WINDOW);
      const match = recent.find(
        (t) =>
          t.body === message.body &&
          (t.dateCreated === null || t.dateCreated.getTime() >= claimedAt - CLOCK_SKEW_MS) &&
          !isRecorded(t.sid),
      );
      return match?.sid ?? null;
    },
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
