import { Card, Classes, H3, Icon } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import type { AppointmentSummary } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { appointmentQueries } from '../appointments/appointments.queries.ts';
import { LoadFailed } from '../shell/LoadFailed.tsx';

interface Tile {
  label: string;
  icon: IconName;
  value: (s: AppointmentSummary) => number;
  detail: (s: AppointmentSummary) => string;
}

const TILES: Tile[] = [
  {
    label: 'Total Appointments',
    icon: 'calendar',
    value: (s) => s.total,
    detail: (s) => `${s.cancelled} cancelled`,
  },
  { label: 'Today', icon: 'time', value: (s) => s.today, detail: () => 'On today’s calendar' },
  { label: 'Scheduled', icon: 'timeline-events', value: (s) => s.scheduled, detail: () => 'Still to do' },
  { label: 'Completed', icon: 'tick-circle', value: (s) => s.completed, detail: () => 'Work done' },
];

const count = new Intl.NumberFormat('en-US');

/** The four counts, taken by the server over every appointment (not just the page on screen). */
export function SchedulingTiles() {
  const api = useApi();
  const summary = useQuery(appointmentQueries.summary(api));
  if (summary.isError) {
    return <LoadFailed title="The appointment counts could not be loaded" />;
  }
  const s = summary.data;
  const skeleton = s ? '' : Classes.SKELETON;
  return (
    <section className="stat-cards" aria-label="Appointment counts">
      {TILES.map((tile) => (
        <Card key={tile.label} className="stat-card" role="group" aria-label={tile.label} aria-busy={!s}>
          <div className="stat-card__label">
            <span className={skeleton}>{tile.label}</span>
            <Icon icon={tile.icon} className={skeleton} />
          </div>
          <H3 className={`stat-card__value ${skeleton}`}>{s ? count.format(tile.value(s)) : '—'}</H3>
          <p className={`${Classes.TEXT_MUTED} ${skeleton}`}>{s ? tile.detail(s) : 'Counting'}</p>
        </Card>
      ))}
    </section>
  );
}
