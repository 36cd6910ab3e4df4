import type { LiveEventType } from '@washdesk/contract';

/**
 * Which cached lists and figures each kind of event makes stale: the first element of their
 * react-query keys. Refetching is left to react-query, so only what is on screen reloads.
 * Anything that adds to a customer's timeline makes 'customers' stale.
 */
const STALE_AFTER: Record<LiveEventType, readonly string[]> = {
  'call.created': ['customers', 'calls', 'stats', 'reports'],
  'call.missed': ['customers', 'leads', 'calls', 'stats', 'reports', 'me-new'],
  'call.callback-requested': ['customers', 'leads', 'calls', 'ai-responses', 'me-new'],
  // A call's end brings its summary and the answers of its turns; a booking may have been made.
  'call.updated': ['customers', 'calls', 'ai-responses', 'appointments', 'stats', 'reports'],
  'message.updated': ['messenger', 'ai-responses'],
  'message.received': ['customers', 'leads', 'messenger', 'ai-responses', 'me-new'],
  'submission.created': ['customers', 'leads', 'photo-submissions', 'stats', 'reports', 'me-new'],
  'service-request.created': ['customers', 'leads', 'service-requests', 'stats', 'reports', 'me-new'],
  // The inbox shows a lead's booked estimate visit ("Book estimate"), its date and its status.
  'appointment.created': ['customers', 'appointments', 'calls', 'leads', 'stats', 'reports'],
  'appointment.updated': ['customers', 'appointments', 'calls', 'leads', 'stats', 'reports'],
  // A submission's quotes live under its key; acceptance moves the lead to won.
  'quote.opened': ['photo-submissions'],
  'quote.accepted': ['customers', 'photo-submissions', 'leads', 'stats', 'reports'],
  'quote.question-asked': ['photo-submissions'],
  'backup.failed': ['backups'],
  // Texts on the business number: the Texts screen and the customer's timeline.
  'text.received': ['customers', 'texts'],
  'text.updated': ['customers', 'texts'],
};

export const staleAfter = (type: string): readonly string[] =>
  (STALE_AFTER as Record<string, readonly string[]>)[type] ?? [];
