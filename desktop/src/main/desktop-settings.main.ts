import fs from 'node:fs';
import path from 'node:path';
import { NOTIFICATION_KINDS, type NotificationKind } from '@washdesk/contract';

/** What this computer remembers (the app's user-data folder): never anything of the staff member's. */
export interface DesktopSettings {
  /** The server chosen on the connect screen. */
  serverUrl: string | null;
  /** Kinds of notification turned off on this computer. */
  mutedKinds: NotificationKind[];
}

const DEFAULTS: DesktopSettings = { serverUrl: null, mutedKinds: [] };

/** Reads and writes `settings.json` in the given folder; a missing or damaged file means the defaults. */
export function desktopSettings(folder: string) {
  const file = path.join(folder, 'settings.json');
  const read = (): DesktopSettings => {
    let raw: unknown;
    try {
      raw = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      return { ...DEFAULTS };
    }
    const saved = (raw ?? {}) as Partial<Record<keyof DesktopSettings, unknown>>;
    return {
      serverUrl: typeof saved.serverUrl === 'string' ? saved.serverUrl : null,
      mutedKinds: Array.isArray(saved.mutedKinds)
        ? NOTIFICATION_KINDS.map((k) => k.kind).filter((kind) =>
            (saved.mutedKinds as unknown[]).includes(kind),
          )
        : [],
    };
  };
  let current = read();
  const write = (next: DesktopSettings) => {
    fs.mkdirSync(folder, { recursive: true });
    // Written whole then renamed, so a crash mid-write never leaves half a file.
    const scratch = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(scratch, JSON.stringify(next, null, 2));
    fs.renameSync(scratch, file);
    current = next;
  };
  return {
    get: (): DesktopSettings => current,
    saveServer: (serverUrl: string) => write({ ...current, serverUrl }),
    isMuted: (kind: NotificationKind) => current.mutedKinds.includes(kind),
    setMuted(kind: NotificationKind, muted: boolean) {
      const others = current.mutedKinds.filter((k) => k !== kind);
      write({ ...current, mutedKinds: muted ? [...others, kind] : others });
    },
  };
}
export type DesktopSettingsStore = ReturnType<typeof desktopSettings>;
