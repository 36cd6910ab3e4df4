import {
  AnchorButton,
  Button,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  H5,
  HTMLTable,
  Spinner,
} from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { formatCents, type WeeklySummary } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { usePermission } from '../session/use-permission.ts';
import { MONEY_COLUMNS, MoneyByChannel } from './MoneyByChannel.tsx';
import { QuickbooksExport } from './QuickbooksExport.tsx';
import { reportQueries, weeklyReportCsvUrl } from './report.queries.ts';
import './reports.css';

const COLUMNS: { label: string; value: (w: WeeklySummary) => number }[] = [
  { label: 'Submissions', value: (w) => w.submissions },
  { label: 'Quotes', value: (w) => w.quotes },
  { label: 'Bookings', value: (w) => w.bookings },
  { label: 'Calls', value: (w) => w.calls },
];

const weekLabel = (monday: string) =>
  new Date(`${monday}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** "Generate Reports": the last eight weeks at a glance, and the same figures as a CSV file. */
export function WeeklyReportDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Dialog title="Weekly summary" icon="th" isOpen={isOpen} onClose={onClose} className="weekly-report">
      {isOpen && <WeeklyReport onClose={onClose} />}
    </Dialog>
  );
}

function WeeklyReport({ onClose }: { onClose: () => void }) {
  const api = useApi();
  const report = useQuery(reportQueries.weekly(api));
  // Takings are the owner's (the matrix's seeMoney): the server leaves a staff member's money out.
  const seesMoney = usePermission('seeMoney').allowed;
  const withMoney = Boolean(report.data?.every((w) => w.money !== null));
  return (
    <>
      <DialogBody>
        <p className={Classes.TEXT_MUTED}>
          Per business week, Monday to Sunday, this week first. Quotes count the week&apos;s submissions that
          got a quote; bookings count appointments made that week.
          {withMoney &&
            ' Quoted is what the offers sent asked, won what customers accepted, invoiced the invoices issued (void ones left out), collected what settled less refunds, with tips apart.'}
        </p>
        {report.isPending && <Spinner aria-label="Loading the weekly summary" />}
        {report.isError && <p>The weekly summary could not be loaded. Check that the server is running.</p>}
        {report.data && (
          <div className="table-scroll">
            <HTMLTable striped compact className="weekly-report__table" aria-label="Weekly summary">
              <thead>
                <tr>
                  <th>Week starting</th>
                  {COLUMNS.map((c) => (
                    <th key={c.label}>{c.label}</th>
                  ))}
                  {withMoney && MONEY_COLUMNS.map((c) => <th key={c.label}>{c.label}</th>)}
                </tr>
              </thead>
              <tbody>
                {report.data.map((w) => (
                  <tr key={w.weekStart}>
                    <td>{weekLabel(w.weekStart)}</td>
                    {COLUMNS.map((c) => (
                      <td key={c.label}>{c.value(w)}</td>
                    ))}
                    {w.money &&
                      MONEY_COLUMNS.map((c) => <td key={c.label}>{formatCents(c.value(w.money!))}</td>)}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
        {report.data && withMoney && (
          <>
            <H5 className="weekly-report__heading">By channel, these {report.data.length} weeks</H5>
            <MoneyByChannel
              weeks={report.data.map((w) => w.money!)}
              caption={`Money by channel, these ${report.data.length} weeks`}
            />
          </>
        )}
        {seesMoney && <QuickbooksExport />}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Close" onClick={onClose} />
            {/* A plain download link: the browser saves the file the server names. */}
            <AnchorButton icon="download" text="Download CSV" href={weeklyReportCsvUrl(api)} download />
          </>
        }
      />
    </>
  );
}
