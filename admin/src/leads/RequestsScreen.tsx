import { useState } from 'react';
import {
  Button,
  Classes,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NonIdealState,
  Popover,
  Section,
  SectionCard,
  Tag,
} from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  ADMIN_BASE,
  customerPagePath,
  dialablePhone,
  LEAD_CHANNEL_OPTIONS,
  LEAD_CHANNELS,
  LEAD_STAGE_OPTIONS,
  LEAD_STAGES,
  type Lead,
  type LeadChannel,
  type LeadStage,
} from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { problemMessage } from '../api/problem-message.ts';
import { useDebounced } from '../appointments/use-debounced.ts';
import { ListPager } from '../components/ListPager.tsx';
import { formatCallTime } from '../calls/call-format.ts';
import { useSeenOnOpen } from '../live/new-for-me.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { PhotoThumbnails } from '../submissions/PhotoThumbnails.tsx';
import { AppointmentDialog } from '../appointments/AppointmentDialog.tsx';
import { QuoteEditorDialog } from '../quote-sending/QuoteEditorDialog.tsx';
import { LeadEstimateCell } from './LeadEstimateCell.tsx';
import { LeadStagePicker, stageLabel } from './LeadStagePicker.tsx';
import { REQUESTS_PAGE_SIZE, leadQueries } from './leads.queries.ts';
import './requests.css';

const CHANNEL_LABEL = new Map<string, string>(LEAD_CHANNEL_OPTIONS.map((o) => [o.value, o.label]));
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value && (list as readonly string[]).includes(value) ? (value as T) : null;

/** Every lead from every channel, newest first: filters, search and the page live in the address. */
export function RequestsScreen() {
  const api = useApi();
  useSeenOnOpen('leads');
  const [params, setParams] = useSearchParams();
  const stage = oneOf<LeadStage>(LEAD_STAGES, params.get('stage'));
  const channel = oneOf<LeadChannel>(LEAD_CHANNELS, params.get('channel'));
  const page = Math.max(0, Number(params.get('page') ?? '1') - 1) || 0;
  const [typed, setTyped] = useState(params.get('q') ?? '');
  const q = useDebounced(typed);
  const leads = useQuery(leadQueries.page(api, { stage, channel, q, page }));
  const [booking, setBooking] = useState<Lead | null>(null);
  const [quoting, setQuoting] = useState<Lead | null>(null);

  const update = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in change)) next.delete('page');
    setParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader page="/admin/requests" />
      <Section title="Inbox" icon="inbox">
        <SectionCard className="requests-filters">
          <InputGroup
            type="search"
            leftIcon="search"
            aria-label="Search requests"
            placeholder="Name, phone, e-mail or address"
            value={typed}
            onChange={(e) => {
              setTyped(e.currentTarget.value);
              update({ q: e.currentTarget.value || null });
            }}
          />
          <HTMLSelect
            aria-label="Stage"
            value={stage ?? ''}
            onChange={(e) => update({ stage: e.currentTarget.value || null })}
            options={[{ value: '', label: 'All stages' }, ...LEAD_STAGE_OPTIONS]}
          />
          <HTMLSelect
            aria-label="Channel"
            value={channel ?? ''}
            onChange={(e) => update({ channel: e.currentTarget.value || null })}
            options={[{ value: '', label: 'All channels' }, ...LEAD_CHANNEL_OPTIONS]}
          />
        </SectionCard>
        <SectionCard padded={false}>
          {leads.isError ? (
            <NonIdealState
              icon="error"
              title="The requests could not be loaded"
              description={problemMessage(leads.error)}
              action={<Button text="Try again" icon="refresh" onClick={() => void leads.refetch()} />}
            />
          ) : leads.data?.total === 0 ? (
            <NonIdealState
              icon="inbox"
              title={q || stage || channel ? 'No requests match' : 'No requests yet'}
              description={q || stage || channel ? 'Try another search or filter.' : undefined}
            />
          ) : (
            <div className="table-scroll">
              <HTMLTable
                className="requests-table"
                striped
                aria-label="Requests"
                aria-busy={leads.isFetching}
              >
                <thead>
                  <tr>
                    <th>Received</th>
                    <th>Channel</th>
                    <th>Customer</th>
                    <th>Asked for</th>
                    <th>Stage</th>
                    <th>Estimate</th>
                  </tr>
                </thead>
                <tbody>
                  {leads.data
                    ? leads.data.items.map((lead) => (
                        <LeadRow key={lead.id} lead={lead} onBook={setBooking} onQuote={setQuoting} />
                      ))
                    : Array.from({ length: 8 }, (_, i) => (
                        <tr key={i} aria-hidden>
                          {Array.from({ length: 6 }, (__, j) => (
                            <td key={j} className={Classes.SKELETON}>
                              placeholder
                            </td>
                          ))}
                        </tr>
                      ))}
                </tbody>
              </HTMLTable>
            </div>
          )}
        </SectionCard>
        {leads.data && leads.data.total > 0 && (
          <SectionCard>
            <ListPager
              label="Request pages"
              page={page}
              pageSize={REQUESTS_PAGE_SIZE}
              total={leads.data.total}
              busy={leads.isPlaceholderData}
              onPage={(p) => update({ page: p > 0 ? String(p + 1) : null })}
            />
          </SectionCard>
        )}
      </Section>
      <AppointmentDialog
        isOpen={booking !== null}
        lead={booking ?? undefined}
        onClose={() => setBooking(null)}
      />
      {quoting && (
        <QuoteEditorDialog
          target={{ kind: 'lead', id: quoting.id }}
          customerName={quoting.name ?? quoting.phone ?? `lead ${quoting.id}`}
          isOpen
          onClose={() => setQuoting(null)}
        />
      )}
    </>
  );
}

function LeadRow({
  lead,
  onBook,
  onQuote,
}: {
  lead: Lead;
  onBook: (lead: Lead) => void;
  onQuote: (lead: Lead) => void;
}) {
  return (
    <tr aria-label={lead.name ?? lead.phone ?? `Lead ${lead.id}`}>
      <td>
        <time dateTime={lead.createdAt}>{formatCallTime(lead.createdAt)}</time>
      </td>
      <td>
        <Tag minimal>{CHANNEL_LABEL.get(lead.channel)}</Tag>
      </td>
      <td className="requests-customer">
        <div>
          {/* The customer's record: everything they sent, called or booked, across channels. */}
          {lead.customerId !== null ? (
            <Link to={customerPagePath(lead.customerId).slice(ADMIN_BASE.length)}>
              {lead.name ?? lead.phone ?? 'Customer record'}
            </Link>
          ) : (
            (lead.name ?? <span className={Classes.TEXT_MUTED}>Name not given</span>)
          )}
        </div>
        {lead.phone && <a href={`tel:${dialablePhone(lead.phone)}`}>{lead.phone}</a>}
        {lead.email && (
          <div>
            <a href={`mailto:${lead.email}`}>{lead.email}</a>
          </div>
        )}
        {lead.address && <div className={Classes.TEXT_MUTED}>{lead.address}</div>}
      </td>
      <td>
        {lead.askedFor ?? <span className={Classes.TEXT_MUTED}>—</span>}
        {lead.callBack && (
          // A promise the assistant made on the call: who to call back, why, and how soon.
          <div className="requests-call-back">
            <Tag intent={lead.callBack.urgent ? 'danger' : 'warning'} minimal={!lead.callBack.urgent}>
              {lead.callBack.urgent ? 'Urgent call back' : 'Call back'}
            </Tag>{' '}
            {lead.callBack.reason}
          </div>
        )}
        {lead.detail && <div className={`requests-detail ${Classes.TEXT_MUTED}`}>{lead.detail}</div>}
        {lead.timeline && <div>Timeline: {lead.timeline}</div>}
        {lead.openQuestion && (
          // A customer's question on their quote: answered from its submission.
          <Link className="requests-question" to={`/photo-submissions?submission=${lead.sourceId}`}>
            {lead.openQuestions > 1
              ? `${lead.openQuestions} questions on the quote`
              : 'Question on the quote'}
            : “{lead.openQuestion}” Answer it
          </Link>
        )}
        {lead.photos.length > 0 && (
          <PhotoThumbnails photos={lead.photos} customerName={lead.name ?? 'the customer'} max={3} />
        )}
      </td>
      <td>
        <LeadStagePicker lead={lead} />
        {lead.stage === 'lost' && lead.lostReason && (
          <div className={Classes.TEXT_MUTED}>{lead.lostReason}</div>
        )}
        {/* Who moved it last; the whole history opens from here. */}
        <LeadHistory lead={lead} />
      </td>
      <td>
        <LeadEstimateCell lead={lead} onBook={onBook} />
        {/* Any lead can be quoted line by line (a submission's too, which its card also offers). */}
        <Button small icon="dollar" text="Quote" onClick={() => onQuote(lead)} />
      </td>
    </tr>
  );
}

/**
 * Who moved a lead. Staff accounts are never deleted, so a change without one was made by no staff
 * member: a quote accepted online (the customer), or demo data (nobody to name).
 */
function movedBy(stage: LeadStage, staffName: string | null): string | null {
  return staffName ?? (stage === 'won' ? 'the customer' : null);
}

function LeadHistory({ lead }: { lead: Lead }) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const history = useQuery({ ...leadQueries.history(api, lead.id), enabled: open });
  if (!lead.stageChangedAt) return null;
  const mover = movedBy(lead.stage, lead.stageChangedBy);
  return (
    <Popover
      isOpen={open}
      onInteraction={setOpen}
      content={
        <ol className="requests-history" aria-label={`History of ${lead.name ?? 'this lead'}`}>
          {history.data?.map((h, i) => (
            <li key={i}>
              {stageLabel(h.stage)}
              {h.lostReason ? ` (${h.lostReason})` : ''} ·{' '}
              {[movedBy(h.stage, h.changedBy), formatCallTime(h.changedAt)].filter(Boolean).join(' · ')}
            </li>
          )) ?? <li>Loading…</li>}
        </ol>
      }
    >
      <Button small minimal text={mover ? `${stageLabel(lead.stage)} by ${mover}` : 'History'} />
    </Popover>
  );
}
