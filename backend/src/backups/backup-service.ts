import type { BackupStatus } from '@washdesk/contract';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Clock } from '../time.ts';
import { backupFolder, BackupBusyError, type GoodBackup } from './backup-folder.ts';
import type { BackupManifest } from './backup-manifest.ts';
import { realTimer, type Timer } from './backup-timer.ts';
import { copyOffSite } from './off-site-copy.ts';
import { takeBackup } from './take-backup.ts';
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

/**
 * The server's backups: one every BACKUP_EVERY_MINUTES on the timer, each copied off the machine
 * when S3 is configured, the newest restored and checked daily; any failure announced to staff.
 */
export function backupService(deps: BackupServiceDeps) {
  const { config } = deps;
  const clock = deps.clock ?? Date.now;
  const timer = deps.timer ?? realTimer;
  const folder = backupFolder(config.backups.dir);
  const retention = { ...config.backups, timeZone: config.timeZone };
  let lastFailure: BackupStatus['lastFailure'] = null;
  const offSite = { lastCopiedAt: null as string | null, lastError: null as string | null };
  let chain: Promise<unknown> = Promise.resolve();
  let cancel: (() => void) | null = null;
  let stopped = false;

  const fail = (what: string, error: unknown) => {
    const message = `${what}: ${error instanceof Error ? error.message : String(error)}`;
    lastFailure = { at: new Date(clock()).toISOString(), message };
    deps.logger?.error({ backupDir: folder.dir }, message);
    deps.bus?.publish({ type: 'backup.failed', entityId: null, summary: message.slice(0, 300) });
    void deps.mailStaff?.(
      `Washdesk: ${what.toLowerCase()}`,
      `${message}\n\nBackups are in ${folder.dir}. Settings → Backups shows the latest state.`,
    );
  };

  const latestVerification = (): Verification | null =>
    folder
      .names()
      .map((name) => readVerification(folder.snapshotDir(name)))
      .filter((v): v is Verification => v !== null)
      .sort((a, b) => b.at.localeCompare(a.at))[0] ?? null;

  async function run(reason: BackupManifest['reason']): Promise<GoodBackup | null> {
    let backup: GoodBackup;
    try {
      backup = await takeBackup(
        { db: deps.db, photoDir: config.photoDir, backupDir: folder.dir, gitCommit: config.gitCommit },
        { reason, now: new Date(clock()), retention },
      );
      lastFailure = null;
      deps.logger?.info({ backup: backup.dir }, 'Backup taken');
    } catch (error) {
      // `npm run backup` holding the lock is taking this very backup: nothing is wrong.
      if (error instanceof BackupBusyError) {
        deps.logger?.warn({ backupDir: folder.dir }, `Scheduled backup skipped: ${error.message}`);
        return null;
      }
      fail('Backup failed', error);
      return null;
    }
    if (config.backups.s3) {
      try {
        await copyOffSite(config.backups.s3, folder, backup);
        offSite.lastCopiedAt = backup.manifest.takenAt;
        offSite.lastError = null;
      } catch (error) {
        offSite.lastError = error instanceof Error ? error.message : String(error);
        fail('Off-machine backup copy failed', error);
      }
    }
    const verified = latestVerification();
    if (!verified || clock() - Date.parse(verified.at) >= VERIFY_EVERY_MS) await verify(backup);
    return backup;
  }

  async function verify(backup: GoodBackup): Promise<Verification> {
    const result = await verifyBackup(folder.dir, backup, new Date(clock()));
    if (!result.ok)
      fail(`Backup ${backup.name} failed its restore test`, new Error(result.problems.join(' ')));
    return result;
  }

  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work, work);
    chain = next.catch(() => undefined);
    return next;
  };

  function arm() {
    if (stopped || config.backups.everyMinutes === 0) return;
    const every = config.backups.everyMinutes * 60_000;
    const last = folder.newest();
    const due = last ? Date.parse(last.manifest.takenAt) + every : clock() + every;
    cancel = timer.after(Math.max(0, due - clock()), () => {
      void serially(() => run('scheduled')).finally(arm);
    });
  }

  return {
    /** Takes a backup now (after any that is running); null when it failed (and was announced). */
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
        offSite: { configured: Boolean(config.backups.s3), ...offSite },
      };
    },
  };
}
export type BackupService = ReturnType<typeof backupService>;
