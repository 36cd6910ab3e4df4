import { useState } from 'react';
import { Button, Callout, Card, Classes, H4, Intent, Switch } from '@blueprintjs/core';
import { NOTIFICATION_KINDS, type NotificationKind } from '@washdesk/contract';
import {
  readNotificationPreferences,
  saveNotificationPreferences,
  type NotificationPreferences,
} from './notification-preferences.ts';

const currentPermission = () =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/**
 * Settings → Notifications: browser notifications, one switch per kind of the contract's list,
 * while this page is in the background. The browser's permission is asked only from the
 * button here, never when a page opens.
 */
export function NotificationsTab() {
  const [preferences, setPreferences] = useState(readNotificationPreferences);
  const [permission, setPermission] = useState(currentPermission);
  const save = (next: NotificationPreferences) => {
    saveNotificationPreferences(next);
    setPreferences(next);
  };
  const turnOn = async () => {
    const answer = await Notification.requestPermission();
    setPermission(answer);
    if (answer === 'granted') save({ ...preferences, enabled: true });
  };
  const toggleKind = (kind: NotificationKind, on: boolean) =>
    save({
      ...preferences,
      muted: on ? preferences.muted.filter((k) => k !== kind) : [...preferences.muted, kind],
    });
  const active = preferences.enabled && permission === 'granted';

  return (
    <Card className="settings-card" role="region" aria-label="Browser notifications">
      <H4>Browser notifications</H4>
      <p className={Classes.TEXT_MUTED}>
        While this page is open in the background, this browser can tell you about new calls, missed calls,
        Messenger messages, web leads, and quotes customers accept or ask about (those also show as a message
        in the page while you are looking at it). Your own actions never notify you. This choice is kept in
        this browser only.
      </p>
      {permission === 'unsupported' && (
        <Callout intent={Intent.WARNING}>This browser cannot show notifications.</Callout>
      )}
      {permission === 'denied' && (
        <Callout intent={Intent.WARNING}>
          Notifications are blocked for this site in the browser&apos;s settings. Allow them there, then come
          back here.
        </Callout>
      )}
      {permission !== 'unsupported' && permission !== 'denied' && !active && (
        <Button
          intent={Intent.PRIMARY}
          icon="notifications"
          text="Turn on notifications"
          onClick={() => void turnOn()}
        />
      )}
      {active && (
        <>
          <p role="status">Notifications are on in this browser.</p>
          {NOTIFICATION_KINDS.map(({ kind, label }) => (
            <Switch
              key={kind}
              label={label}
              checked={!preferences.muted.includes(kind)}
              onChange={(e) => toggleKind(kind, e.currentTarget.checked)}
            />
          ))}
          <Button
            icon="notifications-snooze"
            text="Turn off notifications"
            onClick={() => save({ ...preferences, enabled: false })}
          />
        </>
      )}
    </Card>
  );
}
