import { WIZARD_SERVICE_OPTIONS, type PhotoSubmission, type ServiceRequest } from '@washdesk/contract';
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
  summary: `New request from ${`${r.firstName} ${r.lastName}`.trim()}: ${
    WIZARD_SERVICE_OPTIONS.find((o) => o.value === r.serviceType)?.label ?? r.serviceType
  }`,
});
