import { AnchorButton, Alignment, ButtonVariant, Classes, H2, Intent, Tag } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_BASE, normalizePagePath, type NewForMe } from '@washdesk/contract';
import { useNewForMe } from '../live/new-for-me.ts';
import { useHref, useLinkClickHandler, useLocation } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { profileQueries } from '../profile/profile.queries.ts';
import { SignedInStaff } from '../session/SignedInStaff.tsx';
import { ThemeSwitch } from '../theme/ThemeSwitch.tsx';
import { CustomerSearch } from '../customers/CustomerSearch.tsx';
import { routerPath, type AdminPagePath } from './admin-pages.ts';

interface AdminEntry {
  label: string;
  page: AdminPagePath;
  icon: IconName;
  /** Which count of what is new for me shows beside it. */
  news?: keyof NewForMe;
}

// The spec's sidebar, in its order; the Quote Tool entry sits between Appointments and Settings.
const ENTRIES_BEFORE_QUOTE_TOOL: AdminEntry[] = [
  { label: 'Dashboard', page: '/admin', icon: 'dashboard' },
  { label: 'Photo Submissions', page: '/admin/photo-submissions', icon: 'camera' },
  { label: 'Appointments', page: '/admin/appointment-scheduling', icon: 'calendar', news: 'changedVisits' },
];
const ENTRIES_AFTER_QUOTE_TOOL: AdminEntry[] = [{ label: 'Settings', page: '/admin/settings', icon: 'cog' }];
// Every other screen, after the spec's five, so each is one click away (issue 16).
const OFFICE_ENTRIES: AdminEntry[] = [
  { label: 'Scheduling', page: '/admin/scheduling', icon: 'timeline-events' },
  { label: 'Board', page: '/admin/board', icon: 'th' },
  { label: 'Call Logs', page: '/admin/call-logs', icon: 'phone', news: 'missedCalls' },
  { label: 'Messenger', page: '/admin/messenger-conversations', icon: 'chat', news: 'unreadMessages' },
  { label: 'Texts', page: '/admin/texts', icon: 'mobile-phone', news: 'unreadTexts' },
  { label: 'AI Responses', page: '/admin/ai-responses', icon: 'predictive-analysis' },
  { label: 'FAQ', page: '/admin/faq-management', icon: 'help' },
  { label: 'Requests', page: '/admin/requests', icon: 'inbox', news: 'newLeads' },
  { label: 'Customers', page: '/admin/customers', icon: 'people' },
  { label: 'Invoices', page: '/admin/invoices', icon: 'document' },
];

const NEWS_WORDS: Record<keyof NewForMe, string> = {
  newLeads: 'new',
  missedCalls: 'missed or waiting for a call back',
  unreadMessages: 'unread',
  unreadTexts: 'unread',
  changedVisits: 'moved or cancelled by the customer',
};

/** The admin page the browser is on, in the contract's form (the router hides the basename). */
function useCurrentAdminPath(): string {
  const { pathname } = useLocation();
  return normalizePagePath(ADMIN_BASE + (pathname === '/' ? '' : pathname));
}

function SidebarLink({ entry, active }: { entry: AdminEntry; active: boolean }) {
  const news = useNewForMe();
  const count = entry.news && news ? news[entry.news] : 0;
  const to = routerPath(entry.page);
  // A real href keeps middle-click and "open in new tab"; a plain click stays in the app.
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLElement>(to);
  return (
    <AnchorButton
      // Blueprint marks anchor buttons as buttons; in a navigation list they are links.
      role="link"
      href={href}
      onClick={onClick}
      icon={entry.icon}
      text={entry.label}
      // The link's name stays the screen's (its text; the badge is hidden from it, and no
      // aria-label differs from what is seen: WCAG 2.5.3); the count is said after it.
      aria-description={count ? `${count} ${NEWS_WORDS[entry.news!]}` : undefined}
      endIcon={
        count ? (
          <Tag round intent={Intent.DANGER} className="sidebar-news" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </Tag>
        ) : undefined
      }
      active={active}
      intent={active ? Intent.PRIMARY : Intent.NONE}
      aria-current={active ? 'page' : undefined}
      variant={ButtonVariant.MINIMAL}
      alignText={Alignment.START}
      fill
    />
  );
}

interface SidebarProps {
  id: string;
  /** On a narrow window the sidebar is a panel the menu button opens; always shown on a wide one. */
  open: boolean;
  onNavigate: () => void;
}

export function Sidebar({ id, open, onNavigate }: SidebarProps) {
  const api = useApi();
  const profile = useQuery(profileQueries.publicProfile(api));
  const currentPath = useCurrentAdminPath();
  const entry = (e: AdminEntry) => (
    <li key={e.page}>
      <SidebarLink entry={e} active={currentPath === e.page} />
    </li>
  );
  return (
    <aside id={id} className={`admin-sidebar${open ? ' admin-sidebar--open' : ''}`}>
      <div className="admin-sidebar__title">
        {/* A skeleton while loading; on failure the name is left out rather than made up. */}
        {profile.isPending ? (
          <H2 className={Classes.SKELETON}>Business name</H2>
        ) : (
          profile.data && <H2>{profile.data.businessName}</H2>
        )}
        <p className={Classes.TEXT_MUTED}>Customer Portal Admin</p>
      </div>
      <div className="admin-sidebar__search">
        <CustomerSearch />
      </div>
      {/* A click on any link (or in the list) closes the narrow-window panel. */}
      <nav aria-label="Admin" onClick={onNavigate}>
        <ul className="admin-sidebar__entries">
          {ENTRIES_BEFORE_QUOTE_TOOL.map(entry)}
          <li>
            {/* The quote tool is a public page of the site, not an admin screen: a plain link out. */}
            <AnchorButton
              role="link"
              href={`${api.baseUrl}/photo-quote-tool`}
              icon="calculator"
              text="Quote Tool"
              variant={ButtonVariant.MINIMAL}
              alignText={Alignment.START}
              fill
            />
          </li>
          {ENTRIES_AFTER_QUOTE_TOOL.map(entry)}
        </ul>
        <ul className="admin-sidebar__entries admin-sidebar__entries--office" aria-label="More screens">
          {OFFICE_ENTRIES.map(entry)}
        </ul>
      </nav>
      <ThemeSwitch />
      <SignedInStaff />
    </aside>
  );
}
