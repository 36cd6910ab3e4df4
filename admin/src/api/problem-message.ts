import { ApiError } from './api-client.ts';

export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/**
 * What to tell staff about a failed call. A refusal (4xx) comes with a message written for them
 * (the contract's error body); a server failure's details help nobody at the desk.
 */
export function problemMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.body) {
    return error.body.message;
  }
  return SOMETHING_WENT_WRONG;
}

/** The server's message for each input it refused, keyed by field name. */
export const fieldProblems = (error: unknown): Record<string, string> =>
  (error instanceof ApiError && error.body?.fields) || {};
