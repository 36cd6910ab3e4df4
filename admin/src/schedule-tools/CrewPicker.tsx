import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { scheduleToolsQueries } from './schedule-tools.queries.ts';

/** A crew of the board; `allLabel` adds a choice of every crew (value null). */
export function CrewPicker(props: {
  id: string;
  value: number | null;
  onChange: (crewId: number | null) => void;
  allLabel?: string;
}) {
  const api = useApi();
  const crews = useQuery(scheduleToolsQueries.crews(api));
  return (
    <FormGroup label="Crew" labelFor={props.id}>
      <HTMLSelect
        id={props.id}
        value={props.value ?? ''}
        onChange={(e) => props.onChange(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
      >
        {props.allLabel && <option value="">{props.allLabel}</option>}
        {(crews.data ?? []).map((crew) => (
          <option key={crew.id} value={crew.id}>
            {crew.name}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
