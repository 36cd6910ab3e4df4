import { useState } from 'react';
import { Button, Classes, HTMLSelect, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { formatCents, INVOICE_STATUS_LABELS, INVOICE_STATUSES, type InvoiceStatus } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { dateLabel } from '../appointments/appointment-labels.ts';
import { PagedTable } from '../components/PagedTable.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { InvoiceDialog } from './InvoiceDialog.tsx';
import { INVOICES_PAGE_SIZE, invoiceQueries } from './invoices.queries.ts';
import { statusIntent } from './invoice-labels.ts';
import './invoices.css';

/**
 * Invoices (issue 35, item 4): every done job's invoice, newest first, with what is still owed
 * (the ledger's figure, never a stored one); a row opens the invoice with its payments, messages,
 * "Record payment", "Send again" and "Void".
 */
export function InvoicesScreen() {
  const api = useApi();
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [page, setPage] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useQuery(invoiceQueries.list(api, { status, page }));

  return (
    <>
      <PageHeader page="/admin/invoices" />
      <div className="invoices-filters">
        <label className="invoices-filters__field">
          Status
          <HTMLSelect
            value={status}
            onChange={(event) => {
              setStatus(event.currentTarget.value as InvoiceStatus | '');
              setPage(0);
            }}
          >
            <option value="">Every invoice</option>
            {INVOICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {INVOICE_STATUS_LABELS[s]}
              </option>
            ))}
          </HTMLSelect>
        </label>
      </div>
      <PagedTable
        query={list}
        noun="invoices"
        empty={
          <NonIdealState
            icon="document"
            title={status ? 'No invoices with this status' : 'No invoices yet'}
            description={status ? undefined : 'A job marked done on the board gets its invoice here.'}
          />
        }
        pager={{
          label: 'Invoice pages',
          page,
          pageSize: INVOICES_PAGE_SIZE,
          onPage: setPage,
          noun: 'invoices',
        }}
        table={(invoices, busy) => (
          <HTMLTable striped className="invoices-table" aria-busy={busy}>
            <thead>
              <tr>
                <th scope="col">Invoice</th>
                <th scope="col">Customer</th>
                <th scope="col">Date</th>
                <th scope="col">Due</th>
                <th scope="col" className="invoices-table__money">
                  Total
                </th>
                <th scope="col" className="invoices-table__money">
                  Balance
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((inv) => (
                <tr key={inv.id}>
                  <td>
                    <Button variant="minimal" text={`#${inv.number}`} onClick={() => setOpenId(inv.id)} />
                  </td>
                  <td>{inv.customerName}</td>
                  <td>{dateLabel(inv.issuedOn)}</td>
                  <td>{dateLabel(inv.dueOn)}</td>
                  <td className="invoices-table__money">{formatCents(inv.totalCents)}</td>
                  <td className="invoices-table__money">
                    {inv.status === 'void' ? (
                      <span className={Classes.TEXT_MUTED}>—</span>
                    ) : (
                      formatCents(inv.balanceCents)
                    )}
                  </td>
                  <td>
                    <Tag intent={statusIntent(inv.status)} minimal>
                      {INVOICE_STATUS_LABELS[inv.status]}
                    </Tag>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      />
      {openId !== null && <InvoiceDialog id={openId} onClose={() => setOpenId(null)} />}
    </>
  );
}
