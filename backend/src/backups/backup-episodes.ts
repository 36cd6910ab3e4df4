import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomically } from './backup-manifest.ts';

/**
 * What is going wrong with backups, kept in a small file in the data folder (BACKUP_DIR may be the
 * very thing that cannot be written) so a restart neither forgets a failure nor announces it again.
 * An episode starts with the first failure of its kind and ends with the next success: staff hear
 * of each once when it starts and once when it ends (issue 31: an unwritable folder once sent
 * 16,844 e-mails in 33 s).
 */
export const EPISODE_KINDS = ['backup', 'offSite', 'shrink'] as const;
export type EpisodeKind = (typeof EPISODE_KINDS)[number];

export interface Episode {
  since: string;
  /** Failures in a row, the first included: the backoff's exponent. */
  attempts: number;
  lastAt: string;
  message: string;
}

export const BACKUP_STATE_FILE = 'backup-state.json';

export function backupEpisodes(dataDir: string, onSaveError?: (error: unknown) => void) {
  const file = path.join(dataDir, BACKUP_STATE_FILE);
  const state = read(file);
  const save = () => {
    try {
      writeFileAtomically(file, `${JSON.stringify(state, null, 1)}\n`);
    } catch (error) {
      onSaveError?.(error);
    }
  };
  return {
    current: (kind: EpisodeKind): Episode | null => state[kind] ?? null,
    /** The most recent failure of any kind still going on. */
    latest: (): Episode | null =>
      EPISODE_KINDS.map((k) => state[k])
        .filter((e): e is Episode => Boolean(e))
        .sort((a, b) => b.lastAt.localeCompare(a.lastAt))[0] ?? null,
    /** Counts a failure; true when it begins an episode (the one failure to announce). */
    failed(kind: EpisodeKind, at: string, message: string): boolean {
      const going = state[kind];
      state[kind] = going
        ? { ...going, attempts: going.attempts + 1, lastAt: at, message }
        : { since: at, attempts: 1, lastAt: at, message };
      save();
      return !going;
    },
    /** Ends an episode; returns it when there was one (the recovery to announce). */
    recovered(kind: EpisodeKind): Episode | null {
      const ended = state[kind] ?? null;
      if (!ended) return null;
      delete state[kind];
      save();
      return ended;
    },
  };
}
export type BackupEpisodes = ReturnType<typeof backupEpisodes>;

function read(file: string): Partial<Record<EpisodeKind, Episode>> {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Record<EpisodeKind, Episode>>;
    return Object.fromEntries(
      EPISODE_KINDS.filter((k) => parsed[k] && typeof parsed[k].lastAt === 'string').map((k) => [
        k,
        parsed[k],
      ]),
    );
  } catch {
    return {};
  }
}

/** The first retry a minute after a failure, then twice as long each time, never longer than the schedule. */
export const RETRY_FIRST_MS = 60_000;
export const retryDelay = (attempts: number, everyMs: number) =>
  Math.min(Math.max(everyMs, RETRY_FIRST_MS), RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1));
