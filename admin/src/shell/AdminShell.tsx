import { Outlet } from 'react-router';
import { SessionGate } from '../session/SessionGate.tsx';
import { Sidebar } from './Sidebar.tsx';
import { LiveConnectionNotice, LiveEventsProvider } from '../live/LiveEvents.tsx';

/** Sidebar plus the current screen; every admin route renders inside it, for signed-in staff only. */
export function AdminShell() {
  return (
    <SessionGate>
      <LiveEventsProvider>
        <div className="admin-shell">
          <Sidebar />
          <main className="admin-main">
            <LiveConnectionNotice />
            <Outlet />
          </main>
        </div>
      </LiveEventsProvider>
    </SessionGate>
  );
}
