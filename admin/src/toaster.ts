import { OverlayToaster, Position, type Toaster, type ToastProps } from '@blueprintjs/core';

let toaster: Promise<Toaster> | undefined;

/**
 * The one toaster of the app (spec: one toast at a time, 5 s by default). Created on first use
 * rather than at import, so importing the admin as a library touches no DOM.
 */
export function showToast(toast: ToastProps): void {
  toaster ??= OverlayToaster.create({ position: Position.TOP_RIGHT, maxToasts: 1 });
  void toaster.then((t) => t.show({ timeout: 5000, ...toast }));
}
