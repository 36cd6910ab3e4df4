import type { BackupStatus } from '@washdesk/contract';

/** "40 min ago", "3 h ago", "2 days ago": how old the last backup is, at a glance. */
export function ageOf(at: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(at)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** "today 03:10", "yesterday 03:10", or "Nov 3 03:10", in the browser's time zone. */
export function whenOf(at: string, now: number): string {
  const date = new Date(at);
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  if (sameDay(date, new Date(now))) return `today ${time}`;
  if (sameDay(date, new Date(now - 86_400_000))) return `yesterday ${time}`;
  return `${date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })} ${time}`;
}

/** The one line Settings → Backups leads with: "Last backup 40 min ago · verified today 03:10". */
export function backupSummary(status: BackupStatus, now: number): string {
  if (!status.lastBackup) return 'No backup yet';
  const parts = [`Last backup ${ageOf(status.lastBackup.at, now)}`];
  const v = status.lastVerification;
  if (v) parts.push(`${v.ok ? 'verified' : 'restore test FAILED'} ${whenOf(v.at, now)}`);
  else parts.push('not verified yet');
  return parts.join(' · ');
}
