import type { ReactNode } from 'react';
import { Card, Classes, H3 } from '@blueprintjs/core';

interface SchedulingSectionProps {
  title: string;
  children: ReactNode;
  /** Shown under the title, e.g. how many there are. */
  subtitle?: string;
}

/** A titled card of the Scheduling page; it is a region named by its title. */
export function SchedulingSection({ title, subtitle, children }: SchedulingSectionProps) {
  const id = `scheduling-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card className="scheduling-section" role="region" aria-labelledby={id}>
      <div>
        <H3 id={id}>{title}</H3>
        {subtitle && <p className={Classes.TEXT_MUTED}>{subtitle}</p>}
      </div>
      {children}
    </Card>
  );
}
