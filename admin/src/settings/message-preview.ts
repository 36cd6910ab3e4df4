import {
  fillTemplate,
  TEMPLATE_FIELDS,
  fromTheBusiness,
  type FollowThroughSettings,
  type TemplateField,
  type TemplateName,
} from '@washdesk/contract';

// What an automatic message will read like, filled with a sample customer, through the same
// filling the server sends with (the contract's `fillTemplate` and `fromTheBusiness`).

export const SAMPLE_CUSTOMER = {
  name: 'Dana Whitfield',
  service: 'House Wash',
  address: '512 Redwood Drive, Garberville',
  time: '10:00 AM',
} as const;

const dayOf = (ms: number) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' }).format(ms);

export interface PreviewContext {
  businessName: string;
  phone: string;
  /** The server's public address, for the links. */
  origin: string;
  settings: Pick<FollowThroughSettings, 'reviewLink'>;
  now: number;
}

/** The values a sample customer gives each field of one message. */
export function sampleValues(message: TemplateName, ctx: PreviewContext): Record<TemplateField, string> {
  const links: Record<TemplateName, string> = {
    missedCallText: `${ctx.origin}/photo-quote-tool`,
    reminderText: `${ctx.origin}/visit/sample-visit-link`,
    followUpFirstText: `${ctx.origin}/quote/sample-quote-link`,
    followUpLaterText: `${ctx.origin}/quote/sample-quote-link`,
    reviewText: ctx.settings.reviewLink || '(your review link)',
    reserviceText: '',
  };
  return {
    name: SAMPLE_CUSTOMER.name.split(' ')[0]!,
    link: links[message],
    phone: ctx.phone,
    service: SAMPLE_CUSTOMER.service,
    day: dayOf(ctx.now + 2 * 86_400_000),
    time: SAMPLE_CUSTOMER.time,
    address: SAMPLE_CUSTOMER.address,
  };
}

/** Only the fields this message may use are filled; any other stays as typed, for staff to see. */
export function previewOf(message: TemplateName, text: string, ctx: PreviewContext) {
  const values = sampleValues(message, ctx);
  const allowed = Object.fromEntries(TEMPLATE_FIELDS[message].map((field) => [field, values[field]]));
  return fromTheBusiness(ctx.businessName, fillTemplate(text, allowed));
}
