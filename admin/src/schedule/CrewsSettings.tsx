import { useState } from 'react';
import { Button, Card, Classes, FormGroup, H4, InputGroup, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CREW_NAME_MAX, MAX_CREWS, crewCreateSchema, type Crew } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { LoadFailed } from '../shell/LoadFailed.tsx';
import { NotPermittedNotice } from '../session/NotPermittedNotice.tsx';
import { usePermission } from '../session/use-permission.ts';
import { showProblemToast, showSuccessToast } from '../toaster.ts';
import { addCrew, changeCrew, crewQueries, scheduleQueries } from './schedule.queries.ts';

// Settings → Crews: one to five crews work the board, each with a name and a colour. A crew is
// retired, never deleted (its past visits still name it), and can be brought back.

const PALETTE = ['#2D72D2', '#29A634', '#D1980B', '#CD4246', '#7961DB'];

/** The contract's own messages for a name and a colour, shown before the server is asked. */
function problemsOf(crew: { name: string; color: string }): Record<string, string> {
  const parsed = crewCreateSchema.safeParse(crew);
  const problems: Record<string, string> = {};
  if (!parsed.success) for (const i of parsed.error.issues) problems[String(i.path[0])] ??= i.message;
  return problems;
}

export function CrewsSettings() {
  const api = useApi();
  const crews = useQuery(crewQueries.list(api));
  const active = (crews.data ?? []).filter((c) => c.active).length;
  return (
    <Card className="settings-card" role="region" aria-label="Crews">
      <H4>Crews</H4>
      <p className={Classes.TEXT_MUTED}>
        The crews on the board, {MAX_CREWS} at most. A crew with visits still to come is retired only once
        they have moved to another crew.
      </p>
      <NotPermittedNotice permission="crews" />
      {crews.isPending && <Spinner size={20} aria-label="Loading the crews" />}
      {crews.isError && <LoadFailed title="The crews could not be loaded" />}
      {crews.data && (
        <ul className="crews-list">
          {crews.data.map((crew) => (
            <CrewRow key={`${crew.id}${crew.name}${crew.color}${crew.active}`} crew={crew} />
          ))}
        </ul>
      )}
      {crews.data && active < MAX_CREWS && <NewCrew suggested={PALETTE[active % PALETTE.length]!} />}
    </Card>
  );
}

function useCrewChange() {
  const queryClient = useQueryClient();
  return async (work: () => Promise<unknown>, success: string) => {
    try {
      await work();
      showSuccessToast(success);
      return true;
    } catch (error) {
      showProblemToast(error);
      return false;
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: crewQueries.all }),
        queryClient.invalidateQueries({ queryKey: scheduleQueries.all }),
      ]);
    }
  };
}

function CrewRow({ crew }: { crew: Crew }) {
  const api = useApi();
  const { allowed } = usePermission('crews');
  const change = useCrewChange();
  const [name, setName] = useState(crew.name);
  const [color, setColor] = useState(crew.color);
  const problems = problemsOf({ name, color });
  const edited = name.trim() !== crew.name || color.toUpperCase() !== crew.color;
  return (
    <li className="crews-list__crew">
      <form
        className="crews-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (edited && !Object.keys(problems).length)
            void change(() => changeCrew(api, crew.id, { name, color }), `${name.trim()} saved`);
        }}
      >
        <fieldset className="permission-fieldset crews-form__fields" disabled={!allowed}>
          <FormGroup
            label="Name"
            labelFor={`crew-${crew.id}-name`}
            helperText={problems.name}
            intent={problems.name ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup
              id={`crew-${crew.id}-name`}
              value={name}
              maxLength={CREW_NAME_MAX + 10}
              onChange={(e) => setName(e.target.value)}
            />
          </FormGroup>
          <FormGroup label="Colour" labelFor={`crew-${crew.id}-color`}>
            <input
              id={`crew-${crew.id}-color`}
              className="crews-form__color"
              type="color"
              value={color.toLowerCase()}
              onChange={(e) => setColor(e.target.value.toUpperCase())}
            />
          </FormGroup>
          {!crew.active && <Tag minimal>Retired</Tag>}
          <Button type="submit" text="Save" disabled={!edited} aria-label={`Save ${crew.name}`} />
          <Button
            text={crew.active ? 'Retire' : 'Bring back'}
            aria-label={`${crew.active ? 'Retire' : 'Bring back'} ${crew.name}`}
            intent={crew.active ? Intent.WARNING : Intent.NONE}
            variant="outlined"
            onClick={() =>
              void change(
                () => changeCrew(api, crew.id, { active: !crew.active }),
                crew.active ? `${crew.name} retired` : `${crew.name} is back on the board`,
              )
            }
          />
        </fieldset>
      </form>
    </li>
  );
}

function NewCrew({ suggested }: { suggested: string }) {
  const api = useApi();
  const { allowed } = usePermission('crews');
  const change = useCrewChange();
  const [name, setName] = useState('');
  const [color, setColor] = useState(suggested);
  const [tried, setTried] = useState(false);
  const problems = tried ? problemsOf({ name, color }) : {};
  return (
    <form
      className="crews-form"
      aria-label="Add a crew"
      onSubmit={async (e) => {
        e.preventDefault();
        setTried(true);
        if (Object.keys(problemsOf({ name, color })).length) return;
        if (await change(() => addCrew(api, { name, color }), `${name.trim()} added`)) {
          setName('');
          setTried(false);
        }
      }}
    >
      <fieldset className="permission-fieldset crews-form__fields" disabled={!allowed}>
        <FormGroup
          label="New crew's name"
          labelFor="crew-new-name"
          helperText={problems.name}
          intent={problems.name ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup
            id="crew-new-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="North crew"
          />
        </FormGroup>
        <FormGroup label="Colour" labelFor="crew-new-color">
          <input
            id="crew-new-color"
            className="crews-form__color"
            type="color"
            value={color.toLowerCase()}
            onChange={(e) => setColor(e.target.value.toUpperCase())}
          />
        </FormGroup>
        <Button type="submit" icon="plus" text="Add crew" intent={Intent.PRIMARY} />
      </fieldset>
    </form>
  );
}
