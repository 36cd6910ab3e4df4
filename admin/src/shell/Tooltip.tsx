import { useSyncExternalStore } from 'react';
import { Tooltip as BlueprintTooltip, type TooltipProps } from '@blueprintjs/core';

/** Spec section 9: tooltips open after 700 ms of hovering, so a passing pointer raises none. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
/**
 * Spec section 9's skip delay: once a tooltip has shown, the next opens at once if the pointer
 * reaches it within 300 ms of the last one closing (reading across a row of figures).
 */
export const TOOLTIP_SKIP_DELAY_MS = 300;

// Whether tooltips open at once now: while one is open and for the skip delay after it closes.
// Shared by every tooltip of the page, so moving from one to the next skips the delay.
let skipping = false;
let skipEnds: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const setSkipping = (on: boolean) => {
  if (skipping === on) return;
  skipping = on;
  listeners.forEach((notify) => notify());
};
const subscribe = (notify: () => void) => {
  listeners.add(notify);
  return () => void listeners.delete(notify);
};
function opened() {
  clearTimeout(skipEnds);
  setSkipping(true);
}
function closed() {
  clearTimeout(skipEnds);
  skipEnds = setTimeout(() => setSkipping(false), TOOLTIP_SKIP_DELAY_MS);
}

/** Blueprint's tooltip with the spec's timing; every admin tooltip goes through this one. */
export function Tooltip(props: TooltipProps) {
  const skip = useSyncExternalStore(subscribe, () => skipping);
  return (
    <BlueprintTooltip
      hoverOpenDelay={skip ? 0 : TOOLTIP_OPEN_DELAY_MS}
      // While skipping, the one closing leaves at once rather than fading beside the next: never
      // two tooltips on screen.
      transitionDuration={skip ? 0 : undefined}
      {...props}
      onOpening={(node) => {
        opened();
        props.onOpening?.(node);
      }}
      onClosing={(node) => {
        closed();
        props.onClosing?.(node);
      }}
    />
  );
}
