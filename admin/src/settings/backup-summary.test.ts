import { describe, expect, it } from 'vitest';
import type { BackupStatus } from '@washdesk/contract';
import { backupSummary } from './backup-summary.ts';

const local = (y: number, m: number, d: number, h: number, min: number) =>
  new Date(y, m - 1, d, h, min).getTime();
const status = (over: Partial<BackupStatus>): BackupStatus => ({
  everyMinutes: 60,
  lastBackup: null,
  lastVerification: null,
  lastFailure: null,
  offSite: { configured: false, lastCopiedAt: null, lastError: null },
  ...over,
});
const backupAt = (at: number) => ({ name: 'b', at: new Date(at).toISOString(), databaseBytes: 1, photos: 0 });
const verifiedAt = (at: number, ok = true) => ({
  backup: 'b',
  at: new Date(at).toISOString(),
  ok,
  problems: [],
});

describe('the Backups line in Settings', () => {
  const now = local(2026, 11, 25, 11, 50);
  it('says how old the last backup is and when a restore of it was proven', () => {
    expect(
      backupSummary(
        status({
          lastBackup: backupAt(now - 40 * 60_000),
          lastVerification: verifiedAt(local(2026, 11, 25, 3, 10)),
        }),
        now,
      ),
    ).toBe('Last backup 40 min ago · verified today 03:10');
    expect(
      backupSummary(
        status({
          lastBackup: backupAt(now - 3 * 3_600_000),
          lastVerification: verifiedAt(local(2026, 11, 24, 3, 10)),
        }),
        now,
      ),
    ).toBe('Last backup 3 h ago · verified yesterday 03:10');
  });
  it('says so when there is none, none was proven, or the restore test failed', () => {
    expect(backupSummary(status({}), now)).toBe('No backup yet');
    expect(backupSummary(status({ lastBackup: backupAt(now) }), now)).toBe(
      'Last backup just now · not verified yet',
    );
    expect(
      backupSummary(
        status({
          lastBackup: backupAt(now - 60_000),
          lastVerification: verifiedAt(local(2026, 11, 20, 3, 10), false),
        }),
        now,
      ),
    ).toBe('Last backup 1 min ago · restore test FAILED Nov 20 03:10');
  });
});
