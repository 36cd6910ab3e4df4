import { useState, type FormEvent } from 'react';
import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import {
  centsOf,
  formatCents,
  INVOICE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  STAFF_PAYMENT_METHODS,
  type Invoice,
  type StaffPaymentMethod,
  dollarsOf,
} from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { fieldProblems, problemMessage } from '../api/problem-message.ts';
import { useChange } from '../api/use-change.ts';
import { dateLabel } from '../appointments/appointment-labels.ts';
import { LoadFailed } from '../shell/LoadFailed.tsx';
import { messageLine, statusIntent } from './invoice-labels.ts';
import {
  invoiceQueries,
  invoicesKey,
  recordPayment,
  sendInvoiceAgain,
  voidInvoice,
} from './invoices.queries.ts';

/** One invoice: its lines, what the ledger holds for it, what was sent, and staff's three actions. */
export function InvoiceDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const api = useApi();
  const invoice = useQuery(invoiceQueries.one(api, id));
  const title = invoice.data ? `Invoice #${invoice.data.number}` : 'Invoice';
  return (
    <Dialog title={title} icon="document" isOpen onClose={onClose} style={{ width: 640, maxWidth: '95vw' }}>
      <DialogBody>
        {invoice.isPending ? (
          <Spinner size={20} />
        ) : invoice.isError ? (
          <LoadFailed title="The invoice could not be loaded" />
        ) : (
          <InvoiceDetail invoice={invoice.data} />
        )}
      </DialogBody>
    </Dialog>
  );
}

function InvoiceDetail({ invoice }: { invoice: Invoice }) {
  const [acting, setActing] = useState<'record' | 'void' | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const again = useChange({
    change: (api) => sendInvoiceAgain(api, invoice.id),
    success: 'Invoice sent again',
    refetch: [invoicesKey],
    onError: setProblem,
  });
  const open = invoice.status === 'open';
  return (
    <>
      <p>
        <Tag intent={statusIntent(invoice.status)} minimal>
          {INVOICE_STATUS_LABELS[invoice.status]}
        </Tag>{' '}
        {invoice.customerName} · {invoice.address} · dated {dateLabel(invoice.issuedOn)}, due{' '}
        {dateLabel(invoice.dueOn)}
      </p>
      {invoice.status === 'void' && invoice.voidReason && <Callout>Void: {invoice.voidReason}</Callout>}
      <div className="table-scroll">
        <HTMLTable compact className="invoices-table" aria-label="Lines">
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col" className="invoices-table__money">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((l) => (
              <tr key={l.position}>
                <td>{l.service}</td>
                <td className="invoices-table__money">{formatCents(l.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <dl className="invoice-dialog__sums" aria-label="Totals">
        <dt>Subtotal</dt>
        <dd>{formatCents(invoice.subtotalCents)}</dd>
        {invoice.depositCreditedCents > 0 && (
          <>
            <dt>Deposit paid</dt>
            <dd>-{formatCents(invoice.depositCreditedCents)}</dd>
          </>
        )}
        <dt>Total</dt>
        <dd>{formatCents(invoice.totalCents)}</dd>
        <dt>Paid</dt>
        <dd>{formatCents(invoice.paidCents)}</dd>
        {invoice.tipCents > 0 && (
          <>
            <dt>Tips (not part of the total)</dt>
            <dd>{formatCents(invoice.tipCents)}</dd>
          </>
        )}
        {invoice.pendingCents > 0 && (
          <>
            <dt>Bank payments on their way</dt>
            <dd>{formatCents(invoice.pendingCents)}</dd>
          </>
        )}
        <dt>
          <strong>Balance due</strong>
        </dt>
        <dd>
          <strong>{formatCents(invoice.status === 'void' ? 0 : invoice.balanceCents)}</strong>
        </dd>
      </dl>
      <h4 className={Classes.HEADING}>Payments</h4>
      {invoice.payments.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>No payments yet.</p>
      ) : (
        <div className="table-scroll">
          <HTMLTable compact className="invoices-table" aria-label="Payments">
            <tbody>
              {invoice.payments.map((p) => (
                <tr key={p.id}>
                  <td>{new Date(p.occurredAt).toLocaleDateString('en-US')}</td>
                  <td>
                    {p.kind === 'payment' ? PAYMENT_METHOD_LABELS[p.method] : p.kind.replace('_', ' ')}
                    {p.reference ? ` ${p.reference}` : ''}
                    {p.status !== 'succeeded' ? ` (${PAYMENT_STATUS_LABELS[p.status]})` : ''}
                  </td>
                  <td className="invoices-table__money">
                    {formatCents(p.amountCents)}
                    {p.tipCents ? ` incl. ${formatCents(p.tipCents)} tip` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <h4 className={Classes.HEADING}>Messages</h4>
      {invoice.messages.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>
          Nothing sent: the customer has no phone or e-mail this server can reach. Share the link:{' '}
          {invoice.link}
        </p>
      ) : (
        <ul aria-label="Messages">
          {invoice.messages.map((m) => (
            <li key={m.id}>{messageLine(m)}</li>
          ))}
        </ul>
      )}
      {problem !== null && (
        <Callout intent={Intent.DANGER} role="alert">
          {problemMessage(problem)}
        </Callout>
      )}
      {open && acting === null && (
        <div className="invoice-dialog__actions">
          <Button
            icon="dollar"
            intent={Intent.PRIMARY}
            text="Record payment"
            onClick={() => setActing('record')}
          />
          <Button
            icon="send-message"
            text="Send again"
            loading={again.isPending}
            onClick={() => {
              setProblem(null);
              again.mutate(undefined);
            }}
          />
          <Button
            icon="disable"
            intent={Intent.DANGER}
            variant="minimal"
            text="Void"
            onClick={() => setActing('void')}
          />
        </div>
      )}
      {open && acting === 'record' && <RecordPaymentForm invoice={invoice} onDone={() => setActing(null)} />}
      {open && acting === 'void' && <VoidForm invoice={invoice} onDone={() => setActing(null)} />}
    </>
  );
}

function RecordPaymentForm({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) {
  const [method, setMethod] = useState<StaffPaymentMethod>('cash');
  const [amount, setAmount] = useState(dollarsOf(invoice.balanceCents).toFixed(2));
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<unknown>(null);
  const save = useChange({
    change: (api, body: Parameters<typeof recordPayment>[2]) => recordPayment(api, invoice.id, body),
    success: 'Payment recorded',
    refetch: [invoicesKey],
    onDone,
    onError: setProblem,
  });
  const fields = fieldProblems(problem);
  const cleaned = amount.replace(/[$,\s]/g, '');
  const typed = /^\d+(\.\d{1,2})?$/.test(cleaned) ? centsOf(Number(cleaned)) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (typed === null) {
      setProblem(new Error('Enter an amount like 120.50'));
      return;
    }
    save.mutate({ method, amountCents: typed, reference: reference || null, note: note || null });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Record payment">
      {problem !== null && Object.keys(fields).length === 0 && (
        <Callout intent={Intent.DANGER} role="alert">
          {problem instanceof Error && !('status' in problem) ? problem.message : problemMessage(problem)}
        </Callout>
      )}
      <FormGroup label="Method" labelFor="payment-method">
        <HTMLSelect
          id="payment-method"
          value={method}
          onChange={(e) => setMethod(e.currentTarget.value as StaffPaymentMethod)}
        >
          {STAFF_PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {PAYMENT_METHOD_LABELS[m]}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup
        label={`Amount (up to ${formatCents(invoice.balanceCents)})`}
        labelFor="payment-amount"
        intent={fields.amountCents ? Intent.DANGER : Intent.NONE}
        helperText={fields.amountCents}
      >
        <InputGroup id="payment-amount" inputMode="decimal" value={amount} onValueChange={setAmount} />
      </FormGroup>
      {method !== 'cash' && (
        <FormGroup
          label={method === 'check' ? 'Check number' : 'How it was paid'}
          labelFor="payment-reference"
          intent={fields.reference ? Intent.DANGER : Intent.NONE}
          helperText={fields.reference}
        >
          <InputGroup id="payment-reference" value={reference} onValueChange={setReference} />
        </FormGroup>
      )}
      <FormGroup label="Note (optional)" labelFor="payment-note" helperText={fields.note}>
        <InputGroup id="payment-note" value={note} onValueChange={setNote} />
      </FormGroup>
      <div className="invoice-dialog__actions">
        <Button text="Cancel" onClick={onDone} />
        <Button type="submit" intent={Intent.PRIMARY} text="Record payment" loading={save.isPending} />
      </div>
    </form>
  );
}

function VoidForm({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<unknown>(null);
  const save = useChange({
    change: (api, why: string) => voidInvoice(api, invoice.id, why),
    success: `Invoice #${invoice.number} voided`,
    refetch: [invoicesKey],
    onDone,
    onError: setProblem,
  });
  const fields = fieldProblems(problem);
  return (
    <form
      noValidate
      aria-label="Void the invoice"
      onSubmit={(e) => {
        e.preventDefault();
        setProblem(null);
        save.mutate(reason);
      }}
    >
      {problem !== null && Object.keys(fields).length === 0 && (
        <Callout intent={Intent.DANGER} role="alert">
          {problemMessage(problem)}
        </Callout>
      )}
      <FormGroup
        label="Why is it void?"
        labelFor="void-reason"
        intent={fields.reason ? Intent.DANGER : Intent.NONE}
        helperText={
          fields.reason ?? 'Nothing more is asked of the customer; reminders still to go are cancelled.'
        }
      >
        <InputGroup id="void-reason" value={reason} onValueChange={setReason} />
      </FormGroup>
      <div className="invoice-dialog__actions">
        <Button text="Cancel" onClick={onDone} />
        <Button type="submit" intent={Intent.DANGER} text="Void invoice" loading={save.isPending} />
      </div>
    </form>
  );
}
