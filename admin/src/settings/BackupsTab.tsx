import { Callout, Card, Classes, H4, HTMLTable, Intent, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { LoadFailed } from '../shell/LoadFailed.tsx';
import { usePermission } from '../session/use-permission.ts';
import { BackUpNowButton } from './BackUpNowButton.tsx';
import { settingsQueries } from './settings.queries.ts';
import { backupSummary, whenOf } from './backup-summary.ts';

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** Settings → Backups: what is saved and whether a restore of it was proven; the owner can back up now. */
export function BackupsTab() {
  const api = useApi();
  const backups = useQuery(settingsQueries.backups(api));
  const mayBackUp = usePermission('backups').allowed;
  if (backups.isPending) return <Spinner aria-label="Loading backups" />;
  if (backups.isError) return <LoadFailed title="The backup status could not be loaded" />;
  const status = backups.data;
  // Ages are told as of the answer (refetched when the window regains focus or a failure is announced).
  const now = backups.dataUpdatedAt;
  return (
    <Card className="settings-card" role="region" aria-label="Backups">
      <H4>Backups</H4>
      <p data-testid="backup-summary">{backupSummary(status, now)}</p>
      {mayBackUp && <BackUpNowButton />}
      {status.lastFailure && (
        <Callout intent={Intent.DANGER} icon="error" title="The last backup run failed">
          {status.lastFailure.message} ({whenOf(status.lastFailure.at, now)})
          {status.failing && (
            <p>
              Failing since {whenOf(status.failing.since, now)}, {status.failing.attempts} tries so far
              {status.failing.nextAttemptAt
                ? `; the next one ${whenOf(status.failing.nextAttemptAt, now)} (each waits twice as long as the last, up to the schedule).`
                : '.'}
            </p>
          )}
        </Callout>
      )}
      {!status.lastFailure && status.lastVerification?.ok === false && (
        <Callout intent={Intent.DANGER} icon="error" title="The last restore test failed">
          {status.lastVerification.problems.join(' ')}
        </Callout>
      )}
      <HTMLTable compact className="settings-backups">
        <tbody>
          <tr>
            <th>Schedule</th>
            <td>
              {status.everyMinutes
                ? `Every ${status.everyMinutes} minutes`
                : 'Not scheduled (BACKUP_EVERY_MINUTES=0)'}
            </td>
          </tr>
          {status.lastBackup && (
            <tr>
              <th>Last backup</th>
              <td>
                {whenOf(status.lastBackup.at, now)}: database {megabytes(status.lastBackup.databaseBytes)},{' '}
                {status.lastBackup.photos} photo files
              </td>
            </tr>
          )}
          <tr>
            <th>Off-machine copy</th>
            <td>
              {!status.offSite.configured
                ? 'Not configured (BACKUP_S3_*): backups are on this server only'
                : status.offSite.lastError
                  ? `Failed: ${status.offSite.lastError}`
                  : status.offSite.lastCopiedAt
                    ? `Copied ${whenOf(status.offSite.lastCopiedAt, now)}`
                    : 'Not copied yet'}
            </td>
          </tr>
        </tbody>
      </HTMLTable>
      <p className={Classes.TEXT_MUTED}>
        The newest backup is restored into a temporary folder and checked once a day; `npm run backup:verify`
        does it on demand.
      </p>
    </Card>
  );
}
