import type { AiResponse } from '@washdesk/contract';

const COMMON_TITLES: Record<string, string> = {
  'service-areas': 'Service Areas',
  pricing: 'Pricing Information',
  process: 'Service Process',
};

/** One knowledge id from the log ("faq:12", "common:pricing", "prices") in staff's words. */
export function knowledgeLabel(id: string): string {
  const [kind, key] = id.split(':');
  if (kind === 'faq') return `FAQ entry #${key}`;
  if (kind === 'common') return `Common response: ${COMMON_TITLES[key ?? ''] ?? key}`;
  if (kind === 'prices') return 'Advertised prices';
  if (kind === 'services') return 'List of services';
  if (kind === 'profile') return 'Business profile';
  return id;
}

/** Who wrote an answer and from what, for the line under it. */
export function answerSource(response: Pick<AiResponse, 'answeredBy' | 'knowledgeUsed'>): string {
  const writer = response.answeredBy === 'model' ? 'Written by the AI model' : 'Said without the AI model';
  if (response.knowledgeUsed.length === 0) return `${writer}; no knowledge used`;
  return `${writer}, from ${response.knowledgeUsed.map(knowledgeLabel).join(', ')}`;
}
