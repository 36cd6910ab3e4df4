import { queryOptions } from '@tanstack/react-query';
import {
  CHANNEL_LABELS,
  formatCents,
  quoteSentSchema,
  sentQuoteSchema,
  submissionQuotesSchema,
  type PhotoSubmissionRow,
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

/** "Answer a question": sent by e-mail and text where configured, or noted as answered by phone. */
export const answerQuestion = (
  api: ApiClient,
  submissionId: number,
  questionId: number,
  reply: { answer: string; how: 'send' | 'phoned' },
) =>
  api.send(
    'POST',
    `/api/photo-submissions/${submissionId}/quotes/questions/${questionId}/answer`,
    reply,
    sentQuoteSchema,
  );

/** Staff copied the quote's link to pass on: recorded, so the card says the customer can have it. */
export const recordLinkCopied = (api: ApiClient, submissionId: number, quoteId: number) =>
  api.send(
    'POST',
    `/api/photo-submissions/${submissionId}/quotes/${quoteId}/link-copied`,
    undefined,
    sentQuoteSchema,
  );

const SENT_WORDS = { email: 'e-mail', text: 'text' } as const;

/**
 * A card's one line about its newest quote: whether the customer has it (and how), then what they
 * have done with it. A quote nothing sent and nobody copied is said to be not sent.
 */
export function quoteStateLine(q: SentQuoteSummary): string {
  if (q.state === 'accepted' && q.acceptedAt) return `Quote accepted ${when(q.acceptedAt)}`;
  if (q.state === 'expired') return 'Quote expired';
  if (q.state === 'superseded') return 'Quote replaced';
  if (q.openedAt) return `Quote opened ${when(q.openedAt)}`;
  const sentBy = q.reachedBy.flatMap((c) => (c === 'link' ? [] : [SENT_WORDS[c]]));
  if (sentBy.length) return `Quote sent by ${sentBy.join(' and ')} ${when(q.sentAt)}, not opened yet`;
  if (q.reachedBy.includes('link')) return 'Quote link copied for the customer, not opened yet';
  return 'Quote not sent to the customer yet: copy its link or send it again';
}

/** The card's line for a submission marked quoted with "Save Quote" and no quote sent. */
export const NOT_SENT_YET = 'Not sent to the customer yet';

/** The card's line about the customer's unanswered questions, if any. */
export const openQuestionsLine = (q: SentQuoteSummary | null | undefined) =>
  q && q.openQuestions > 0
    ? `${q.openQuestions === 1 ? 'A question' : `${q.openQuestions} questions`} from the customer to answer`
    : null;

/** One delivery as staff read it: never "sent" unless the provider took it. */
export function deliveryLine(d: QuoteDelivery): string {
  const channel = CHANNEL_LABELS[d.channel];
  switch (d.outcome) {
    case 'copied':
      return `Link copied to pass on ${when(d.at)}`;
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
export function jobBookingOf(s: PhotoSubmissionRow, quote: SentQuote): Partial<AppointmentFormValues> {
  return {
    customerName: s.customerName ?? '',
    customerPhone: s.phone ?? '',
    customerEmail: s.email ?? '',
    address: s.address ?? '',
    serviceType: appointmentServiceOf(s.serviceType),
    notes: `Quote accepted online: ${formatCents(quote.amountCents)} (photo submission #${s.id}).`,
  };
}
