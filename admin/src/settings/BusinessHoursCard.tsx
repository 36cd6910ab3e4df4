import { useState } from 'react';
import { Button, Card, Classes, FormGroup, H4, InputGroup, Intent, Spinner, Switch } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { WEEKDAYS, businessHoursSchema, type BusinessHours, type Weekday } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { useChange } from '../api/use-change.ts';
import { showFailureToast } from '../toaster.ts';
import { LoadFailed } from '../shell/LoadFailed.tsx';
import { NotPermittedNotice } from '../session/NotPermittedNotice.tsx';
import { usePermission } from '../session/use-permission.ts';
import { saveBusinessHours, settingsQueries } from './settings.queries.ts';

// Settings → Telephony: when a person answers the phone. Outside these hours and on holidays the
// assistant still answers, but "a person, please" leaves a message and hears when the office opens.

const DAY_LABEL = (day: Weekday) => day[0]!.toUpperCase() + day.slice(1);
const OFFICE_DAY = { opens: '08:00', closes: '17:00' };

export function BusinessHoursCard() {
  const api = useApi();
  const saved = useQuery(settingsQueries.businessHours(api));
  return (
    <Card className="settings-card" role="region" aria-label="Business hours">
      <H4>Business Hours</H4>
      <p className={Classes.TEXT_MUTED}>
        When someone in the office takes calls (the business&apos;s time zone). Outside them the assistant
        still answers and books estimates; a caller who asks for a person leaves a message.
      </p>
      <NotPermittedNotice permission="businessHours" />
      {saved.isPending && <Spinner size={20} aria-label="Loading business hours" />}
      {saved.isError && <LoadFailed title="The business hours could not be loaded" />}
      {/* Keyed by what the server holds, so a save (or another staff member's) starts a fresh form. */}
      {saved.data && <BusinessHoursForm key={JSON.stringify(saved.data)} saved={saved.data} />}
    </Card>
  );
}

/** The contract's own schema judges the form: the same messages the server would answer. */
function problemsOf(hours: BusinessHours): Record<string, string> {
  const parsed = businessHoursSchema.safeParse(hours);
  const problems: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) problems[issue.path.join('.')] ??= issue.message;
  return problems;
}

function BusinessHoursForm({ saved }: { saved: BusinessHours }) {
  const api = useApi();
  const { allowed } = usePermission('businessHours');
  const [draft, setDraft] = useState(saved);
  const [holiday, setHoliday] = useState('');
  const [tried, setTried] = useState(false);
  const save = useChange({
    change: saveBusinessHours,
    success: 'Business hours updated successfully',
    refetch: [settingsQueries.businessHours(api).queryKey],
    onError: (error) => showFailureToast('Failed to update business hours', error),
  });
  const problems = tried ? problemsOf(draft) : {};
  const setDay = (day: Weekday, hours: BusinessHours['days'][Weekday]) =>
    setDraft({ ...draft, days: { ...draft.days, [day]: hours } });
  const addHoliday = () => {
    if (!holiday) return;
    setDraft({ ...draft, holidays: [...draft.holidays, holiday].sort() });
    setHoliday('');
  };
  const submit = () => {
    setTried(true);
    if (Object.keys(problemsOf(draft)).length === 0) save.mutate(draft);
  };

  return (
    <form
      className="business-hours"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset className="permission-fieldset" disabled={!allowed}>
        {WEEKDAYS.map((day) => {
          const hours = draft.days[day];
          const problem = problems[`days.${day}.closes`] ?? problems[`days.${day}.opens`];
          return (
            <FormGroup
              key={day}
              className="business-hours__day"
              label={DAY_LABEL(day)}
              intent={problem ? Intent.DANGER : Intent.NONE}
              helperText={problem}
            >
              <Switch
                inline
                label={hours ? 'Open' : 'Closed'}
                aria-label={`${DAY_LABEL(day)} open`}
                checked={hours !== null}
                onChange={(e) => setDay(day, e.currentTarget.checked ? OFFICE_DAY : null)}
              />
              {hours && (
                <>
                  <InputGroup
                    type="time"
                    aria-label={`${DAY_LABEL(day)} opens`}
                    value={hours.opens}
                    intent={problem ? Intent.DANGER : Intent.NONE}
                    onChange={(e) => setDay(day, { ...hours, opens: e.currentTarget.value })}
                  />
                  <span className={Classes.TEXT_MUTED}>to</span>
                  <InputGroup
                    type="time"
                    aria-label={`${DAY_LABEL(day)} closes`}
                    value={hours.closes}
                    intent={problem ? Intent.DANGER : Intent.NONE}
                    onChange={(e) => setDay(day, { ...hours, closes: e.currentTarget.value })}
                  />
                </>
              )}
            </FormGroup>
          );
        })}
        <FormGroup
          label="Holidays"
          labelFor="business-holiday"
          helperText={
            problems.holidays ?? Object.entries(problems).find(([k]) => k.startsWith('holidays.'))?.[1]
          }
          intent={Object.keys(problems).some((k) => k.startsWith('holidays')) ? Intent.DANGER : Intent.NONE}
        >
          <ul className="business-hours__holidays" aria-label="Holidays">
            {draft.holidays.map((date, i) => (
              <li key={`${date}-${i}`}>
                {date}{' '}
                <Button
                  small
                  minimal
                  icon="cross"
                  aria-label={`Remove holiday ${date}`}
                  onClick={() => setDraft({ ...draft, holidays: draft.holidays.filter((_, j) => j !== i) })}
                />
              </li>
            ))}
          </ul>
          <div className="business-hours__add">
            <InputGroup
              id="business-holiday"
              type="date"
              aria-label="Holiday date"
              value={holiday}
              onChange={(e) => setHoliday(e.currentTarget.value)}
            />
            <Button icon="add" text="Add holiday" onClick={addHoliday} disabled={!holiday} />
          </div>
        </FormGroup>
      </fieldset>
      {allowed && (
        <Button type="submit" intent={Intent.PRIMARY} text="Save business hours" loading={save.isPending} />
      )}
    </form>
  );
}
