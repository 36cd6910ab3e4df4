import { useState } from 'react';
import { Card, Classes, FormGroup, H4, Slider, Spinner, Switch } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RESPONSE_DELAY, type AiSettings } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { PerformanceMetricsCard } from '../ai-responses/PerformanceMetricsCard.tsx';
import { showFailureToast, showSuccessToast } from '../toaster.ts';
import { saveAiSettings, settingsQueries } from './settings.queries.ts';
import { LoadFailed } from '../shell/LoadFailed.tsx';
import { NotPermittedNotice } from '../session/NotPermittedNotice.tsx';
import { usePermission } from '../session/use-permission.ts';

type Toggle =
  'friendlyTone' | 'autoScheduleQuotes' | 'photoRequestPrompts' | 'messengerAutoReply' | 'textAutoReply';

const TOGGLES: { key: Toggle; label: string; help: string }[] = [
  { key: 'friendlyTone', label: 'Friendly Tone', help: 'Use casual, conversational language' },
  { key: 'autoScheduleQuotes', label: 'Auto-Schedule Quotes', help: 'Automatically offer quote scheduling' },
  { key: 'photoRequestPrompts', label: 'Photo Request Prompts', help: 'Suggest customers send photos' },
  {
    key: 'messengerAutoReply',
    label: 'Messenger auto-reply',
    help: 'The AI answers Facebook messages until a staff member replies',
  },
  {
    key: 'textAutoReply',
    label: 'Text auto-reply',
    help: 'The AI answers texts to the business number until a staff member takes the thread over',
  },
];

/** Settings → AI Settings: the assistant's switches, each change saved at once (spec 4). */
export function AiSettingsTab() {
  const api = useApi();
  const saved = useQuery(settingsQueries.ai(api));
  return (
    <div className="settings-columns">
      <Card className="settings-card">
        <H4>AI Assistant Behaviour</H4>
        <NotPermittedNotice permission="aiBehaviour" />
        {saved.isPending && <Spinner size={20} aria-label="Loading AI settings" />}
        {saved.isError && <LoadFailed title="The AI settings could not be loaded" />}
        {saved.data && <AiSettingsForm saved={saved.data} />}
      </Card>
      <PerformanceMetricsCard />
    </div>
  );
}

function AiSettingsForm({ saved }: { saved: AiSettings }) {
  const api = useApi();
  const queryClient = useQueryClient();
  // Shown to everyone (staff see how the assistant is set), changed only by whoever may.
  const { allowed } = usePermission('aiBehaviour');
  // What staff see while a change is on its way; cleared once the server has answered.
  const [draft, setDraft] = useState<AiSettings | null>(null);
  const settings = draft ?? saved;
  const save = useMutation({
    mutationFn: (next: AiSettings) => saveAiSettings(api, next),
    onSuccess: (stored) => {
      queryClient.setQueryData(settingsQueries.ai(api).queryKey, stored);
      showSuccessToast('AI settings updated successfully');
    },
    // The switches go back to what the server really holds, so nothing looks saved that is not.
    onError: () => showFailureToast('Failed to update AI settings'),
    onSettled: () => setDraft(null),
  });
  const change = (next: AiSettings) => {
    setDraft(next);
    save.mutate(next);
  };

  return (
    <>
      {TOGGLES.map((t) => (
        <Switch
          key={t.key}
          large
          disabled={!allowed}
          checked={settings[t.key]}
          onChange={(e) => change({ ...settings, [t.key]: e.currentTarget.checked })}
          labelElement={
            <span className="settings-toggle__label">
              <strong>{t.label}</strong>
              <span className={Classes.TEXT_MUTED}>{t.help}</span>
            </span>
          }
        />
      ))}
      <FormGroup
        label={`Response Delay: ${settings.responseDelay}s`}
        helperText="Artificial delay before the AI replies"
        className="settings-delay"
      >
        <Slider
          min={RESPONSE_DELAY.min}
          max={RESPONSE_DELAY.max}
          stepSize={RESPONSE_DELAY.step}
          labelStepSize={1}
          labelRenderer={(v) => `${v}s`}
          value={settings.responseDelay}
          disabled={!allowed}
          // Dragging only moves the handle; the value is saved once it is let go.
          onChange={(responseDelay) => setDraft({ ...settings, responseDelay })}
          onRelease={(responseDelay) => change({ ...settings, responseDelay })}
          handleHtmlProps={{ 'aria-label': 'Response Delay' }}
        />
      </FormGroup>
    </>
  );
}
