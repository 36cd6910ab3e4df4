import { Tooltip as BlueprintTooltip, type TooltipProps } from '@blueprintjs/core';

/** Spec section 9: tooltips open after 700 ms of hovering, so a passing pointer raises none. */
export const TOOLTIP_OPEN_DELAY_MS = 700;

/** Blueprint's tooltip with the spec's timing; every admin tooltip goes through this one. */
export function Tooltip(props: TooltipProps) {
  return <BlueprintTooltip hoverOpenDelay={TOOLTIP_OPEN_DELAY_MS} {...props} />;
}
