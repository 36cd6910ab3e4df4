import {
  dayFormat,
  fillTemplate,
  TEMPLATE_FIELDS,
  fromTheBusiness,
  type FollowThroughSettings,
  type Language,
  type MessageName,
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

/** The sample visit in the customer's language: a Spanish text is previewed as a Spanish customer reads it. */
const SAMPLE_SERVICE: Record<Language, string> = { en: SAMPLE_CUSTOMER.service, es: 'Lavado de casa' };
const dayOf = (ms: number, language: Language) =>
  dayFormat(language, Intl.DateTimeFormat().resolvedOptions().timeZone).format(ms);
/** A message's text name ("reminderTextEs") → the message and the language it is written in. */
export const messageOf = (name: TemplateName): { message: MessageName; language: Language } =>
  name.endsWith('Es')
    ? { message: name.slice(0, -2) as MessageName, language: 'es' }
    : { message: name as MessageName, language: 'en' };

export interface PreviewContext {
  businessName: string;
  phone: string;
  /** The server's public address, for the links. */
  origin: string;
  settings: Pick<FollowThroughSettings, 'reviewLink'>;
  now: number;
}

/** The values a sample customer gives each field of one message. */
export function sampleValues(name: TemplateName, ctx: PreviewContext): Record<TemplateField, string> {
  const { message, language } = messageOf(name);
  // A Spanish-speaking customer's page links open in Spanish (the server adds the same ?lang=es).
  const inSpanish = language === 'es' ? '?lang=es' : '';
  const links: Record<MessageName, string> = {
    missedCallText: `${ctx.origin}/photo-quote-tool${inSpanish}`,
    reminderText: `${ctx.origin}/visit/sample-visit-link${inSpanish}`,
    followUpFirstText: `${ctx.origin}/quote/sample-quote-link${inSpanish}`,
    followUpLaterText: `${ctx.origin}/quote/sample-quote-link${inSpanish}`,
    reviewText: ctx.settings.reviewLink || '(your review link)',
    reserviceText: '',
  };
  return {
    name: SAMPLE_CUSTOMER.name.split(' ')[0]!,
    link: links[message],
    phone: ctx.phone,
    service: SAMPLE_SERVICE[language],
    day: dayOf(ctx.now + 2 * 86_400_000, language),
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
