import { channelsOf } from './channels.ts';
// The fixed lists of the product spec (sections 3 and 4). Values are stored in the database
// and sent over the wire; labels are what people read.

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

const values = <V extends string>(options: readonly Option<V>[]) =>
  options.map((o) => o.value) as [V, ...V[]];

/** A stored value as people read it; an older or unknown value is shown as stored rather than hidden. */
export const labelOf = (options: readonly Option[], value: string | null | undefined): string =>
  options.find((o) => o.value === value)?.label ?? value ?? '';

/** Services staff can book an appointment for. */
export const APPOINTMENT_SERVICE_OPTIONS = [
  { value: 'house-wash', label: 'House Wash' },
  { value: 'roof-cleaning', label: 'Roof Cleaning' },
  { value: 'driveway-cleaning', label: 'Driveway Cleaning' },
  { value: 'concrete-cleaning', label: 'Concrete Cleaning' },
  { value: 'deck-cleaning', label: 'Deck Cleaning' },
  { value: 'fence-cleaning', label: 'Fence Cleaning' },
  { value: 'gutter-cleaning', label: 'Gutter Cleaning' },
  { value: 'window-washing', label: 'Window Washing' },
  { value: 'multiple-services', label: 'Multiple Services' },
] as const satisfies readonly Option[];
export const APPOINTMENT_SERVICE_TYPES = values(APPOINTMENT_SERVICE_OPTIONS);
export type AppointmentServiceType = (typeof APPOINTMENT_SERVICE_TYPES)[number];
/** The one lookup of an appointment's service label: screens, announcements, the calendar, the assistant. */
export const appointmentServiceLabel = (value: string) => labelOf(APPOINTMENT_SERVICE_OPTIONS, value);
/** The same services as a Spanish-speaking customer reads them (issue 37); staff screens keep English. */
export const APPOINTMENT_SERVICE_LABELS_ES: Record<AppointmentServiceType, string> = {
  'house-wash': 'Lavado de casa',
  'roof-cleaning': 'Limpieza de techo',
  'driveway-cleaning': 'Limpieza de entrada',
  'concrete-cleaning': 'Limpieza de concreto',
  'deck-cleaning': 'Limpieza de terraza',
  'fence-cleaning': 'Limpieza de cerca',
  'gutter-cleaning': 'Limpieza de canaletas',
  'window-washing': 'Lavado de ventanas',
  'multiple-services': 'Varios servicios',
};

/** Hourly slots 8 AM to 4 PM; the value is what staff and customers read. */
export const PREFERRED_TIMES = [
  '8:00 AM',
  '9:00 AM',
  '10:00 AM',
  '11:00 AM',
  '12:00 PM',
  '1:00 PM',
  '2:00 PM',
  '3:00 PM',
  '4:00 PM',
] as const;
export type PreferredTime = (typeof PREFERRED_TIMES)[number];

/** Services on the public photo form; the spec names them only by label, so label = value. */
export const PHOTO_FORM_SERVICE_TYPES = [
  'House Soft Wash',
  'Roof Cleaning',
  'Driveway/Concrete Cleaning',
  'Deck/Patio Cleaning',
  'Fence Cleaning',
  'Multiple Services',
] as const;
export type PhotoFormServiceType = (typeof PHOTO_FORM_SERVICE_TYPES)[number];
/** Shown where a submission has no service type. */
export const DEFAULT_SUBMISSION_SERVICE_LABEL = 'General Cleaning';

/** Services offered in the customer wizard on `/`. */
export const WIZARD_SERVICE_OPTIONS = [
  { value: 'house-washing', label: 'House Washing' },
  { value: 'roof-cleaning', label: 'Roof Cleaning' },
  { value: 'deck-cleaning', label: 'Deck & Patio Cleaning' },
  { value: 'gutter-cleaning', label: 'Gutter Cleaning' },
  { value: 'window-cleaning', label: 'Window Cleaning' },
  { value: 'pressure-washing', label: 'Pressure Washing' },
] as const satisfies readonly Option[];
export const WIZARD_SERVICE_TYPES = values(WIZARD_SERVICE_OPTIONS);
export type WizardServiceType = (typeof WIZARD_SERVICE_TYPES)[number];
export const wizardServiceLabel = (value: string) => labelOf(WIZARD_SERVICE_OPTIONS, value);

export const PROPERTY_TYPE_OPTIONS = [
  { value: 'residential', label: 'Residential' },
  { value: 'commercial', label: 'Commercial' },
  { value: 'apartment', label: 'Apartment / Condo' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];
export const PROPERTY_TYPES = values(PROPERTY_TYPE_OPTIONS);
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const URGENCY_OPTIONS = [
  { value: 'asap', label: 'As soon as possible' },
  { value: 'week', label: 'Within a week' },
  { value: 'month', label: 'Within a month' },
  { value: 'flexible', label: 'Flexible' },
] as const satisfies readonly Option[];
export const URGENCIES = values(URGENCY_OPTIONS);
export type Urgency = (typeof URGENCIES)[number];

/** pending → reviewed → quoted; `completed` is a finished job (the dashboard counts it as quoted). */
export const SUBMISSION_STATUSES = ['pending', 'reviewed', 'quoted', 'completed'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** Where a submission came from, so staff know what the customer saw. */
export const SUBMISSION_SOURCES = ['photo-form', 'ai-analysis', 'quote-tool', 'wizard'] as const;
export type SubmissionSource = (typeof SUBMISSION_SOURCES)[number];

export const APPOINTMENT_STATUSES = ['scheduled', 'completed', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Who created an appointment: staff in the admin, the phone assistant, or a web request. */
export const APPOINTMENT_SOURCES = ['staff', 'phone', 'web'] as const;
export type AppointmentSource = (typeof APPOINTMENT_SOURCES)[number];

export const CALL_STATUSES = ['in-progress', 'completed', 'missed'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/**
 * FAQ categories as the spec names them (section 4): stored and sent as these names, because a
 * client written against the spec sends and shows them as they are.
 */
export const FAQ_CATEGORY_OPTIONS = [
  { value: 'Services', label: 'Services' },
  { value: 'Pricing', label: 'Pricing' },
  { value: 'Service Areas', label: 'Service Areas' },
  { value: 'Process', label: 'Process' },
  { value: 'Scheduling', label: 'Scheduling' },
  { value: 'General', label: 'General' },
] as const satisfies readonly Option[];
export const FAQ_CATEGORIES = values(FAQ_CATEGORY_OPTIONS);
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];
/** The slugs the API sent before, still accepted on input (migration 0017 renamed stored rows). */
export const FAQ_CATEGORY_SLUGS = {
  services: 'Services',
  pricing: 'Pricing',
  'service-areas': 'Service Areas',
  process: 'Process',
  scheduling: 'Scheduling',
  general: 'General',
} as const satisfies Record<string, FaqCategory>;

export const COMMON_RESPONSE_IDS = ['service-areas', 'pricing', 'process'] as const;
export type CommonResponseId = (typeof COMMON_RESPONSE_IDS)[number];

/** 'text': texts on the business number (issue 25), answered like a chat. */
export const AI_RESPONSE_CHANNELS = channelsOf('phone', 'messenger', 'text');
export type AiResponseChannel = (typeof AI_RESPONSE_CHANNELS)[number];

/** The intents the assistant tags each answer with. */
export const AI_INTENTS = [
  'service_inquiry',
  'quote_request',
  'scheduling',
  'pricing',
  'service_area',
  /** The customer asked for a person. */
  'handoff',
  'other',
] as const;
export type AiIntent = (typeof AI_INTENTS)[number];

/** Who wrote an answer: the AI model, or the no-model path from the FAQ and common responses. */
export const AI_ANSWER_SOURCES = ['model', 'fallback'] as const;
export type AiAnswerSource = (typeof AI_ANSWER_SOURCES)[number];

export const CONVERSATION_STATUSES = ['active', 'archived'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** `customer` writes from Messenger; `staff` from the admin; `assistant` is the AI. */
export const MESSAGE_SENDERS = ['customer', 'staff', 'assistant'] as const;
export type MessageSender = (typeof MESSAGE_SENDERS)[number];

/** A staff or assistant message is only `sent` once Meta accepted it. */
export const MESSAGE_DELIVERY_STATUSES = ['received', 'pending', 'sent', 'not_delivered'] as const;
export type MessageDeliveryStatus = (typeof MESSAGE_DELIVERY_STATUSES)[number];

export const SERVICE_REQUEST_STATUSES = ['new', 'contacted', 'scheduled', 'closed'] as const;
export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];
