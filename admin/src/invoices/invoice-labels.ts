import { Intent } from '@blueprintjs/core';
import type { InvoiceMessage, InvoiceStatus } from '@washdesk/contract';

export const statusIntent = (status: InvoiceStatus) =>
  status === 'paid' ? Intent.SUCCESS : status === 'void' ? Intent.NONE : Intent.WARNING;

const MESSAGE_KINDS: Record<InvoiceMessage['kind'], string> = {
  invoice: 'Invoice',
  reminder: 'Reminder',
  receipt: 'Receipt',
};

/** What happened to one message, in the outbox's own words: never "sent" before it was. */
export function messageLine(m: InvoiceMessage): string {
  const what = `${MESSAGE_KINDS[m.kind]} by ${m.channel === 'text' ? 'text' : 'e-mail'} to ${m.recipient}`;
  const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  switch (m.state) {
    case 'sent':
      return `${what}: sent ${m.sentAt ? when(m.sentAt) : ''}`.trim();
    case 'pending':
      return `${what}: waiting to go ${when(m.dueAt)}${m.problem ? ` (${m.problem})` : ''}`;
    case 'sending':
      return `${what}: sending`;
    case 'failed':
      return `${what}: not sent${m.problem ? ` (${m.problem})` : ''}`;
    case 'cancelled':
      return `${what}: not sent${m.problem ? ` (${m.problem})` : ''}`;
  }
}
