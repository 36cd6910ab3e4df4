import { Outlet } from 'react-router';
import { SessionGate } from '../session/SessionGate.tsx';
import { Sidebar } from './Sidebar.tsx';

/** Sidebar plus the current screen; every admin route renders inside it, for signed-in staff only. */
export function AdminShell() {
  return (
    <SessionGate>
      <div className="admin-shell">
        <Sidebar />
        <main className="admin-main">
          <Outlet />
        </main>
      </div>
    </SessionGate>
  );
}
