import { Tab, Tabs, type TabId } from '@blueprintjs/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../shell/PageHeader.tsx';
import { StaffAccounts } from '../users/StaffAccounts.tsx';
import { CalendarFeedCard } from '../appointments/CalendarFeedCard.tsx';
import { AiSettingsTab } from './AiSettingsTab.tsx';
import { CommonResponsesTab } from './CommonResponsesTab.tsx';
import { TelephonyTab } from './TelephonyTab.tsx';
import { BackupsTab } from './BackupsTab.tsx';
import { NotificationsTab } from '../live/NotificationsTab.tsx';
import { AutomaticMessagesTab } from './AutomaticMessagesTab.tsx';
import { PaymentsTab } from './PaymentsTab.tsx';
import { CrewsSettings } from '../schedule/CrewsSettings.tsx';
import './settings.css';

const TABS = [
  { id: 'ai-settings', title: 'AI Settings', panel: <AiSettingsTab /> },
  { id: 'common-responses', title: 'Common Responses', panel: <CommonResponsesTab /> },
  { id: 'telephony', title: 'Telephony', panel: <TelephonyTab /> },
  { id: 'automatic-messages', title: 'Automatic messages', panel: <AutomaticMessagesTab /> },
  { id: 'payments', title: 'Payments', panel: <PaymentsTab /> },
  { id: 'staff', title: 'Staff', panel: <StaffAccounts /> },
  { id: 'crews', title: 'Crews', panel: <CrewsSettings /> },
  { id: 'notifications', title: 'Notifications', panel: <NotificationsTab /> },
  { id: 'calendar', title: 'Calendar', panel: <CalendarFeedCard /> },
  { id: 'backups', title: 'Backups', panel: <BackupsTab /> },
];
const TAB_IDS = new Set<TabId>(TABS.map((t) => t.id));

export function SettingsScreen() {
  // The tab lives in the URL, so a reload, a link or signing in again after an expired session
  // comes back to it.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const selectedTab = requested && TAB_IDS.has(requested) ? requested : TABS[0]!.id;
  const selectTab = (tab: TabId) => setSearchParams({ tab: String(tab) }, { replace: true });

  return (
    <>
      <PageHeader page="/admin/settings" />
      <Tabs
        id="settings"
        className="settings-tabs"
        selectedTabId={selectedTab}
        onChange={selectTab}
        renderActiveTabPanelOnly
      >
        {TABS.map((tab) => (
          <Tab key={tab.id} id={tab.id} title={tab.title} panel={tab.panel} />
        ))}
      </Tabs>
    </>
  );
}
