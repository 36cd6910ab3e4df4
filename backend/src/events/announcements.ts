import {
  appointmentServiceLabel,
  wizardServiceLabel,
  type PhotoSubmission,
  type ServiceRequest,
} from '@washdesk/contract';
import type { NewLiveEvent } from './event.repository.ts';

// What each change is called when it is announced: one line, naming no more than the screens do.

const SOURCE_WORDS: Record<string, string> = {
  'photo-form': 'photo form',
  'ai-analysis': 'photo form (AI quote)',
  'quote-tool': 'quote tool',
};

export const submissionCreated = (s: PhotoSubmission): NewLiveEvent => ({
  type: 'submission.created',
  entityId: s.id,
  summary: `New photo submission from ${s.customerName ?? `Customer #${s.id}`} (${SOURCE_WORDS[s.source] ?? s.source})`,
});

export const serviceRequestCreated = (r: ServiceRequest): NewLiveEvent => ({
  type: 'service-request.created',
  entityId: r.id,
  summary: `New request from ${`${r.firstName} ${r.lastName}`.trim()}: ${wizardServiceLabel(r.serviceType)}`,
});

/** A call as staff see it named: the customer's name when the number is known, else the number. */
type CallRef = { id: number; customerName: string | null; phoneNumber: string };
const caller = (c: CallRef) => c.customerName ?? c.phoneNumber;

export const callArrived = (c: CallRef): NewLiveEvent => ({
  type: 'call.created',
  entityId: c.id,
  summary: `Call from ${caller(c)}, answered by the assistant`,
});
export const callMissed = (c: CallRef): NewLiveEvent => ({
  type: 'call.missed',
  entityId: c.id,
  summary: `Missed call from ${caller(c)}`,
});
export const callbackRequested = (c: CallRef, task?: { reason: string; urgent: boolean }): NewLiveEvent => ({
  type: 'call.callback-requested',
  entityId: c.id,
  summary: task
    ? `${task.urgent ? 'Urgent: call' : 'Call'} ${caller(c)} back. ${task.reason}`
    : `${caller(c)} asked to be called back`,
});
export const callChanged = (c: CallRef, what: string): NewLiveEvent => ({
  type: 'call.updated',
  entityId: c.id,
  summary: `Call from ${caller(c)} ${what}`,
});
export const appointmentBooked = (
  a: {
    id: number;
    customerName: string;
    /** The stored value: the announcement says its label. */
    serviceType: string;
    scheduledDate: string;
    preferredTime: string | null;
  },
  by: string,
  actorUserId: number | null = null,
): NewLiveEvent => ({
  type: 'appointment.created',
  entityId: a.id,
  summary: `${a.customerName}: ${appointmentServiceLabel(a.serviceType)} on ${a.scheduledDate}${a.preferredTime ? ` at ${a.preferredTime}` : ''}, booked ${by}`,
  actorUserId,
});

export const messageReceived = (conversationId: number, displayName: string): NewLiveEvent => ({
  type: 'message.received',
  entityId: conversationId,
  summary: `New Messenger message from ${displayName}`,
});

export const conversationChanged = (conversationId: number, what: string): NewLiveEvent => ({
  type: 'message.updated',
  entityId: conversationId,
  summary: what,
});

export const appointmentChanged = (
  a: {
    id: number;
    customerName: string;
    status: string;
    scheduledDate: string;
    preferredTime: string | null;
  },
  by: { id: number; name: string },
): NewLiveEvent => ({
  type: 'appointment.updated',
  entityId: a.id,
  summary: `${a.customerName}'s appointment (${a.scheduledDate}${a.preferredTime ? ` at ${a.preferredTime}` : ''}) is ${a.status}, changed by ${by.name}`,
  actorUserId: by.id,
});

/**
 * A sent quote's news, named by its customer as the submission's card names them. A quote made
 * from another lead or a customer's record has no submission (entityId null: Requests).
 */
type QuoteRef = { submissionId: number | null; customerName: string; amount: string };

export const quoteOpened = (q: QuoteRef): NewLiveEvent => ({
  type: 'quote.opened',
  entityId: q.submissionId,
  summary: `${q.customerName} opened their quote (${q.amount})`,
});
export const quoteAccepted = (q: QuoteRef): NewLiveEvent => ({
  type: 'quote.accepted',
  entityId: q.submissionId,
  summary: `${q.customerName} accepted their quote (${q.amount}): book the job`,
});
export const quoteQuestionAsked = (q: QuoteRef): NewLiveEvent => ({
  type: 'quote.question-asked',
  entityId: q.submissionId,
  summary: `${q.customerName} asked a question about their quote (${q.amount})`,
});
