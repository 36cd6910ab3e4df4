import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Who holds a lock file: a process on this machine (checked alive), or one elsewhere. */
export interface LockHolder {
  pid: number;
  host: string;
  /**
   * False when the lock was written on another host name (another container on the same volume,
   * e.g. `docker compose run` beside the app's): that process cannot be checked from here.
   */
  checkable: boolean;
}

/**
 * An exclusive lock file naming its owner's pid and host, across processes. A lock whose owner
 * died (kill -9, a crash) is taken over; so is one naming our own pid that we do not hold (a
 * container restarted and got the same pid back). A lock from another host is taken over only
 * when `takeOverOtherHosts` (a server starting in a re-created container must not be locked out
 * by its own crashed predecessor); otherwise it counts as held.
 */
export function takePidLock(
  file: string,
  busy: (holder: LockHolder | null) => Error,
  options: { takeOverOtherHosts: boolean },
): () => void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid} ${os.hostname()}\n`, { flag: 'wx' });
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = pidLockHolder(file);
      if (holder && (holder.checkable || !options.takeOverOtherHosts)) throw busy(holder);
      fs.rmSync(file, { force: true });
    }
  }
  throw busy(null);
}

/** The process holding the lock (ours when this process holds it), or null when none lives. */
export function pidLockHolder(file: string): LockHolder | null {
  if (heldHere.has(file)) return { pid: process.pid, host: os.hostname(), checkable: true };
  let content: string;
  try {
    content = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const [pidText = '', host = os.hostname()] = content.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (host !== os.hostname()) return { pid, host, checkable: false };
  return pid !== process.pid && isAlive(pid) ? { pid, host, checkable: true } : null;
}

const heldHere = new Set<string>();

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
