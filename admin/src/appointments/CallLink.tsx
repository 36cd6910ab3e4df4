import { Link } from 'react-router';
import { routerPath } from '../shell/admin-pages.ts';

/** The way from an appointment booked on a phone call back to that call in Call Logs. */
export function CallLink({ callId }: { callId: number }) {
  return (
    <>
      {' · '}
      <Link to={`${routerPath('/admin/call-logs')}?call=${callId}`}>View the call</Link>
    </>
  );
}
