import {
  APPOINTMENT_SERVICE_LABELS_ES,
  APPOINTMENT_SERVICE_OPTIONS,
  DEFAULT_SUBMISSION_SERVICE_LABEL,
  type PhotoFormServiceType,
} from './enums.ts';
import type { Language } from './language.ts';
import { ADVERTISED_PRICES, type PricedSurface } from './prices.ts';

// Our service names in the customer's language (issue 37): the one rule. What we store for staff
// (a job's and an invoice's lines, a plan's title) is in English, our own names; what a customer
// reads (the quote we send, the invoice page and its messages, the plan-visit page and its
// reminders) says each name we know in their language. A name staff typed stays as written.

/** The advertised surfaces as a Spanish quote names them (the public catalogs' `option.surface.*`). */
export const SURFACE_LABELS_ES: Record<PricedSurface, string> = {
  house_soft_wash: 'Lavado suave de la casa',
  roof_cleaning: 'Limpieza de techo',
  moss_removal: 'Eliminación de musgo',
  concrete_cleaning: 'Limpieza de concreto',
};
/** The photo form's service types (the public catalogs' `photoForm.service.*`). */
export const SERVICE_TYPE_LABELS_ES: Record<
  PhotoFormServiceType | typeof DEFAULT_SUBMISSION_SERVICE_LABEL,
  string
> = {
  'House Soft Wash': 'Lavado suave de la casa',
  'Roof Cleaning': 'Limpieza de techo',
  'Driveway/Concrete Cleaning': 'Limpieza de entrada/concreto',
  'Deck/Patio Cleaning': 'Limpieza de terraza/patio',
  'Fence Cleaning': 'Limpieza de cerca',
  'Multiple Services': 'Varios servicios',
  'General Cleaning': 'Limpieza general',
};

/**
 * Every English name we write → its Spanish. The three lists agree where they share a name
 * ("Roof Cleaning"); the first English of a Spanish name is the one staff read back
 * (the surfaces' names first: a quote's lines are made from them).
 */
const PAIRS: [english: string, spanish: string][] = [
  ...ADVERTISED_PRICES.map((p): [string, string] => [p.label, SURFACE_LABELS_ES[p.surface]]),
  ...Object.entries(SERVICE_TYPE_LABELS_ES),
  ...APPOINTMENT_SERVICE_OPTIONS.map((o): [string, string] => [
    o.label,
    APPOINTMENT_SERVICE_LABELS_ES[o.value],
  ]),
];
const SPANISH_OF = new Map<string, string>();
const ENGLISH_OF = new Map<string, string>();
for (const [english, spanish] of PAIRS) {
  if (!SPANISH_OF.has(english)) SPANISH_OF.set(english, spanish);
  if (!ENGLISH_OF.has(spanish)) ENGLISH_OF.set(spanish, english);
}

/** One name, or a list we joined with ", ", in `language`; a name we do not know stays as it is. */
export const serviceNameIn = (name: string, language: Language): string =>
  language === 'es'
    ? name
        .split(', ')
        .map((one) => SPANISH_OF.get(one) ?? one)
        .join(', ')
    : name;

/**
 * A name we wrote in a customer's language, back in our English (a Spanish quote's lines becoming
 * the job's, which staff read); any other stays as it is.
 */
export const serviceNameInEnglish = (name: string): string =>
  name
    .split(', ')
    .map((one) => ENGLISH_OF.get(one) ?? one)
    .join(', ');

const SERVICE_KEY_OF = new Map<string, string>(APPOINTMENT_SERVICE_OPTIONS.map((o) => [o.label, o.value]));
const CONNECTOR: Record<Language, string> = { en: ' and ', es: ' y ' };

/**
 * "house wash and gutter cleaning" / "lavado de casa y limpieza de canaletas": what the customer
 * reads of a plan ("your house wash …"). `services` are the plan's (`house-wash`); staff's screens
 * show the English one.
 */
export const planTitle = (services: readonly { service: string }[], language: Language = 'en') =>
  services
    .map((s) => {
      const label = APPOINTMENT_SERVICE_OPTIONS.find((o) => o.value === s.service)?.label ?? s.service;
      return serviceNameIn(label, language).toLowerCase();
    })
    .join(CONNECTOR[language]);

/**
 * A plan's job's title for its customer: the plan's title made from the job's lines (our English
 * labels) in `language`. A title staff changed is what they wrote, in every language.
 */
export function planJobTitleIn(
  job: { title: string; lineItems: readonly { service: string }[] },
  language: Language,
) {
  const services = job.lineItems.map((l) => ({ service: SERVICE_KEY_OF.get(l.service) ?? l.service }));
  return planTitle(services) === job.title ? planTitle(services, language) : job.title;
}

const SERVICE_KEY_OF_LOWER = new Map<string, string>(
  APPOINTMENT_SERVICE_OPTIONS.map((o) => [o.label.toLowerCase(), o.value]),
);
/**
 * A title we made, as a customer reads it in `language`: a plan's ("house wash and gutter
 * cleaning"), a job's from a quote ("House Soft Washing, Roof Cleaning"), a visit's service. A
 * title staff wrote stays as written.
 */
export function serviceTitleIn(title: string, language: Language): string {
  if (language === 'en') return title;
  const keys = title.split(CONNECTOR.en).map((part) => SERVICE_KEY_OF_LOWER.get(part));
  if (keys.every((key) => key !== undefined)) return planTitle(keys.map((service) => ({ service })), language);
  return serviceNameIn(title, language);
}
