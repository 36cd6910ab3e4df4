import { queryOptions } from '@tanstack/react-query';
import {
  formatDollars,
  quoteSentSchema,
  submissionQuotesSchema,
  type PhotoSubmission,
  type QuoteDelivery,
  type SentQuote,
  type SentQuoteSummary,
} from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';
import { appointmentServiceOf } from '../appointments/appointment-service-of.ts';
import type { AppointmentFormValues } from '../appointments/appointment-form-values.ts';
import { submissionQueries } from './submission.queries.ts';

/** Under the submissions' key: every submission change and quote event refetches them too. */
export const sentQuoteQueries = {
  of: (api: ApiClient, submissionId: number) =>
    queryOptions({
      queryKey: [...submissionQueries.all, submissionId, 'quotes'],
      queryFn: () => api.get(`/api/photo-submissions/${submissionId}/quotes`, submissionQuotesSchema),
    }),
};

/** "Send quote": stores the quote, then e-mails and texts it where the server can. */
export const sendQuote = (api: ApiClient, submissionId: number, estimateAmount: string) =>
  api.send('POST', `/api/photo-submissions/${submissionId}/quotes`, { estimateAmount }, quoteSentSchema);

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A card's one line about its newest quote: what the customer has done with it so far. */
export function quoteStateLine(q: SentQuoteSummary): string {
  if (q.state === 'accepted' && q.acceptedAt) return `Quote accepted ${when(q.acceptedAt)}`;
  if (q.state === 'expired') return 'Quote expired';
  if (q.state === 'superseded') return 'Quote replaced';
  if (q.openedAt) return `Quote opened ${when(q.openedAt)}`;
  return `Quote sent ${when(q.sentAt)}, not opened yet`;
}

const CHANNEL = { email: 'E-mail', sms: 'Text' } as const;

/** One delivery as staff read it: never "sent" unless the provider took it. */
export function deliveryLine(d: QuoteDelivery): string {
  const channel = CHANNEL[d.channel];
  switch (d.outcome) {
    case 'sent':
      return `${channel} sent to ${d.recipient} ${when(d.at)}`;
    case 'failed':
      return `${channel} to ${d.recipient ?? 'the customer'} failed: ${d.problem ?? 'no reason given'}`;
    case 'not-configured':
      return `${channel} not sent: not configured on this server`;
    case 'no-recipient':
      return `${channel} not sent: ${d.problem ?? 'no address'}`;
  }
}

export const formatQuoteTime = when;

/** "Book the job": the appointment dialog filled from the submission and its accepted quote. */
export function jobBookingOf(s: PhotoSubmission, quote: SentQuote): Partial<AppointmentFormValues> {
  return {
    customerName: s.customerName ?? '',
    customerPhone: s.phone ?? '',
    customerEmail: s.email ?? '',
    address: s.address ?? '',
    serviceType: appointmentServiceOf(s.serviceType),
    notes: `Quote accepted online: ${formatDollars(quote.amount)} (photo submission #${s.id}).`,
  };
}
