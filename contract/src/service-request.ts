import { z } from 'zod';
import { optionalText, phoneNumber, requiredText } from './common.ts';
import { PROPERTY_TYPES, SERVICE_REQUEST_STATUSES, URGENCIES, WIZARD_SERVICE_TYPES } from './enums.ts';
import { photoSchema } from './photo.ts';

/** The customer wizard on `/`, sent as JSON or (with photos) as multipart. */
export const serviceRequestCreateSchema = z.object({
  firstName: requiredText('First name is required', 80),
  lastName: requiredText('Last name is required', 80),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Enter a valid e-mail address').max(254))
    .transform((v) => v.toLowerCase()),
  phone: phoneNumber(),
  address: requiredText('Address is required', 300),
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
