import { Button, Classes, Intent } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backupTakenSchema } from '@washdesk/contract';
import { ApiError } from '../api/api-client.ts';
import { useApi } from '../api/api-context.tsx';
import { problemMessage } from '../api/problem-message.ts';
import { showFailureToast, showSuccessToast } from '../toaster.ts';
import { backupQueries } from './settings.queries.ts';

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/**
 * The owner's "Back up now" (the server refuses anyone else; the button is only offered to the
 * owner). It waits for the backup and says what happened: the backup taken, or why there is none
 * (the card's failure notice then shows the same, as the server keeps it).
 */
export function BackUpNowButton() {
  const api = useApi();
  const queryClient = useQueryClient();
  const backUp = useMutation({
    mutationFn: () => api.send('POST', '/api/backups', undefined, backupTakenSchema),
    onSuccess: (taken) =>
      showSuccessToast(
        `Backup taken: database ${megabytes(taken.databaseBytes)}, ${taken.photos} photo files`,
      ),
    // A failed backup's reason is the owner's to read (unlike other server failures): it is what to fix.
    onError: (error) =>
      showFailureToast(
        error instanceof ApiError && error.body?.message
          ? `Backup failed: ${error.body.message.replace(/^Backup failed: /, '')}`
          : problemMessage(error),
        error,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupQueries.all }),
  });
  return (
    <div className="settings-backup-now">
      <Button
        intent={Intent.PRIMARY}
        icon="floppy-disk"
        loading={backUp.isPending}
        onClick={() => backUp.mutate()}
        text="Back up now"
      />
      <span role="status" className={Classes.TEXT_MUTED}>
        {backUp.isPending ? 'Backing up the database and photos…' : ''}
      </span>
    </div>
  );
}
