/** The assistant's intent tags in words staff use; an unknown tag is shown as stored. */
const INTENT_LABELS: Record<string, string> = {
  service_inquiry: 'Service inquiry',
  quote_request: 'Quote request',
  scheduling: 'Scheduling',
  pricing: 'Pricing',
  service_area: 'Service area',
  handoff: 'Asked for a person',
  other: 'Other',
};

export const intentLabel = (intent: string) => INTENT_LABELS[intent] ?? intent;
