import {
  CONTACT_MESSAGES,
  HOME_SIZE_MESSAGES,
  HOME_SQUARE_FEET,
  HOME_STORIES,
  isEmailAddress,
  isPhoneNumber,
  PHOTO_FORM_SERVICE_TYPES,
  type PhotoFormServiceType,
} from '@washdesk/contract';
import type { MessageId } from '../i18n/catalog.en.ts';
import { t } from '../i18n/i18n.ts';

/** The photo form's text fields (spec section 3 "Photo form submission"). */
export interface PhotoFormData {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  address: string;
  serviceType: string;
  notes: string;
  /** The size of the home, both optional: '' or a number as typed. */
  stories: string;
  squareFeet: string;
  /** The consent line for texts: 'true' when ticked, '' when not. */
  textConsent: '' | 'true';
}
export type PhotoFormField = keyof PhotoFormData;
export type PhotoFormErrors = Partial<Record<PhotoFormField | 'photos', string>>;

export const EMPTY_PHOTO_FORM: PhotoFormData = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  address: '',
  serviceType: '',
  notes: '',
  stories: '',
  squareFeet: '',
  textConsent: '',
};

/** The choices for the home's stories; the last one stands for "4 or more". */
export const STORY_CHOICES = Array.from({ length: HOME_STORIES.max }, (_, i) => String(HOME_STORIES.min + i));

/** The service types' words in the catalogs; the value sent stays the contract's English. */
const SERVICE_TYPE_IDS = {
  'House Soft Wash': 'photoForm.service.house',
  'Roof Cleaning': 'photoForm.service.roof',
  'Driveway/Concrete Cleaning': 'photoForm.service.driveway',
  'Deck/Patio Cleaning': 'photoForm.service.deck',
  'Fence Cleaning': 'photoForm.service.fence',
  'Multiple Services': 'photoForm.service.multiple',
} as const satisfies Record<PhotoFormServiceType, MessageId>;

/** The service types to choose from, in the page's language. */
export const serviceTypeChoices = () =>
  PHOTO_FORM_SERVICE_TYPES.map((value) => ({ value, label: t(SERVICE_TYPE_IDS[value]) }));

// The service type's message is repeated from submission.ts because importing its schemas would
// pull zod into this page; the e2e tests check the server agrees. The contact rules are the
// contract's own (contact-rules.ts, free of zod).
export const FIELD_MESSAGES = {
  firstName: CONTACT_MESSAGES.firstName,
  lastName: CONTACT_MESSAGES.lastName,
  phone: CONTACT_MESSAGES.phone,
  serviceType: 'Service type is required',
  email: CONTACT_MESSAGES.email,
  ...HOME_SIZE_MESSAGES,
} as const;
/** The backend takes at most this many photos per submission (contract `MAX_PHOTOS_PER_SUBMISSION`). */
export const MAX_FORM_PHOTOS = 20;

/** Spec section 5: names, phone and service required; e-mail only checked when given. */
export function checkPhotoForm(data: PhotoFormData): PhotoFormErrors {
  const errors: PhotoFormErrors = {};
  if (!data.firstName.trim()) errors.firstName = FIELD_MESSAGES.firstName;
  if (!data.lastName.trim()) errors.lastName = FIELD_MESSAGES.lastName;
  if (!isPhoneNumber(data.phone.trim())) errors.phone = FIELD_MESSAGES.phone;
  if (data.email.trim() && !isEmailAddress(data.email.trim())) errors.email = FIELD_MESSAGES.email;
  if (!data.serviceType) errors.serviceType = FIELD_MESSAGES.serviceType;
  const squareFeet = data.squareFeet.trim();
  if (squareFeet) {
    // The server's rule: digits, with thousands commas as people write areas.
    const n = /^\d{1,3}(,\d{3})*$|^\d+$/.test(squareFeet) ? Number(squareFeet.replaceAll(',', '')) : NaN;
    if (!(n >= HOME_SQUARE_FEET.min && n <= HOME_SQUARE_FEET.max))
      errors.squareFeet = FIELD_MESSAGES.squareFeet;
  }
  return errors;
}

/** The multipart body both buttons send: the fields, then the photos as repeated `photos`. */
export function photoFormBody(data: PhotoFormData, photos: readonly File[]): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(data))
    if (key !== 'textConsent' || value) body.append(key, value.trim());
  photos.forEach((photo) => body.append('photos', photo, photo.name));
  return body;
}
