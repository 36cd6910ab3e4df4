import { Intent, OverlayToaster, Position, type Toaster, type ToastProps } from '@blueprintjs/core';
import { isUnauthorized } from './api/api-client.ts';
import { problemMessage } from './api/problem-message.ts';
import { createToastRegion, focusToastsOnHotkey, swipeToDismiss } from './toast-region.ts';
import './toast-region.css';

let region: HTMLElement | undefined;
let toaster: Promise<Toaster> | undefined;
let created: Toaster | undefined;

/** The toasts' region, made on first use rather than at import: importing the admin touches no DOM. */
function toastRegion(): HTMLElement {
  if (!region) {
    region = createToastRegion();
    swipeToDismiss(region, () => created);
  }
  return region;
}

/**
 * The one toaster of the app (spec: one toast at a time, 5 s by default, swiped right to dismiss),
 * rendered in the toasts' region.
 */
export function showToast(toast: ToastProps): void {
  toaster ??= OverlayToaster.create(
    { position: Position.TOP_RIGHT, maxToasts: 1 },
    { container: toastRegion() },
  ).then((t) => (created = t));
  void toaster.then((t) => t.show({ timeout: 5000, ...toast }));
}

/** F8 focuses the toasts (spec section 9's viewport hotkey) while the admin is open. */
export const installToastHotkey = () => focusToastsOnHotkey(toastRegion);

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
