const sameDay = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const otherDay = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "3:05 PM" today, "Mar 2, 9:30 AM" before: a desk reads today's messages most. */
export function messageTime(iso: string | null): string {
  if (!iso) return '—';
  const at = new Date(iso);
  return (at.toDateString() === new Date().toDateString() ? sameDay : otherDay).format(at);
}
