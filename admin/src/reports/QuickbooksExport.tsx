import { AnchorButton, FormGroup, H5, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { exportRangeSchema, type ExportRange } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { quickbooksExportUrl } from './report.queries.ts';

/**
 * "Export for QuickBooks": the invoices (a row per line) and the payments received, for a range
 * of days, as files QuickBooks Online imports without mapping a column. Plain download links: the
 * browser saves the file the server streams and names.
 */
export function QuickbooksExport() {
  const api = useApi();
  const [range, setRange] = useState<ExportRange>({});
  const checked = exportRangeSchema.safeParse(range);
  const problem = checked.success ? undefined : checked.error.issues[0]?.message;
  const dateField = (key: 'from' | 'to', label: string) => (
    <FormGroup label={label} labelFor={`quickbooks-${key}`} inline>
      <InputGroup
        id={`quickbooks-${key}`}
        type="date"
        value={range[key] ?? ''}
        onChange={(e) => setRange((r) => ({ ...r, [key]: e.target.value || undefined }))}
      />
    </FormGroup>
  );
  return (
    <section className="quickbooks-export" aria-labelledby="quickbooks-export-title">
      <H5 id="quickbooks-export-title">Export for QuickBooks</H5>
      <p>Invoices issued and payments received in these days (leave a date empty for no limit).</p>
      <div className="quickbooks-export__range">
        {dateField('from', 'From')}
        {dateField('to', 'To')}
      </div>
      {problem && <p role="alert">{problem}</p>}
      <AnchorButton
        icon="download"
        text="Export for QuickBooks: invoices"
        href={quickbooksExportUrl(api, 'invoices', range)}
        disabled={Boolean(problem)}
        download
      />{' '}
      <AnchorButton
        icon="download"
        text="Export for QuickBooks: payments"
        href={quickbooksExportUrl(api, 'payments', range)}
        disabled={Boolean(problem)}
        download
      />
    </section>
  );
}
