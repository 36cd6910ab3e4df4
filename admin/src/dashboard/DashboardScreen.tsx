import { useSearchParams } from 'react-router';
import { WeeklyReportDialog } from '../reports/WeeklyReportDialog.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { MoneyCard } from './MoneyCard.tsx';
import { QuickActions } from './QuickActions.tsx';
import { QuotePerformanceCard } from './QuotePerformanceCard.tsx';
import { RecentSubmissions } from './RecentSubmissions.tsx';
import { StatCards } from './StatCards.tsx';
import { TodaysVisits } from './TodaysVisits.tsx';
import './dashboard.css';

export function DashboardScreen() {
  // The report is part of the address (?report=weekly), so it can be bookmarked and Back closes it.
  const [params, setParams] = useSearchParams();
  const reportOpen = params.get('report') === 'weekly';
  return (
    <>
      <PageHeader page="/admin" />
      <StatCards />
      <TodaysVisits />
      <MoneyCard />
      <div className="dashboard-grid">
        <RecentSubmissions />
        <div className="dashboard-grid__side">
          <QuotePerformanceCard />
          <QuickActions onGenerateReports={() => setParams({ report: 'weekly' })} />
        </div>
      </div>
      <WeeklyReportDialog isOpen={reportOpen} onClose={() => setParams({})} />
    </>
  );
}
