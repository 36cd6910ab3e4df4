import nodemailer from 'nodemailer';
import { accountContinuePath, accountLinkText, phoneKeyOf, phoneNumberOf } from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { BusinessTexts, TextPurpose } from '../texts/business-texts.ts';
import type { AccountRepository } from './account.repository.ts';

// Sending a sign-in link. The key is made, its hash stored, and the key put only into the text
// or e-mail: never into the outbox, a thread or a log (an outbox row would show it to staff and
// keep it in every backup). The text goes through the ONE gated sender (STOP never bypassed); a
// link is asked for right now, so it is not held for quiet hours, and the customer can ask again
// if a send fails (a link is good for an hour; no retry queue is needed).

export type LinkChannel = 'text' | 'email';
export interface LinkOutcome {
  channel: LinkChannel;
  outcome: 'sent' | 'failed' | 'not-configured' | 'no-recipient';
  problem: string | null;
}

/** A stalled SMTP server is given up on after this (staff wait for the answer). */
const SMTP_TIMEOUT_MS = 15_000;
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/** A contact as typed: a phone number (its one key) or an e-mail address, else null. */
export function contactOf(typed: string): { key: string; channel: LinkChannel; to: string } | null {
  const text = typed.trim();
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) {
    const email = text.toLowerCase();
    return { key: `email:${email}`, channel: 'email', to: email };
  }
  const key = phoneKeyOf(text);
  const number = phoneNumberOf(text);
  return key && number ? { key, channel: 'text', to: number } : null;
}

export function accountLinkSender(deps: {
  config: Config;
  texts: BusinessTexts | null;
  links: Pick<AccountRepository, 'mintLink'>;
  publicUrl: () => string;
}) {
  const { config, texts } = deps;
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
    configured: { text: texts !== null, email: transport !== null },
    /** Makes a link for this customer and sends it to `to`; says what happened, never throws. */
    async send(link: {
      customerId: number;
      channel: LinkChannel;
      to: string | null;
      requestedBy: 'customer' | 'staff';
      now: number;
    }): Promise<LinkOutcome> {
      const base = { channel: link.channel };
      if (link.channel === 'text' && !texts)
        return { ...base, outcome: 'not-configured', problem: 'Text messages are not configured (Twilio)' };
      if (link.channel === 'email' && !transport)
        return { ...base, outcome: 'not-configured', problem: 'E-mail is not configured (SMTP_URL)' };
      const to = link.channel === 'text' ? phoneNumberOf(link.to) : link.to;
      if (!to)
        return {
          ...base,
          outcome: 'no-recipient',
          problem: `The customer gave no ${link.channel === 'text' ? 'phone number' : 'e-mail address'}`,
        };
      const token = deps.links.mintLink({ ...link, now: link.now });
      const body = accountLinkText(config.business.name, `${deps.publicUrl()}${accountContinuePath(token)}`);
      try {
        if (link.channel === 'email') {
          await transport!.sendMail({
            from: { name: config.business.name, address: from },
            replyTo: config.business.email,
            to,
            subject: `Your sign-in link for ${config.business.name}`,
            text: body,
          });
          return { ...base, outcome: 'sent', problem: null };
        }
        // The customer (or staff for them) asked for it now: no quiet hours; STOP still applies.
        const purpose: TextPurpose = link.requestedBy === 'staff' ? 'staff' : 'reply';
        const outcome = await texts!.send(to, body, { purpose });
        return outcome.sent
          ? { ...base, outcome: 'sent', problem: null }
          : { ...base, outcome: 'failed', problem: `No text sent: ${outcome.reason}` };
      } catch (error) {
        return { ...base, outcome: 'failed', problem: reasonOf(error) };
      }
    },
  };
}
export type AccountLinkSender = ReturnType<typeof accountLinkSender>;
