// US English like the rest of the admin's figures, in the desk's own time zone.
const sameDay = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const otherDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "3:05 PM" today, "Mar 2, 9:30 AM" before: a desk reads today's messages most. */
export function messageTime(iso: string | null, now = new Date()): string {
  if (!iso) return '—';
  const at = new Date(iso);
  return (at.toDateString() === now.toDateString() ? sameDay : otherDay).format(at);
}
