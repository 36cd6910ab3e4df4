import {
  requestContactProblems,
  type PropertyType,
  type Urgency,
  type WizardServiceType,
} from '@washdesk/contract';

/** What the visitor types into the wizard (spec section 3 "Wizard data"; `city` is unused). */
export interface WizardData {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  serviceType: WizardServiceType | '';
  propertyType: PropertyType | '';
  urgency: Urgency | '';
  description: string;
  /** The consent line for texts: 'true' when ticked, '' when not (then it is not sent). */
  textConsent: '' | 'true';
}

export const EMPTY_WIZARD_DATA: WizardData = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  serviceType: '',
  propertyType: '',
  urgency: '',
  description: '',
  textConsent: '',
};

/** The steps' names (their words in each language: src/i18n, 'Your Information'…). */
export const WIZARD_STEPS = ['wizard.step.1', 'wizard.step.2', 'wizard.step.3'] as const;
export const SUBMITTED_STEP = 4;

export const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address'] as const;

/** The backend takes at most this many photos per request (contract `MAX_PHOTOS_PER_SUBMISSION`). */
export const MAX_REQUEST_PHOTOS = 20;

/** Spec section 4: Next needs all five contact fields on step 1 and a service on step 2. */
export function stepComplete(step: number, data: WizardData): boolean {
  if (step === 1) return CONTACT_FIELDS.every((field) => data[field].trim() !== '');
  if (step === 2) return data.serviceType !== '';
  return true;
}

export type WizardErrors = Partial<Record<keyof WizardData, string>>;

/**
 * What Next finds wrong on a step: the server's own rule for the contact fields (the contract's
 * `requestContactProblems`), so "abc" as a phone is pointed out at step 1, not after step 3.
 */
export function stepProblems(step: number, data: WizardData): WizardErrors {
  if (step === 1) return requestContactProblems(data);
  if (step === 2 && !data.serviceType) return { serviceType: 'Please choose a service' };
  return {};
}

/** The multipart body of `POST /api/service-requests`; empty optional answers are left out. */
export function requestBody(data: WizardData, photos: readonly File[]): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(data)) {
    if (value.trim()) body.append(key, value.trim());
  }
  body.append('hasPhotos', String(photos.length > 0));
  photos.forEach((photo) => body.append('photos', photo, photo.name));
  return body;
}

/** Which step holds a field the server refused, so the visitor is sent back to fix it. */
export const stepOfField = (field: string) => ((CONTACT_FIELDS as readonly string[]).includes(field) ? 1 : 2);
