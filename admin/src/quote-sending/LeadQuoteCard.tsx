import { useState } from 'react';
import { Button, Callout, Card, Classes, H5, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { formatCents, type SentQuote } from '@washdesk/contract';
import { problemMessage } from '../api/problem-message.ts';
import { useChange } from '../api/use-change.ts';
import { customersKey } from '../customers/customers.queries.ts';
import { leadsKey } from '../leads/leads.queries.ts';
import { deliveryLine, formatQuoteTime } from '../submissions/sent-quote.queries.ts';
import { QuoteDepositLine } from '../deposits/DepositLine.tsx';
import { bookJob } from './lead-quotes.queries.ts';

const STATE_TAG = {
  open: { text: 'Waiting for the customer', intent: Intent.PRIMARY },
  accepted: { text: 'Accepted', intent: Intent.SUCCESS },
  superseded: { text: 'Replaced by a newer quote', intent: Intent.NONE },
  expired: { text: 'Expired', intent: Intent.WARNING },
} as const;

/** One quote written for a lead or a customer: where it stands, who accepted it, "Book the job". */
export function LeadQuoteCard({ quote }: { quote: SentQuote }) {
  const [problem, setProblem] = useState<unknown>(null);
  const book = useChange({
    change: (api, id: number) => bookJob(api, id),
    success: 'Job booked: it waits in the board’s unscheduled tray',
    refetch: [leadsKey, customersKey],
    onError: setProblem,
  });
  const tag = STATE_TAG[quote.state];
  const chosen = new Set(quote.acceptance?.addOnIds ?? []);
  return (
    <Card className="lead-quote" role="region" aria-label={`Quote ${formatCents(quote.amountCents)}`}>
      <div className="lead-quote__head">
        <H5>Quote {formatCents(quote.amountCents)}</H5>
        <Tag intent={tag.intent} round>
          {tag.text}
        </Tag>
      </div>
      <ul className={Classes.LIST_UNSTYLED} aria-label="Lines">
        {quote.lines.map((l, i) => (
          <li key={i}>
            {l.service}
            {l.squareFeet !== null && l.unitPriceCents !== null
              ? ` · ${l.squareFeet} sq ft × ${formatCents(l.unitPriceCents)}`
              : ''}
            {l.amountCents !== null ? `: ${formatCents(l.amountCents)}` : ''}
          </li>
        ))}
        {quote.addOns.map((a) => (
          <li key={`a${a.id}`}>
            Add-on {a.service}: +{formatCents(a.amountCents)}
            {quote.acceptance ? (chosen.has(a.id) ? ' (chosen)' : ' (not chosen)') : ''}
          </li>
        ))}
      </ul>
      {quote.depositOverrideCents !== null && (
        <p className={Classes.TEXT_MUTED}>
          {quote.depositOverrideCents > 0
            ? `Its own deposit: ${formatCents(quote.depositOverrideCents)}`
            : 'No deposit on this quote'}
        </p>
      )}
      <InputGroup readOnly value={quote.link} aria-label="Quote link" onFocus={(e) => e.target.select()} />
      <p className={Classes.TEXT_MUTED}>
        Sent {formatQuoteTime(quote.sentAt)}
        {quote.sentBy ? ` by ${quote.sentBy}` : ''} · valid until {formatQuoteTime(quote.validUntil)} ·{' '}
        {quote.openedAt ? `opened ${formatQuoteTime(quote.openedAt)}` : 'not opened yet'}
      </p>
      <ul className={Classes.LIST_UNSTYLED} aria-label="Deliveries">
        {quote.deliveries.map((d, i) => (
          <li key={i}>{deliveryLine(d)}</li>
        ))}
      </ul>
      {quote.acceptance && (
        <Callout intent={Intent.SUCCESS} icon="endorsed" title="Accepted">
          <p>
            Accepted by {quote.acceptance.name} on {formatQuoteTime(quote.acceptance.at)}, total{' '}
            {formatCents(quote.acceptance.totalCents)}.
          </p>
          <QuoteDepositLine quoteId={quote.id} />
          {quote.jobId !== null ? (
            <p>Job #{quote.jobId} booked: it waits in the board’s unscheduled tray.</p>
          ) : (
            <Button
              intent={Intent.SUCCESS}
              icon="calendar"
              text="Book the job"
              loading={book.isPending}
              onClick={() => book.mutate(quote.id)}
            />
          )}
        </Callout>
      )}
      {problem !== null && (
        <Callout intent={Intent.DANGER} role="alert">
          {problemMessage(problem)}
        </Callout>
      )}
    </Card>
  );
}
