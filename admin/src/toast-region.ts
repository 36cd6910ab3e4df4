import type { Toaster } from '@blueprintjs/core';

// Spec section 9: a toast is swiped right to dismiss it (threshold 50 px), and F8 moves the keyboard
// to the toasts (the "viewport hotkey"). The toasts live in one labelled region that is always in
// the page once made, so F8 has somewhere to go even before the first toast.

/** How far (CSS px) a toast must be dragged right before letting go dismisses it. */
export const SWIPE_THRESHOLD_PX = 50;
export const TOASTS_HOTKEY = 'F8';

/** The region the toaster renders into: a landmark named for its hotkey, focusable by script. */
export function createToastRegion(): HTMLElement {
  const region = document.createElement('section');
  region.className = 'toast-region';
  region.setAttribute('aria-label', `Notifications (${TOASTS_HOTKEY})`);
  region.tabIndex = -1;
  document.body.appendChild(region);
  return region;
}

/** Dragging a toast right follows the pointer; let go past the threshold and it is dismissed. */
export function swipeToDismiss(region: HTMLElement, toaster: () => Toaster | undefined) {
  // A drag on a toast is a swipe, never the browser dragging its text away (which cancels the pointer).
  region.addEventListener('dragstart', (e) => e.preventDefault());
  region.addEventListener('pointerdown', (down) => {
    const toast = (down.target as Element).closest<HTMLElement>('.bp6-toast');
    if (!toast || down.button !== 0) return;
    const startX = down.clientX;
    let dx = 0;
    // The rest of this drag belongs to this toast, whatever the pointer passes over (a tooltip, the
    // page under a toast that has moved): without the capture a busy page can lose the let-go.
    try {
      toast.setPointerCapture(down.pointerId);
    } catch {
      // A pointer that is already gone (a synthetic event) cannot be captured: the window still hears it.
    }
    const move = (e: PointerEvent) => {
      if (e.pointerId !== down.pointerId) return;
      // Right only: a drag to the left does nothing.
      dx = Math.max(0, e.clientX - startX);
      toast.style.transition = 'none';
      toast.style.transform = dx ? `translateX(${dx}px)` : '';
      toast.style.opacity = dx ? String(Math.max(0.3, 1 - dx / (SWIPE_THRESHOLD_PX * 4))) : '';
    };
    const end = (e: PointerEvent) => {
      if (e.pointerId !== down.pointerId) return;
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      toast.style.transition = '';
      // Where the pointer was let go counts too: a busy browser may coalesce or drop the last moves.
      if (e.type === 'pointerup') dx = Math.max(dx, e.clientX - startX);
      if (e.type === 'pointerup' && dx >= SWIPE_THRESHOLD_PX) {
        // One toast at a time (spec): the toast on screen is the toaster's only one.
        const t = toaster();
        t?.getToasts().forEach((shown) => t.dismiss(shown.key));
      } else {
        toast.style.transform = '';
        toast.style.opacity = '';
      }
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
  });
}

/** F8 anywhere focuses the toasts' region (Tab then reaches a toast's buttons); returns the undo. */
export function focusToastsOnHotkey(region: () => HTMLElement): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== TOASTS_HOTKEY || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return;
    e.preventDefault();
    region().focus();
  };
  window.addEventListener('keydown', onKey);
  return () => window.removeEventListener('keydown', onKey);
}
