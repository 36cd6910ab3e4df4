import fs from 'node:fs';
import path from 'node:path';

/**
 * An exclusive lock file naming its owner's pid, across processes. A lock whose owner died
 * (kill -9, a crash) is taken over; so is one naming our own pid that we do not hold (a container
 * restarted and got the same pid back).
 */
export function takePidLock(file: string, busy: (pid: number) => Error): () => void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = pidLockHolder(file);
      if (holder !== null) throw busy(holder);
      fs.rmSync(file, { force: true });
    }
  }
  throw busy(0);
}

/** The pid of the live process holding the lock (ours when this process holds it), or null. */
export function pidLockHolder(file: string): number | null {
  if (heldHere.has(file)) return process.pid;
  let owner: number;
  try {
    owner = Number(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  return owner && owner !== process.pid && isAlive(owner) ? owner : null;
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
