import type { LiveEventType } from '@washdesk/contract';

/**
 * Which cached lists and figures each kind of event makes stale: the first element of their
 * react-query keys. Refetching is left to react-query, so only what is on screen reloads.
 */
const STALE_AFTER: Record<LiveEventType, readonly string[]> = {
  'call.created': ['calls', 'stats', 'reports'],
  'call.missed': ['leads', 'calls', 'stats', 'reports', 'me-new'],
  'call.callback-requested': ['leads', 'calls', 'ai-responses', 'me-new'],
  // A call's end brings its summary and the answers of its turns; a booking may have been made.
  'call.updated': ['calls', 'ai-responses', 'appointments', 'stats', 'reports'],
  'message.updated': ['messenger', 'ai-responses'],
  'message.received': ['leads', 'messenger', 'ai-responses', 'me-new'],
  'submission.created': ['leads', 'photo-submissions', 'stats', 'reports', 'me-new'],
  'service-request.created': ['leads', 'service-requests', 'stats', 'reports', 'me-new'],
  // The inbox shows a lead's booked estimate visit ("Book estimate"), its date and its status.
  'appointment.created': ['appointments', 'calls', 'leads', 'stats', 'reports'],
  'appointment.updated': ['appointments', 'calls', 'leads', 'stats', 'reports'],
  // A submission's quotes live under its key; acceptance moves the lead to won.
  'quote.opened': ['photo-submissions'],
  'quote.accepted': ['photo-submissions', 'leads', 'stats', 'reports'],
  'quote.question-asked': ['photo-submissions'],
};

export const staleAfter = (type: string): readonly string[] =>
  (STALE_AFTER as Record<string, readonly string[]>)[type] ?? [];
