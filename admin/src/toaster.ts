import { Intent, OverlayToaster, Position, type Toaster, type ToastProps } from '@blueprintjs/core';
import { isUnauthorized } from './api/api-client.ts';
import { problemMessage } from './api/problem-message.ts';

let toaster: Promise<Toaster> | undefined;

/**
 * The one toaster of the app (spec: one toast at a time, 5 s by default). Created on first use
 * rather than at import, so importing the admin as a library touches no DOM.
 */
export function showToast(toast: ToastProps): void {
  toaster ??= OverlayToaster.create({ position: Position.TOP_RIGHT, maxToasts: 1 });
  void toaster.then((t) => t.show({ timeout: 5000, ...toast }));
}

/** A change that worked, in the spec's words. */
export const showSuccessToast = (message: string) =>
  showToast({ intent: Intent.SUCCESS, icon: 'tick', message });

/**
 * A change that failed, in the spec's fixed words (section 8: no server detail). Given the
 * error, a 401 says nothing here: it has already led to the sign-in screen, which says why.
 */
export function showFailureToast(message: string, error?: unknown): void {
  if (isUnauthorized(error)) return;
  showToast({ intent: Intent.DANGER, icon: 'error', message });
}

/** A change that failed, in the server's own words for staff. */
export const showProblemToast = (error: unknown) => showFailureToast(problemMessage(error), error);
