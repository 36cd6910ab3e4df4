import { useState } from 'react';
import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  InputGroup,
  Intent,
  Spinner,
} from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { fieldProblems, problemMessage } from '../api/problem-message.ts';
import { appointmentQueries } from '../appointments/appointments.queries.ts';
import { showSuccessToast } from '../toaster.ts';
import { CrewPicker } from './CrewPicker.tsx';
import type { ScheduleToolProps } from './RainDayButton.tsx';
import { applyRoute, pinVisit, scheduleToolsQueries } from './schedule-tools.queries.ts';
import './schedule-tools.css';

/** Staff drop a pin: a visit with no point gets one typed from a map or a phone's GPS. */
function PinRow(props: { visitId: number; customerName: string; address: string; onPinned: () => void }) {
  const api = useApi();
  const [latitude, setLatitude] = useState('');
  const [longitude, setLongitude] = useState('');
  const pin = useMutation({
    mutationFn: () =>
      pinVisit(api, props.visitId, { latitude: Number(latitude), longitude: Number(longitude) }),
    onSuccess: props.onPinned,
  });
  const problems = fieldProblems(pin.error);
  const id = `pin-${props.visitId}`;
  return (
    <li>
      <div>
        {props.customerName}, {props.address}
      </div>
      <div className="schedule-tools__pin">
        <InputGroup
          id={`${id}-lat`}
          aria-label={`Latitude of ${props.customerName}'s address`}
          placeholder="Latitude"
          inputMode="decimal"
          value={latitude}
          intent={problems.latitude ? Intent.DANGER : Intent.NONE}
          onChange={(e) => setLatitude(e.currentTarget.value)}
        />
        <InputGroup
          id={`${id}-lon`}
          aria-label={`Longitude of ${props.customerName}'s address`}
          placeholder="Longitude"
          inputMode="decimal"
          value={longitude}
          intent={problems.longitude ? Intent.DANGER : Intent.NONE}
          onChange={(e) => setLongitude(e.currentTarget.value)}
        />
        <Button
          icon="map-marker"
          text="Drop pin"
          loading={pin.isPending}
          disabled={
            !latitude.trim() ||
            !longitude.trim() ||
            Number.isNaN(Number(latitude)) ||
            Number.isNaN(Number(longitude))
          }
          onClick={() => pin.mutate()}
        />
      </div>
      {pin.isError && (
        <div role="alert" className={Classes.INTENT_DANGER}>
          {problems.latitude ?? problems.longitude ?? problemMessage(pin.error)}
        </div>
      )}
    </li>
  );
}

/**
 * "Route": a crew's day in driving order from and back to the base with the distance, the visits
 * without a point listed apart (drop a pin), and "Apply this order" giving the visits their times.
 */
export function RouteButton({ date, crewId }: ScheduleToolProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [chosenCrew, setCrew] = useState<number | null>(crewId ?? null);
  const [day, setDay] = useState(date);
  const crews = useQuery({ ...scheduleToolsQueries.crews(api), enabled: open });
  // Without a crew given or chosen, the first crew of the board.
  const crew = chosenCrew ?? crews.data?.[0]?.id ?? null;
  const openDialog = () => {
    setDay(date);
    setCrew(crewId ?? null);
    setOpen(true);
  };
  const route = useQuery({
    ...scheduleToolsQueries.route(api, day, crew ?? 0),
    enabled: open && crew !== null && /^\d{4}-\d{2}-\d{2}$/.test(day),
    retry: false,
  });
  const refetch = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: appointmentQueries.all }),
      queryClient.invalidateQueries({ queryKey: scheduleToolsQueries.all }),
    ]);
  const apply = useMutation({
    mutationFn: () => applyRoute(api, day, crew!),
    onSuccess: (result) => {
      showSuccessToast(
        result.moved.length
          ? `Route applied: ${result.moved.length} visit${result.moved.length === 1 ? '' : 's'} got new times`
          : 'Route applied: the times already follow it',
      );
      setOpen(false);
      void refetch();
    },
  });
  const data = route.data;
  return (
    <>
      <Button icon="route" text="Route" onClick={openDialog} />
      <Dialog
        title="The crew day's route"
        icon="route"
        isOpen={open}
        onClose={() => setOpen(false)}
        style={{ width: 'min(48rem, calc(100vw - 2rem))' }}
      >
        <DialogBody>
          <div className="schedule-tools__fields">
            <FormGroup label="Day" labelFor="route-date">
              <InputGroup
                id="route-date"
                type="date"
                value={day}
                onChange={(e) => setDay(e.currentTarget.value)}
              />
            </FormGroup>
            <CrewPicker id="route-crew" value={crew} onChange={setCrew} />
          </div>
          {route.isPending ? (
            <div className="schedule-tools__loading" aria-busy="true">
              <Spinner size={20} /> <span>Working out the shortest order…</span>
            </div>
          ) : route.isError ? (
            <Callout intent={Intent.DANGER}>{problemMessage(route.error)}</Callout>
          ) : data ? (
            <>
              <p>
                <strong aria-label="Total distance">{data.totalMiles.toFixed(1)} miles</strong> from the base
                and back ({data.stops.length} stop{data.stops.length === 1 ? '' : 's'}, straight-line;{' '}
                {data.exact ? 'the shortest order' : 'a near-shortest order'}).
              </p>
              {data.stops.length > 0 && (
                <HTMLTable
                  compact
                  striped
                  className="schedule-tools__table"
                  aria-label="Stops in driving order"
                >
                  <thead>
                    <tr>
                      <th>#</th>
                      <th>Customer</th>
                      <th>Address</th>
                      <th>Now at</th>
                      <th>Leg</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.stops.map((stop, i) => (
                      <tr key={stop.visitId} data-visit={stop.visitId}>
                        <td>{i + 1}</td>
                        <td>{stop.customerName}</td>
                        <td>{stop.address}</td>
                        <td>{stop.time ?? 'Time TBD'}</td>
                        <td>{stop.legMiles.toFixed(1)} mi</td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              )}
              {data.unlocated.length > 0 && (
                <FormGroup label="Not on the map yet: drop a pin to add them to the route">
                  <ul className="schedule-tools__unlocated">
                    {data.unlocated.map((u) => (
                      <PinRow key={u.visitId} {...u} onPinned={() => void refetch()} />
                    ))}
                  </ul>
                </FormGroup>
              )}
            </>
          ) : null}
          {apply.isError && <Callout intent={Intent.DANGER}>{problemMessage(apply.error)}</Callout>}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Close" onClick={() => setOpen(false)} />
              <Button
                intent={Intent.PRIMARY}
                icon="tick"
                text="Apply this order"
                disabled={!data || data.stops.length === 0}
                loading={apply.isPending}
                onClick={() => apply.mutate()}
              />
            </>
          }
        >
          Each customer whose time changes gets a text.
        </DialogFooter>
      </Dialog>
    </>
  );
}
