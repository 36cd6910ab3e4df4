// zod/mini: the admin's first load reads every error body (why sign-in failed, an expired
// session); see session.ts.
import * as z from 'zod/mini';

/** Every 4xx/5xx answer of the API has this body. `fields` names each bad input field. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const ERROR_CODES = {
  validation: 'validation_failed',
  invalidJson: 'invalid_json',
  notFound: 'not_found',
  tooLarge: 'payload_too_large',
  notAnImage: 'unsupported_media_type',
  /** A body in another type than the route reads (a webhook's provider sends one type only). */
  unsupportedMediaType: 'unsupported_media_type',
  conflict: 'conflict',
  internal: 'internal_error',
  unavailable: 'service_unavailable',
  messengerNotConnected: 'messenger_not_connected',
} as const;
