import { Card, Classes, H4, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useQuery, queryOptions } from '@tanstack/react-query';
import { todaysVisitsSchema } from '@washdesk/contract';
import { Link } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import type { ApiClient } from '../api/api-client.ts';
import { appointmentQueries } from '../appointments/appointments.queries.ts';

// Under the appointments' key: any visit's change (live events included) refreshes it.
const todaysVisitsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: [...appointmentQueries.all, 'todays-visits'],
    queryFn: () => api.get('/api/dashboard/todays-visits', todaysVisitsSchema),
  });

/** Today's visits crew by crew (issue 33, item 8): who goes where, in the order of the day. */
export function TodaysVisits() {
  const api = useApi();
  const today = useQuery(todaysVisitsQuery(api));
  const none = today.data?.crews.every((c) => c.visits.length === 0);
  return (
    <Card className="dashboard-card todays-visits" role="region" aria-label="Today's visits">
      <div className="dashboard-card__head">
        <H4>Today&apos;s visits</H4>
      </div>
      {today.isPending && <Spinner size={24} aria-label="Loading today's visits" />}
      {today.isError && <p className={Classes.TEXT_MUTED}>Today&apos;s visits could not be loaded.</p>}
      {today.data && none && <NonIdealState icon="calendar" title="No visits today" />}
      {today.data && !none && (
        <div className="todays-visits__crews">
          {today.data.crews.map((crew) => (
            <section key={crew.id ?? 'none'} aria-label={crew.name} className="todays-visits__crew">
              <h5 className="todays-visits__crew-name">
                {crew.color && <span className="todays-visits__swatch" style={{ background: crew.color }} />}
                {crew.name}
              </h5>
              {crew.visits.length === 0 ? (
                <p className={Classes.TEXT_MUTED}>Nothing booked</p>
              ) : (
                <ul>
                  {crew.visits.map((v) => (
                    <li key={v.id}>
                      <span className="todays-visits__time">{v.time ?? 'Time TBD'}</span>
                      <Link to={`/appointment-scheduling?appointment=${v.id}`}>{v.customerName}</Link>
                      <Tag minimal round>
                        {v.kind === 'job' ? 'Job' : 'Estimate'}
                      </Tag>
                      {v.status === 'completed' && (
                        <Tag minimal round intent="success">
                          Done
                        </Tag>
                      )}
                      <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{v.address}</div>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
    </Card>
  );
}
