// What a customer's contact details must look like, in plain functions and texts without zod:
// the server's schemas (common.ts, service-request.ts, quote.ts) are built from them, and the
// public pages check the same rule in the browser before anything is sent, without the ~30 kB
// zod would add to a phone's download. One rule, one place; contact-rules.test.ts holds the
// browser's check and the server's schema to the same answers.

import { dialledDigitsOf, PHONE_AS_TYPED } from './phone-number.ts';

export const PHONE_MIN_LENGTH = 10;
export const ADDRESS_MIN_LENGTH = 5;
export const EMAIL_MAX_LENGTH = 254;

/** Spec section 5's messages where it has them; ours where it has none. */
export const CONTACT_MESSAGES = {
  phone: 'Valid phone number required',
  address: 'Complete address is required',
  email: 'Enter a valid e-mail address',
  emailRequired: 'Email is required',
  firstName: 'First name is required',
  lastName: 'Last name is required',
} as const;

const digitCount = (v: string) => dialledDigitsOf(v).length;

/** A number someone can be called back on: 10 to 15 digits, as people write them (trimmed). */
export const isPhoneNumber = (phone: string) =>
  phone.length >= PHONE_MIN_LENGTH &&
  PHONE_AS_TYPED.test(phone) &&
  digitCount(phone) >= 10 &&
  digitCount(phone) <= 15;

/** zod's own e-mail pattern (`z.regexes.email`, less needless escapes), handed to `z.email({ pattern })`. */
export const EMAIL_ADDRESS =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const isEmailAddress = (email: string) =>
  email.length <= EMAIL_MAX_LENGTH && EMAIL_ADDRESS.test(email);

export const isCompleteAddress = (address: string) => address.length >= ADDRESS_MIN_LENGTH;

export interface RequestContact {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
}

/**
 * The wizard's step 1 (`POST /api/service-requests`' contact fields): a message per field that
 * `serviceRequestCreateSchema` would refuse, for a visitor's typing (control characters and
 * length limits are left to the server, which has the final word).
 */
export function requestContactProblems(
  contact: RequestContact,
): Partial<Record<keyof RequestContact, string>> {
  const problems: Partial<Record<keyof RequestContact, string>> = {};
  const value = (field: keyof RequestContact) => contact[field].trim();
  if (!value('firstName')) problems.firstName = CONTACT_MESSAGES.firstName;
  if (!value('lastName')) problems.lastName = CONTACT_MESSAGES.lastName;
  if (!value('email')) problems.email = CONTACT_MESSAGES.emailRequired;
  else if (!isEmailAddress(value('email'))) problems.email = CONTACT_MESSAGES.email;
  if (!isPhoneNumber(value('phone'))) problems.phone = CONTACT_MESSAGES.phone;
  if (!isCompleteAddress(value('address'))) problems.address = CONTACT_MESSAGES.address;
  return problems;
}

/**
 * The consent line the public forms show beside their optional checkbox (field `textConsent`):
 * only a number that ticked it (or called or texted the business itself) gets automatic texts.
 */
export const TEXT_CONSENT_LINE =
  'Text me about this request (quote follow-ups and visit reminders). Message and data rates may apply; reply STOP to stop.';
