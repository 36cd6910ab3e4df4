import { PHOTO_FORM_SERVICE_TYPES } from '@washdesk/contract';

/** The photo form's text fields (spec section 3 "Photo form submission"). */
export interface PhotoFormData {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  address: string;
  serviceType: string;
  notes: string;
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
};

export const SERVICE_TYPE_CHOICES = PHOTO_FORM_SERVICE_TYPES.map((value) => ({ value, label: value }));

// The contract's messages (submission.ts, common.ts), repeated because importing its schemas would
// pull zod into this page; the e2e tests check the server agrees.
const PHONE_MIN_LENGTH = 10;
export const FIELD_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  phone: 'Valid phone number required',
  serviceType: 'Service type is required',
  email: 'Enter a valid e-mail address',
} as const;
/** The backend takes at most this many photos per submission (contract `MAX_PHOTOS_PER_SUBMISSION`). */
export const MAX_FORM_PHOTOS = 20;

// A plain "something@something.tld" check: the server has the final word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec section 5: names, phone and service required; e-mail only checked when given. */
export function checkPhotoForm(data: PhotoFormData): PhotoFormErrors {
  const errors: PhotoFormErrors = {};
  if (!data.firstName.trim()) errors.firstName = FIELD_MESSAGES.firstName;
  if (!data.lastName.trim()) errors.lastName = FIELD_MESSAGES.lastName;
  if (data.phone.trim().length < PHONE_MIN_LENGTH) errors.phone = FIELD_MESSAGES.phone;
  if (data.email.trim() && !EMAIL.test(data.email.trim())) errors.email = FIELD_MESSAGES.email;
  if (!data.serviceType) errors.serviceType = FIELD_MESSAGES.serviceType;
  return errors;
}

/** The multipart body both buttons send: the fields, then the photos as repeated `photos`. */
export function photoFormBody(data: PhotoFormData, photos: readonly File[]): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(data)) body.append(key, value.trim());
  photos.forEach((photo) => body.append('photos', photo, photo.name));
  return body;
}
