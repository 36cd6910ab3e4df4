import { Callout, Intent, Tab, Tabs, type TabId } from '@blueprintjs/core';
import { useSearchParams } from 'react-router';
import { ADMIN_PAGE_HEADINGS } from '../shell/admin-pages.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { StaffAccounts } from '../users/StaffAccounts.tsx';

// The spec's three tabs come in a later release; until then each says what it will hold, with
// no make-believe controls that would look like they save something.
const UPCOMING_TABS = [
  {
    id: 'ai-settings',
    title: 'AI Settings',
    note: "The AI assistant's tone, quote scheduling, photo request prompts and response delay will be configured here.",
  },
  {
    id: 'common-responses',
    title: 'Common Responses',
    note: 'The pre-written answers about service areas, pricing and the service process will be edited here.',
  },
  {
    id: 'telephony',
    title: 'Telephony',
    note: "The phone line's connection, its webhook addresses and the AI provider will be shown here.",
  },
];
const STAFF_TAB = 'staff';
const TAB_IDS = new Set<TabId>([...UPCOMING_TABS.map((t) => t.id), STAFF_TAB]);

export function SettingsScreen() {
  const heading = ADMIN_PAGE_HEADINGS['/admin/settings'];
  // The tab lives in the URL, so a reload, a link or signing in again after an expired session
  // comes back to it.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const selectedTab = requested && TAB_IDS.has(requested) ? requested : UPCOMING_TABS[0]!.id;
  const selectTab = (tab: TabId) => setSearchParams({ tab: String(tab) }, { replace: true });

  return (
    <>
      <PageHeader title={heading.title} description={heading.description} />
      <Tabs id="settings" selectedTabId={selectedTab} onChange={selectTab} renderActiveTabPanelOnly>
        {UPCOMING_TABS.map((tab) => (
          <Tab
            key={tab.id}
            id={tab.id}
            title={tab.title}
            panel={
              <Callout intent={Intent.PRIMARY} icon="info-sign">
                {tab.note}
              </Callout>
            }
          />
        ))}
        <Tab id={STAFF_TAB} title="Staff" panel={<StaffAccounts />} />
      </Tabs>
    </>
  );
}
