import { Intent, OverlayToaster, Position, type Toaster, type ToastProps } from '@blueprintjs/core';
import { ApiError } from './api/api-client.ts';
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

/** A change that failed. A 401 says nothing here: it has already led to the sign-in screen, which says why. */
export function showProblemToast(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) return;
  showToast({ intent: Intent.DANGER, icon: 'error', message: problemMessage(error) });
}
