import { z } from 'zod';
import { emailAddress, optionalText, phoneNumber, requiredText, textConsentField } from './common.ts';
import { ADDRESS_MIN_LENGTH, CONTACT_MESSAGES } from './contact-rules.ts';
import { PROPERTY_TYPES, SERVICE_REQUEST_STATUSES, URGENCIES, WIZARD_SERVICE_TYPES } from './enums.ts';
import { photoSchema } from './photo.ts';

/** The customer wizard on `/`, sent as JSON or (with photos) as multipart; the page checks
 * the contact fields by the same rule first (contact-rules.ts `requestContactProblems`). */
export const serviceRequestCreateSchema = z.object({
  firstName: requiredText(CONTACT_MESSAGES.firstName, 80),
  lastName: requiredText(CONTACT_MESSAGES.lastName, 80),
  email: z
    .string({ error: CONTACT_MESSAGES.emailRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.emailRequired)
    .pipe(emailAddress())
    .transform((v) => v.toLowerCase()),
  phone: phoneNumber(),
  // The address the free estimate is booked at (appointments want a complete one too).
  address: requiredText(CONTACT_MESSAGES.address, 300).pipe(
    z.string().min(ADDRESS_MIN_LENGTH, CONTACT_MESSAGES.address),
  ),
  city: optionalText(120),
  serviceType: z.enum(WIZARD_SERVICE_TYPES, { error: 'Please choose a service' }),
  propertyType: z
    .enum(PROPERTY_TYPES, { error: 'Choose a property type from the list' })
    .nullish()
    .transform((v) => v ?? null),
  urgency: z
    .enum(URGENCIES, { error: 'Choose a timeline from the list' })
    .nullish()
    .transform((v) => v ?? null),
  description: optionalText(5000),
  hasPhotos: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: 'hasPhotos must be true or false' })
    .optional()
    .transform((v) => v === true || v === 'true'),

  textConsent: textConsentField,
});
export type ServiceRequestCreate = z.input<typeof serviceRequestCreateSchema>;

export const serviceRequestSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string().nullable(),
  serviceType: z.enum(WIZARD_SERVICE_TYPES),
  propertyType: z.enum(PROPERTY_TYPES).nullable(),
  urgency: z.enum(URGENCIES).nullable(),
  description: z.string().nullable(),
  hasPhotos: z.boolean(),
  photos: z.array(photoSchema),
  status: z.enum(SERVICE_REQUEST_STATUSES),
  createdAt: z.string(),
});
export type ServiceRequest = z.infer<typeof serviceRequestSchema>;

export const serviceRequestListQuerySchema = z.object({
  status: z.enum(SERVICE_REQUEST_STATUSES, { error: 'Unknown status' }).optional(),
});
