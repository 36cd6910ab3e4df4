import { useEffect, useState } from 'react';
import { Button, ButtonVariant } from '@blueprintjs/core';
import { Outlet } from 'react-router';
import { Sidebar } from './Sidebar.tsx';
import { LiveConnectionNotice, LiveEventsProvider } from '../live/LiveEvents.tsx';
import { installToastHotkey } from '../toaster.ts';

const SIDEBAR_ID = 'admin-sidebar';

/**
 * Sidebar plus the current screen; every admin route renders inside it, for signed-in staff only
 * (AdminApp's SessionGate shows it only to them).
 * On a narrow window (a phone) the sidebar folds away behind a menu button instead of stacking
 * above the page, so the screen starts at the top.
 */
export function AdminShell() {
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(installToastHotkey, []);
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);
  return (
    <LiveEventsProvider>
      <div className={`admin-shell${menuOpen ? ' admin-shell--menu-open' : ''}`}>
        <div className="admin-topbar">
          <Button
            icon={menuOpen ? 'cross' : 'menu'}
            text="Menu"
            variant={ButtonVariant.MINIMAL}
            aria-expanded={menuOpen}
            aria-controls={SIDEBAR_ID}
            onClick={() => setMenuOpen((open) => !open)}
          />
        </div>
        <Sidebar id={SIDEBAR_ID} open={menuOpen} onNavigate={() => setMenuOpen(false)} />
        {menuOpen && <div className="admin-sidebar-backdrop" onClick={() => setMenuOpen(false)} />}
        <main className="admin-main">
          <LiveConnectionNotice />
          <Outlet />
        </main>
      </div>
    </LiveEventsProvider>
  );
}
