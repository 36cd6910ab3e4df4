import { useState } from 'react';
import {
  Button,
  Classes,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NonIdealState,
  Tab,
  Tabs,
  type TabId,
} from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import {
  formatCents,
  PAYMENT_KINDS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
} from '@washdesk/contract';
import { useSearchParams } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { PagedTable } from '../components/PagedTable.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { DisputesTab } from './DisputesTab.tsx';
import { PaymentDetail } from './PaymentDetail.tsx';
import {
  forWhat,
  kindLabel,
  methodLabel,
  PAYMENT_KIND_LABELS,
  signedAmount,
  statusLabel,
  timeLabel,
} from './payment-labels.ts';
import { paymentQueries, type PaymentFilters } from './payments.queries.ts';
import './payments.css';

const PAGE_SIZE = 50;
const NO_FILTERS: PaymentFilters = { kind: '', status: '', method: '', from: '', to: '' };

/**
 * Payments (issue 35): the ledger, newest first, a page at a time however many thousands of rows it
 * holds, filtered; each row opens in full (`?payment=<id>`, where live events link) with "Refund…"
 * for the owner; and the Disputes tab (`?tab=disputes`) with deadlines and evidence packets. Every
 * query hangs under `['payments']`, so a live payment event refreshes what is on screen.
 */
export function PaymentsScreen() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'disputes' ? 'disputes' : 'ledger';
  const opened = Number(params.get('payment'));
  const setParam = (key: string, value: string | null) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <PageHeader page="/admin/payments" />
      <Tabs
        id="payments"
        selectedTabId={tab}
        onChange={(id: TabId) => setParam('tab', id === 'ledger' ? null : String(id))}
        renderActiveTabPanelOnly
      >
        <Tab
          id="ledger"
          title="Ledger"
          panel={<LedgerTab open={(id) => setParam('payment', String(id))} />}
        />
        <Tab id="disputes" title="Disputes" panel={<DisputesTab />} />
      </Tabs>
      {Number.isSafeInteger(opened) && opened > 0 && (
        <PaymentDetail id={opened} onClose={() => setParam('payment', null)} />
      )}
    </>
  );
}

function LedgerTab({ open }: { open: (id: number) => void }) {
  const api = useApi();
  const [filters, setFilters] = useState<PaymentFilters>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const list = useQuery(paymentQueries.list(api, { ...filters, limit: PAGE_SIZE, offset: page * PAGE_SIZE }));
  const filtered = Object.values(filters).some(Boolean);
  const set = <K extends keyof PaymentFilters>(key: K, value: PaymentFilters[K]) => {
    setFilters((old) => ({ ...old, [key]: value }));
    setPage(0);
  };
  return (
    <>
      <div className="payments-filters" role="search" aria-label="Payments">
        <label className="payments-filters__field">
          Kind
          <HTMLSelect
            value={filters.kind}
            onChange={(e) => set('kind', e.currentTarget.value as PaymentFilters['kind'])}
          >
            <option value="">Every kind</option>
            {PAYMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {PAYMENT_KIND_LABELS[k]}
              </option>
            ))}
          </HTMLSelect>
        </label>
        <label className="payments-filters__field">
          Status
          <HTMLSelect
            value={filters.status}
            onChange={(e) => set('status', e.currentTarget.value as PaymentFilters['status'])}
          >
            <option value="">Any status</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {PAYMENT_STATUS_LABELS[s]}
              </option>
            ))}
          </HTMLSelect>
        </label>
        <label className="payments-filters__field">
          Method
          <HTMLSelect
            value={filters.method}
            onChange={(e) => set('method', e.currentTarget.value as PaymentFilters['method'])}
          >
            <option value="">Any method</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {PAYMENT_METHOD_LABELS[m]}
              </option>
            ))}
          </HTMLSelect>
        </label>
        <label className="payments-filters__field">
          From
          <InputGroup type="date" value={filters.from} onValueChange={(v) => set('from', v)} />
        </label>
        <label className="payments-filters__field">
          To
          <InputGroup type="date" value={filters.to} onValueChange={(v) => set('to', v)} />
        </label>
        {filtered && (
          <Button
            variant="minimal"
            text="Clear filters"
            onClick={() => {
              setFilters(NO_FILTERS);
              setPage(0);
            }}
          />
        )}
      </div>
      <PagedTable
        query={list}
        noun="payments"
        empty={
          <NonIdealState
            icon={filtered ? 'search' : 'dollar'}
            title={filtered ? 'No payments match these filters' : 'No payments yet'}
            description={
              filtered
                ? undefined
                : 'Deposits, invoice payments, refunds and fees appear here as they happen.'
            }
          />
        }
        pager={{ label: 'Payment pages', page, pageSize: PAGE_SIZE, onPage: setPage, noun: 'ledger rows' }}
        table={(payments, busy) => (
          <HTMLTable striped interactive className="payments-table" aria-label="Ledger" aria-busy={busy}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Kind</th>
                <th scope="col">Status</th>
                <th scope="col">Method</th>
                <th scope="col" className="payments-table__money">
                  Amount
                </th>
                <th scope="col" className="payments-table__money">
                  Tip
                </th>
                <th scope="col">For</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id}>
                  <td>{timeLabel(p.occurredAt)}</td>
                  <td>{kindLabel(p)}</td>
                  <td>{statusLabel(p)}</td>
                  <td>{methodLabel(p)}</td>
                  <td className="payments-table__money">{signedAmount(p.amountCents)}</td>
                  <td className="payments-table__money">{p.tipCents ? formatCents(p.tipCents) : '—'}</td>
                  <td className={Classes.TEXT_MUTED}>{forWhat(p)}</td>
                  <td>
                    <Button
                      variant="minimal"
                      small
                      text="Open"
                      aria-label={`Open ${kindLabel(p).toLowerCase()} #${p.id}`}
                      onClick={() => open(p.id)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      />
    </>
  );
}
