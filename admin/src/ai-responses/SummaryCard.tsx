import { Card, Classes, H3, Icon } from '@blueprintjs/core';
import { Tooltip } from '../shell/Tooltip.tsx';
import type { IconName } from '@blueprintjs/icons';

interface SummaryCardProps {
  label: string;
  icon: IconName;
  /** Undefined while loading: the card keeps its shape as a skeleton. */
  value: string | undefined;
  /** How the figure is computed; shown on hover or keyboard focus. */
  explanation?: string;
}

/** One figure of a screen's summary row (AI Responses, FAQ Management). */
export function SummaryCard({ label, icon, value, explanation }: SummaryCardProps) {
  const skeleton = value === undefined ? Classes.SKELETON : undefined;
  const figure = (
    <H3 className={['stat-card__value', skeleton].filter(Boolean).join(' ')}>{value ?? '00'}</H3>
  );
  return (
    <Card className="stat-card" role="group" aria-label={label} aria-busy={value === undefined}>
      <div className="stat-card__label">
        <span className={skeleton}>{label}</span>
        <Icon icon={icon} className={skeleton} />
      </div>
      {explanation && value !== undefined ? (
        <Tooltip content={explanation} placement="bottom-start" className="summary-card__tooltip">
          {/* Focusable, so keyboard users can read how the figure is computed too. */}
          <span tabIndex={0} aria-description={explanation}>
            {figure}
          </span>
        </Tooltip>
      ) : (
        figure
      )}
    </Card>
  );
}
