import { incomingDir } from '../photos/photo.storage.ts';
import type { BackupStatus } from '@washdesk/contract';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Clock } from '../time.ts';
import { backupFolder, BackupBusyError, type GoodBackup } from './backup-folder.ts';
import { backupEpisodes, retryDelay, RETRY_FIRST_MS, type EpisodeKind } from './backup-episodes.ts';
import type { BackupManifest } from './backup-manifest.ts';
import { isShrunk, lastNormalBackup, rowsIn } from './retention.ts';
import { realTimer, type Timer } from './backup-timer.ts';
import { copyOffSite } from './off-site-copy.ts';
import { takeBackup, type TakenBackup } from './take-backup.ts';
import { readVerification, verifyBackup, type Verification } from './verify-backup.ts';

/** A restore test at most this often: the newest backup is proven once a day. */
const VERIFY_EVERY_MS = 24 * 3_600_000;

export interface BackupServiceDeps {
  db: Db;
  config: Config;
  clock?: Clock;
  timer?: Timer;
  bus?: EventBus;
  /** Tells staff by e-mail (when SMTP_URL is set); never throws. */
  mailStaff?: (subject: string, text: string) => Promise<void>;
  logger?: Logger;
}

/** What one backup run came to: the backup, or why there is none. */
export type BackupOutcome = { ok: true; backup: GoodBackup } | { ok: false; busy: boolean; message: string };

/**
 * The server's backups: one every BACKUP_EVERY_MINUTES on the timer, each copied off the machine
 * when S3 is configured, the newest restored and checked daily.
 * Failing well (issue 31): a failed backup is retried after a minute, then twice as long each
 * time up to the schedule; staff hear of a failure once when it starts (event, e-mail, error log)
 * and once when backups work again; the episode is kept in the data folder across restarts.
 */
export function backupService(deps: BackupServiceDeps) {
  const { config } = deps;
  const clock = deps.clock ?? Date.now;
  const timer = deps.timer ?? realTimer;
  const folder = backupFolder(config.backups.dir);
  const retention = { ...config.backups, timeZone: config.timeZone };
  const everyMs = config.backups.everyMinutes * 60_000;
  const episodes = backupEpisodes(config.dataDir, (error) =>
    deps.logger?.error({ err: error }, 'Could not keep the backup failure state'),
  );
  // What Settings shows until the next success; a restart remembers a failure still going on.
  let lastFailure: BackupStatus['lastFailure'] = episodes.latest()
    ? { at: episodes.latest()!.lastAt, message: episodes.latest()!.message }
    : null;
  const offSite = {
    lastCopiedAt: null as string | null,
    lastError: episodes.current('offSite')?.message ?? null,
  };
  let chain: Promise<unknown> = Promise.resolve();
  let cancel: (() => void) | null = null;
  let stopped = false;
  /** When `npm run backup` held the lock: try again a minute later, not at once. */
  let busyRetryAt: number | null = null;
  /** The last backup's integrity_check, still running after it (take-backup.ts): stop() waits for it. */
  let checking: Promise<unknown> = Promise.resolve();

  const tell = (
    type: 'backup.failed' | 'backup.recovered' | 'backup.shrunk',
    subject: string,
    text: string,
  ) => {
    deps.bus?.publish({ type, entityId: null, summary: text.split('\n')[0]!.slice(0, 300) });
    void deps.mailStaff?.(
      `Washdesk: ${subject}`,
      `${text}\n\nBackups are in ${folder.dir}. Settings → Backups shows the latest state.`,
    );
  };

  /** A failure of one kind: shown in Settings; announced only when it begins an episode. */
  const fail = (kind: EpisodeKind | null, what: string, error: unknown) => {
    const message = `${what}: ${error instanceof Error ? error.message : String(error)}`;
    const at = new Date(clock()).toISOString();
    lastFailure = { at, message };
    const begins = kind ? episodes.failed(kind, at, message) : true;
    if (begins) {
      deps.logger?.error({ backupDir: folder.dir }, message);
      tell('backup.failed', what.toLowerCase(), message);
    } else {
      const episode = episodes.current(kind!)!;
      deps.logger?.warn(
        { backupDir: folder.dir, attempts: episode.attempts, since: episode.since },
        `${message} (still failing; staff were told at ${episode.since})`,
      );
    }
  };

  const recover = (kind: EpisodeKind, what: string) => {
    const ended = episodes.recovered(kind);
    if (!ended) return;
    const message = `${what} work again (failing since ${ended.since}, ${ended.attempts} failed attempt(s)).`;
    deps.logger?.info({ backupDir: folder.dir }, message);
    tell('backup.recovered', `${what.toLowerCase()} work again`, message);
  };

  /** Much smaller than the last normal backup: told once, while that one is kept by retention. */
  const checkSize = (backup: GoodBackup) => {
    const normal = lastNormalBackup(folder.good());
    if (!normal || normal.name === backup.name || !isShrunk(rowsIn(backup), rowsIn(normal))) {
      episodes.recovered('shrink');
      return;
    }
    const message =
      `Backup ${backup.name} holds ${rowsIn(backup)} rows; the last normal one, ${normal.name}, holds ${rowsIn(normal)}. ` +
      `That backup is kept until the database is back to its size. If the data was not removed on purpose, ` +
      `stop the server and restore it: npm run restore -- ${normal.name} --force`;
    if (episodes.failed('shrink', backup.manifest.takenAt, message)) {
      deps.logger?.warn({ backupDir: folder.dir }, message);
      tell('backup.shrunk', 'the newest backup is much smaller than before', message);
    }
  };

  const latestVerification = (): Verification | null =>
    folder
      .names()
      .map((name) => readVerification(folder.snapshotDir(name)))
      .filter((v): v is Verification => v !== null)
      .sort((a, b) => b.at.localeCompare(a.at))[0] ?? null;

  async function run(reason: BackupManifest['reason']): Promise<BackupOutcome> {
    busyRetryAt = null;
    let backup: TakenBackup;
    try {
      backup = await takeBackup(
        {
          db: deps.db,
          photoDir: config.photoDir,
          incomingDir: incomingDir(config),
          backupDir: folder.dir,
          gitCommit: config.gitCommit,
        },
        { reason, now: new Date(clock()), retention },
      );
      lastFailure = null;
      deps.logger?.info({ backup: backup.dir }, 'Backup taken');
      recover('backup', 'Backups');
    } catch (error) {
      // `npm run backup` holding the lock is taking this very backup: nothing is wrong.
      if (error instanceof BackupBusyError) {
        deps.logger?.warn({ backupDir: folder.dir }, `Backup skipped: ${error.message}`);
        busyRetryAt = clock() + RETRY_FIRST_MS;
        return { ok: false, busy: true, message: error.message };
      }
      fail('backup', 'Backup failed', error);
      return { ok: false, busy: false, message: lastFailure!.message };
    }
    checkSize(backup);
    const { name } = backup;
    checking = backup.checked.then((check) => {
      // A copy that fails it is a faithful copy of a damaged database: staff must hear of it now.
      if (check?.problems.length)
        fail(
          null,
          `Backup ${name}: the database failed integrity_check`,
          new Error(check.problems.join(' ')),
        );
    });
    if (config.backups.s3) {
      try {
        await copyOffSite(config.backups.s3, folder, backup);
        offSite.lastCopiedAt = backup.manifest.takenAt;
        offSite.lastError = null;
        recover('offSite', 'Off-machine backup copies');
      } catch (error) {
        offSite.lastError = error instanceof Error ? error.message : String(error);
        fail('offSite', 'Off-machine backup copy failed', error);
      }
    }
    const verified = latestVerification();
    if (!verified || clock() - Date.parse(verified.at) >= VERIFY_EVERY_MS) {
      // One integrity_check of a large database at a time.
      await checking;
      await verify(backup);
    }
    return { ok: true, backup };
  }

  async function verify(backup: GoodBackup): Promise<Verification> {
    const result = await verifyBackup(folder.dir, backup, new Date(clock()));
    if (!result.ok)
      // At most daily (verified.json records it), so each failed restore test is told.
      fail(null, `Backup ${backup.name} failed its restore test`, new Error(result.problems.join(' ')));
    return result;
  }

  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work, work);
    chain = next.catch(() => undefined);
    return next;
  };

  /** When the next backup is due: on the schedule, or a failure's backoff, or a minute after a busy lock. */
  function dueAt(): number {
    const failing = episodes.current('backup');
    if (failing) return Date.parse(failing.lastAt) + retryDelay(failing.attempts, everyMs);
    if (busyRetryAt !== null) return busyRetryAt;
    const last = folder.newest();
    return last ? Date.parse(last.manifest.takenAt) + everyMs : clock() + everyMs;
  }

  const failingNow = (): BackupStatus['failing'] => {
    const episode = episodes.current('backup');
    if (!episode) return null;
    const scheduled = !stopped && config.backups.everyMinutes > 0;
    return {
      since: episode.since,
      attempts: episode.attempts,
      nextAttemptAt: scheduled ? new Date(dueAt()).toISOString() : null,
    };
  };

  function arm() {
    if (stopped || config.backups.everyMinutes === 0) return;
    cancel = timer.after(Math.max(0, dueAt() - clock()), () => {
      void serially(() => run('scheduled')).finally(arm);
    });
  }

  return {
    /** Takes a backup now (after any that is running): Settings' "Back up now" and its honest answer. */
    backUpNow: (reason: BackupManifest['reason'] = 'manual') => serially(() => run(reason)),
    verifyLatest: () =>
      serially(async () => {
        const latest = folder.newest();
        return latest ? verify(latest) : null;
      }),
    start: arm,
    /** Stops the timer and waits for a backup under way. */
    async stop() {
      stopped = true;
      cancel?.();
      await chain;
      await checking;
    },
    status(): BackupStatus {
      const latest = folder.newest();
      return {
        everyMinutes: config.backups.everyMinutes,
        lastBackup: latest
          ? {
              name: latest.name,
              at: latest.manifest.takenAt,
              databaseBytes: latest.manifest.database.bytes,
              photos: latest.manifest.photos.length,
            }
          : null,
        lastVerification: latestVerification(),
        lastFailure,
        failing: failingNow(),
        offSite: { configured: Boolean(config.backups.s3), ...offSite },
      };
    },
  };
}
export type BackupService = ReturnType<typeof backupService>;
