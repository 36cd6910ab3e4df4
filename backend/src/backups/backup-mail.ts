import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { roleCan } from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { UserRepository } from '../auth/user.repository.ts';

/**
 * A failed backup is e-mailed to everyone active who may run backups (the owner, by the role
 * matrix) when SMTP_URL is set; without it, the live announcement and Settings are where staff
 * learn of it. Never throws: a backup failure must not
 * become a server fault because the mail server is down too.
 */
export function mailOwners(config: Config, users: UserRepository, logger?: Logger) {
  const { smtpUrl, from } = config.providers.email;
  if (!smtpUrl) return undefined;
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    socketTimeout: 15_000,
  });
  return async (subject: string, text: string) => {
    const to = users
      .list()
      .filter((u) => roleCan(u.role, 'backups') && !u.disabled)
      .map((u) => u.email);
    if (to.length === 0) return;
    try {
      await transport.sendMail({ from: `${config.business.name} <${from}>`, to, subject, text });
    } catch (error) {
      logger?.error({ err: error }, 'Could not e-mail the backup failure');
    }
  };
}
