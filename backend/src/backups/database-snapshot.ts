import { fork } from 'node:child_process';
import path from 'node:path';
import type { BackupManifest } from './backup-manifest.ts';
import type { SnapshotAnswer } from './database-snapshot.child.ts';

const CHILD = path.join(import.meta.dirname, 'database-snapshot.child.ts');

export interface DatabaseSnapshot {
  /** The snapshot's read transaction is open; no page is copied until `go()`. */
  open: Promise<void>;
  go(): void;
  /** The copy is whole and self-contained: `target` may be read. */
  copied: Promise<void>;
  /** What the manifest says of the copy. */
  described: Promise<{
    migrations: BackupManifest['migrations'];
    rowCounts: Record<string, number>;
    sha256: string;
  }>;
  /** The copy's `integrity_check`: the problems found, none when it is good. */
  checked: Promise<string[]>;
  /** Ends the child if it still runs (a backup that failed elsewhere). */
  stop(): void;
}

/**
 * The live database copied to `target` by a child process (database-snapshot.child.ts) with a
 * connection of its own: a point-in-time copy that never holds the server's writes back (a
 * reader under WAL) and never restarts because of them (one read transaction), described and
 * then checked with `integrity_check` there while the backup's own process stores the photos.
 */
export function snapshotDatabaseApart(source: string, target: string): DatabaseSnapshot {
  const child = fork(CHILD, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<SnapshotAnswer['state'], (answer: SnapshotAnswer) => void>();
  let failure: Error | null = null;
  const failAll = (error: Error) => {
    failure ??= error;
    for (const settle of waiting.values()) settle({ state: 'failed', message: failure.message });
    waiting.clear();
  };
  const when = <S extends SnapshotAnswer['state']>(state: S) => {
    const answer = new Promise<Extract<SnapshotAnswer, { state: S }>>((resolve, reject) => {
      if (failure) return reject(failure);
      waiting.set(state, (a) => (a.state === 'failed' ? reject(new Error(a.message)) : resolve(a as never)));
    });
    // Awaited in their turn by the backup; a failure before then is not an unhandled one.
    answer.catch(() => {});
    return answer;
  };
  const open = when('open').then(() => undefined);
  const copied = when('copied').then(() => undefined);
  const described = when('described').then(({ migrations, rowCounts, sha256 }) => ({
    migrations,
    rowCounts,
    sha256,
  }));
  const checked = when('checked').then(({ problems }) => problems);
  for (const p of [open, copied, described, checked]) p.catch(() => {});
  child.on('message', (answer: SnapshotAnswer) => {
    if (answer.state === 'failed') return failAll(new Error(`The database copy failed: ${answer.message}`));
    waiting.get(answer.state)?.(answer);
    waiting.delete(answer.state);
  });
  child.once('error', failAll);
  child.once('exit', (code, signal) =>
    failAll(new Error(`The database copy ended before it was done (${signal ?? code}).`)),
  );
  child.send({ source, target });
  return {
    open,
    copied,
    described,
    checked,
    go: () => child.send({ go: true }),
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
    },
  };
}
