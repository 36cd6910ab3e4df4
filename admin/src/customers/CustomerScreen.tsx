import { useState } from 'react';
import { Button, Callout, Card, Classes, H5, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_BASE, formatCents, formatDollars, type CustomerItem } from '@washdesk/contract';
import { Link, useParams } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { problemMessage } from '../api/problem-message.ts';
import { formatCallTime } from '../calls/call-format.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { PhotoThumbnails } from '../submissions/PhotoThumbnails.tsx';
import { ContactActions } from './ContactActions.tsx';
import { CustomerAccountActions } from './CustomerAccountActions.tsx';
import { customerLabel, customerQueries, holdingsOf, TIMELINE_PAGE_SIZE } from './customers.queries.ts';
import { QuoteEditorDialog } from '../quote-sending/QuoteEditorDialog.tsx';
import { EditContactDialog } from './EditContactDialog.tsx';
import { MergeDialog } from './MergeDialog.tsx';
import { PossibleDuplicates } from './PossibleDuplicates.tsx';
import { ServicePlanCard } from '../service-plans/ServicePlanCard.tsx';
import './customers.css';

const KIND_ICONS = {
  request: 'inbox',
  submission: 'camera',
  call: 'phone',
  conversation: 'chat',
  appointment: 'calendar',
  text: 'mobile-phone',
} as const;

/** A customer's record: contact details with Call / Text / E-mail, and everything across channels. */
export function CustomerScreen() {
  const id = Number(useParams().id);
  const api = useApi();
  const [page, setPage] = useState(0);
  const [dialog, setDialog] = useState<'edit' | 'merge' | 'quote' | null>(null);
  const customer = useQuery(customerQueries.one(api, id));
  const timeline = useQuery(customerQueries.timeline(api, id, page));

  if (customer.isPending) return <Spinner aria-label="Loading customer" />;
  if (customer.isError)
    return (
      <>
        <PageHeader title="Customer" />
        <Callout intent={Intent.DANGER} role="alert">
          {problemMessage(customer.error)}
        </Callout>
      </>
    );
  const c = customer.data;
  const total = timeline.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / TIMELINE_PAGE_SIZE));
  return (
    <>
      <PageHeader
        title={customerLabel(c)}
        description={holdingsOf(c) || 'Nothing on record yet'}
        action={
          <>
            <Button icon="dollar" text="Write a quote" onClick={() => setDialog('quote')} />
            <Button icon="edit" text="Edit contact" onClick={() => setDialog('edit')} />
            <Button icon="merge-columns" text="Merge…" onClick={() => setDialog('merge')} />
          </>
        }
      />
      <PossibleDuplicates customer={c} />
      <Card className="customer-contact" aria-label="Contact details">
        <dl>
          <dt>Phone</dt>
          <dd>{c.phone ?? '—'}</dd>
          <dt>E-mail</dt>
          <dd>{c.email ?? '—'}</dd>
          <dt>Address</dt>
          <dd>{c.address ?? '—'}</dd>
          {c.otherNames.length > 0 && (
            <>
              <dt>Also known as</dt>
              <dd>{c.otherNames.join(', ')}</dd>
            </>
          )}
          <dt>Customer since</dt>
          <dd>{formatCallTime(c.createdAt)}</dd>
          {/* Open invoices' totals less what settled on them (the ledger), tips apart. */}
          <dt>Open balance</dt>
          <dd>{c.openBalanceCents > 0 ? formatCents(c.openBalanceCents) : 'Nothing owed'}</dd>
        </dl>
        <ContactActions customer={c} />
        <CustomerAccountActions customer={c} />
      </Card>
      <ServicePlanCard customerId={c.id} />
      <section aria-label="Timeline" className="customer-timeline">
        <H5>Timeline</H5>
        {timeline.isError && (
          <Callout intent={Intent.DANGER} role="alert">
            {problemMessage(timeline.error)}
          </Callout>
        )}
        {timeline.data && total === 0 && <NonIdealState icon="history" title="Nothing on record yet" />}
        <ol className="customer-timeline__items">
          {timeline.data?.items.map((item) => (
            <TimelineEntry
              key={`${item.kind}-${item.sourceId}`}
              item={item}
              customerName={customerLabel(c)}
            />
          ))}
        </ol>
        {pages > 1 && (
          <div className="customer-timeline__pager">
            <Button
              text="Newer"
              icon="chevron-left"
              disabled={page === 0}
              onClick={() => setPage(page - 1)}
            />
            <span>
              Page {page + 1} of {pages}
            </span>
            <Button
              text="Older"
              endIcon="chevron-right"
              disabled={page + 1 >= pages}
              onClick={() => setPage(page + 1)}
            />
          </div>
        )}
      </section>
      {dialog === 'edit' && <EditContactDialog customer={c} isOpen onClose={() => setDialog(null)} />}
      {dialog === 'merge' && <MergeDialog customer={c} isOpen onClose={() => setDialog(null)} />}
      {dialog === 'quote' && (
        <QuoteEditorDialog
          target={{ kind: 'customer', id: c.id }}
          customerName={customerLabel(c)}
          isOpen
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

function TimelineEntry({ item, customerName }: { item: CustomerItem; customerName: string }) {
  return (
    <li className="customer-timeline__item" aria-label={item.title}>
      <Card>
        <div className="customer-timeline__head">
          <Tag minimal icon={KIND_ICONS[item.kind]}>
            {item.title}
          </Tag>
          {item.status && <Tag minimal>{item.status}</Tag>}
          {item.amount !== null && <strong>{formatDollars(item.amount)}</strong>}
          <time dateTime={item.at} className={Classes.TEXT_MUTED}>
            {formatCallTime(item.at)}
          </time>
          <Link to={item.link.slice(ADMIN_BASE.length)}>Open</Link>
        </div>
        {item.detail && <p>{item.detail}</p>}
        {item.photos.length > 0 && (
          <PhotoThumbnails photos={item.photos} customerName={customerName} max={4} />
        )}
        {item.quotes.length > 0 && (
          <ul className="customer-timeline__messages" aria-label="Quotes sent">
            {item.quotes.map((q, i) => (
              <li key={i}>
                {quoteLine(q)}
                {q.questions.map((question, k) => (
                  <div key={k} className="customer-timeline__question">
                    <strong>Asked {formatCallTime(question.askedAt)}:</strong> {question.question}
                    <br />
                    {question.answer === null ? (
                      <em>Not answered yet</em>
                    ) : (
                      <>
                        <strong>Answered {formatCallTime(question.answeredAt!)}:</strong> {question.answer}
                      </>
                    )}
                  </div>
                ))}
              </li>
            ))}
          </ul>
        )}
        {item.messages.length > 0 && (
          <ul className="customer-timeline__messages">
            {item.messages.map((m, i) => (
              <li key={i}>
                <strong>{m.sender}:</strong> {m.text}
                {m.state && (
                  <span className={`customer-timeline__state ${Classes.TEXT_MUTED}`}>
                    {' '}
                    ({m.state}
                    {m.problem ? `: ${m.problem}` : ''})
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </li>
  );
}

/** "Quote of $450.00 sent Nov 3, 2:14 PM by Sam · opened Nov 4, 9:02 AM · accepted Nov 5, 10:00 AM" */
function quoteLine(q: CustomerItem['quotes'][number]): string {
  const parts = [
    `Quote of ${formatDollars(q.amount)} sent ${formatCallTime(q.sentAt)}${q.sentBy ? ` by ${q.sentBy}` : ''}`,
  ];
  if (q.openedAt) parts.push(`opened ${formatCallTime(q.openedAt)}`);
  if (q.acceptedAt) parts.push(`accepted ${formatCallTime(q.acceptedAt)}`);
  // An accepted quote is replaced only when the customer accepts a later one.
  if (q.supersededAt) parts.push(`replaced ${formatCallTime(q.supersededAt)}`);
  else if (!q.openedAt && !q.acceptedAt) parts.push('not opened yet');
  return parts.join(' · ');
}
