import { useState } from 'react';
import {
  Button,
  Callout,
  Card,
  Classes,
  FormGroup,
  H4,
  HTMLSelect,
  InputGroup,
  Intent,
  Spinner,
  Switch,
} from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  followThroughSettingsSchema,
  type FollowThroughSettings,
  type FollowThroughStatus,
  type TemplateName,
} from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { fieldProblems } from '../api/problem-message.ts';
import { profileQueries } from '../profile/profile.queries.ts';
import { LoadFailed } from '../shell/LoadFailed.tsx';
import { textQueries } from '../texts/texts.queries.ts';
import { showFailureToast, showSuccessToast } from '../toaster.ts';
import { NotPermittedNotice } from '../session/NotPermittedNotice.tsx';
import { usePermission } from '../session/use-permission.ts';
import { MessageTemplate } from './MessageTemplate.tsx';
import type { PreviewContext } from './message-preview.ts';

type Toggle =
  'missedCallTextBack' | 'visitReminders' | 'quoteFollowUps' | 'reviewRequests' | 'reserviceReminders';
type Timing = 'reminderHours' | 'followUpDays';

const MESSAGES: {
  title: string;
  toggle: Toggle;
  help: string;
  timing?: { key: Timing; label: string };
  reviewLink?: true;
  templates: [TemplateName, string][];
}[] = [
  {
    title: 'Missed-call text-back',
    toggle: 'missedCallTextBack',
    help: 'One text with the photo-quote link after a missed, abandoned or call-back call (at most one a day per number)',
    templates: [['missedCallText', 'Missed-call text']],
  },
  {
    title: 'Visit reminders',
    toggle: 'visitReminders',
    help: 'Before each scheduled visit, by text and by e-mail; the customer can reply C or R',
    timing: { key: 'reminderHours', label: 'Hours before the visit' },
    templates: [['reminderText', 'Reminder text']],
  },
  {
    title: 'Quote follow-ups',
    toggle: 'quoteFollowUps',
    help: 'While a sent quote is neither accepted nor replaced, and its lead is open (for quotes sent from now on)',
    timing: { key: 'followUpDays', label: 'Days after the quote was sent' },
    templates: [
      ['followUpFirstText', 'First follow-up text'],
      ['followUpLaterText', 'Later follow-ups text'],
    ],
  },
  {
    title: 'Review request',
    toggle: 'reviewRequests',
    help: 'When a visit is marked completed; the same request to every customer',
    reviewLink: true,
    templates: [['reviewText', 'Review request text']],
  },
  {
    title: 'Re-service reminder',
    toggle: 'reserviceReminders',
    help: 'Eleven months after a house wash',
    templates: [['reserviceText', 'Re-service reminder text']],
  },
];

/** Each message's English text, then its Spanish one (for customers whose language is Spanish). */
const withSpanish = (templates: [TemplateName, string][]): [TemplateName, string][] =>
  templates.flatMap(([name, label]): [TemplateName, string][] => [
    [name, label],
    [`${name}Es` as TemplateName, `${label} (Spanish)`],
  ]);

/** Settings → Automatic messages: each message's switch, timing and text, saved together. */
export function AutomaticMessagesTab() {
  const api = useApi();
  const saved = useQuery(textQueries.settings(api));
  const status = useQuery(textQueries.settingsStatus(api));
  const profile = useQuery(profileQueries.publicProfile(api));
  // The sample visit's day is two days from when the tab opened.
  const [now] = useState(() => Date.now());
  const preview: PreviewContext | null = profile.data
    ? {
        businessName: profile.data.businessName,
        phone: profile.data.phone,
        origin: window.location.origin,
        settings: { reviewLink: saved.data?.reviewLink ?? '' },
        now,
      }
    : null;
  return (
    <div className="automatic-messages">
      <NotPermittedNotice permission="messageTemplates" />
      {status.data && <SendingStatus status={status.data} />}
      {saved.isPending && <Spinner size={20} aria-label="Loading automatic messages" />}
      {saved.isError && <LoadFailed title="The automatic messages could not be loaded" />}
      {saved.data && <AutomaticMessagesForm saved={saved.data} preview={preview} />}
    </div>
  );
}

const hour = (h: number) => `${h % 12 || 12} ${h < 12 ? 'AM' : 'PM'}`;

/** What can send on this server, said plainly, and when nothing automatic goes. */
function SendingStatus({ status }: { status: FollowThroughStatus }) {
  const off = [
    !status.texts &&
      'Texts are off: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_PHONE_NUMBER are not set.',
    !status.email && 'E-mails are off: SMTP_URL is not set.',
  ].filter(Boolean);
  return (
    <>
      {off.length > 0 && (
        <Callout
          intent={Intent.WARNING}
          title="Some automatic messages cannot go"
          className="automatic-messages__off"
        >
          {off.map((line) => (
            <p key={String(line)}>{line}</p>
          ))}
          <p>Nothing is sent that way until they are set; the texts below are kept for when they are.</p>
        </Callout>
      )}
      <p className="automatic-messages__quiet">
        Quiet hours: {hour(status.quietHours.startHour)} – {hour(status.quietHours.endHour)}, business time.
        Nothing automatic goes then; what falls due waits for the morning.
      </p>
    </>
  );
}

const timingText = (list: number[]) => list.join(', ');
const timingOf = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(Number);

function AutomaticMessagesForm({
  saved,
  preview,
}: {
  saved: FollowThroughSettings;
  preview: PreviewContext | null;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { allowed } = usePermission('messageTemplates');
  const [draft, setDraft] = useState(saved);
  const [timings, setTimings] = useState({
    reminderHours: timingText(saved.reminderHours),
    followUpDays: timingText(saved.followUpDays),
  });
  const [serverProblems, setServerProblems] = useState<Record<string, string>>({});
  const candidate = {
    ...draft,
    reminderHours: timingOf(timings.reminderHours),
    followUpDays: timingOf(timings.followUpDays),
  };
  // The contract's own rules, so a field the server would refuse is named while staff type.
  const checked = followThroughSettingsSchema.safeParse(candidate);
  const problems: Record<string, string> = { ...serverProblems };
  if (!checked.success)
    for (const issue of [...checked.error.issues].reverse()) problems[String(issue.path[0])] = issue.message;
  const save = useMutation({
    mutationFn: (next: FollowThroughSettings) =>
      api.send('PUT', '/api/texts/settings', next, followThroughSettingsSchema),
    onSuccess: (stored) => {
      queryClient.setQueryData(textQueries.settings(api).queryKey, stored);
      // The status line above says the quiet hours the scheduler now uses.
      void queryClient.invalidateQueries({ queryKey: textQueries.settingsStatus(api).queryKey });
      setServerProblems({});
      showSuccessToast('Automatic messages updated successfully');
    },
    onError: (error) => {
      setServerProblems(fieldProblems(error));
      showFailureToast('Failed to update automatic messages', error);
    },
  });
  const change = (next: Partial<FollowThroughSettings>) => {
    setServerProblems({});
    setDraft({ ...draft, ...next });
  };
  const context = preview && { ...preview, settings: { reviewLink: draft.reviewLink } };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (checked.success) save.mutate(checked.data);
      }}
    >
      {/* Everyone reads what goes out; only whoever may change it gets working controls. */}
      <fieldset className="settings-columns permission-fieldset" disabled={!allowed}>
        {MESSAGES.map((m) => (
          <Card key={m.toggle} className="settings-card" role="region" aria-label={m.title}>
            <H4>{m.title}</H4>
            <Switch
              large
              checked={draft[m.toggle]}
              label={`${m.title} on`}
              onChange={(e) => change({ [m.toggle]: e.currentTarget.checked })}
            />
            <p className={Classes.TEXT_MUTED}>{m.help}</p>
            {m.timing && (
              <FormGroup
                label={m.timing.label}
                labelFor={`timing-${m.timing.key}`}
                helperText={problems[m.timing.key] ?? 'Separate several with commas'}
                intent={problems[m.timing.key] ? Intent.DANGER : Intent.NONE}
              >
                <InputGroup
                  id={`timing-${m.timing.key}`}
                  value={timings[m.timing.key]}
                  onValueChange={(value) => {
                    setServerProblems({});
                    setTimings({ ...timings, [m.timing!.key]: value });
                  }}
                />
              </FormGroup>
            )}
            {m.reviewLink && (
              <FormGroup
                label="Review link"
                labelFor="review-link"
                helperText={problems.reviewLink ?? 'Your Google review link; without one no request goes'}
                intent={problems.reviewLink ? Intent.DANGER : Intent.NONE}
              >
                <InputGroup
                  id="review-link"
                  value={draft.reviewLink}
                  placeholder="https://g.page/r/…/review"
                  onValueChange={(reviewLink) => change({ reviewLink })}
                />
              </FormGroup>
            )}
            {withSpanish(m.templates).map(([name, label]) => (
              <MessageTemplate
                key={name}
                name={name}
                label={label}
                text={draft[name]}
                problem={problems[name]}
                preview={context}
                onChange={(text) => change({ [name]: text })}
              />
            ))}
          </Card>
        ))}
        <QuietHoursCard
          value={draft.quietHours}
          problem={problems.quietHours}
          onChange={(quietHours) => change({ quietHours })}
        />
      </fieldset>
      {allowed && (
        <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} disabled={!checked.success}>
          Save automatic messages
        </Button>
      )}
    </form>
  );
}

const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: h, label: hour(h) }));

/** One end of the quiet hours: a whole hour of the business's day. */
const hourSelect = (id: string, hour: number, set: (hour: number) => void) => (
  <HTMLSelect id={id} options={HOURS} value={hour} onChange={(e) => set(Number(e.currentTarget.value))} />
);

/** When nothing automatic goes (business time); a direct answer to a customer's own text still does. */
function QuietHoursCard({
  value,
  problem,
  onChange,
}: {
  value: FollowThroughSettings['quietHours'];
  problem: string | undefined;
  onChange: (next: FollowThroughSettings['quietHours']) => void;
}) {
  return (
    <Card className="settings-card" role="region" aria-label="Quiet hours">
      <H4>Quiet hours</H4>
      <p className={Classes.TEXT_MUTED}>
        Nothing automatic goes between these hours, business time; what falls due waits until they end.
      </p>
      <FormGroup
        label="From"
        labelFor="quiet-hours-start"
        intent={problem ? Intent.DANGER : Intent.NONE}
        helperText={problem}
      >
        {hourSelect('quiet-hours-start', value.startHour, (startHour) => onChange({ ...value, startHour }))}
      </FormGroup>
      <FormGroup label="Until" labelFor="quiet-hours-end">
        {hourSelect('quiet-hours-end', value.endHour, (endHour) => onChange({ ...value, endHour }))}
      </FormGroup>
    </Card>
  );
}
