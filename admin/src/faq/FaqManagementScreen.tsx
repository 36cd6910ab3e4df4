import { useState } from 'react';
import { Button, Intent, NonIdealState } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { FaqEntry } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { problemMessage } from '../api/problem-message.ts';
import { SummaryCard } from '../ai-responses/SummaryCard.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { FaqEntryCard, FaqEntryPlaceholder } from './FaqEntryCard.tsx';
import { FaqEntryDialog } from './FaqEntryDialog.tsx';
import { faqQueries } from './faq.queries.ts';
import { NotPermittedNotice } from '../session/NotPermittedNotice.tsx';
import { usePermission } from '../session/use-permission.ts';
import './faq.css';

const PLACEHOLDER_CARDS = 5;

/** The dialog is closed, adding a new entry (null) or editing one. */
type Editing = { entry: FaqEntry | null } | undefined;

export function FaqManagementScreen() {
  const api = useApi();
  const faq = useQuery(faqQueries.list(api));
  const [editing, setEditing] = useState<Editing>();
  // Everyone reads the FAQ the assistant answers from; only whoever may changes it.
  const { allowed } = usePermission('faq');
  const entries = faq.data;

  return (
    <>
      <PageHeader
        page="/admin/faq-management"
        action={
          allowed && (
            <Button
              icon="add"
              intent={Intent.PRIMARY}
              text="Add FAQ Entry"
              onClick={() => setEditing({ entry: null })}
            />
          )
        }
      />
      <NotPermittedNotice permission="faq" />
      <section className="stat-cards faq-summary" aria-label="Summary">
        <SummaryCard label="Total FAQs" icon="manual" value={entries && String(entries.length)} />
        <SummaryCard
          label="Active FAQs"
          icon="tick-circle"
          value={entries && String(entries.filter((e) => e.isActive).length)}
        />
        <SummaryCard
          label="Categories"
          icon="tag"
          value={entries && String(new Set(entries.map((e) => e.category)).size)}
        />
      </section>
      {faq.isError ? (
        <NonIdealState
          icon="error"
          title="The FAQ entries could not be loaded"
          description={problemMessage(faq.error)}
          action={<Button text="Try again" icon="refresh" onClick={() => void faq.refetch()} />}
        />
      ) : entries?.length === 0 ? (
        <NonIdealState
          icon="manual"
          description="No FAQ entries yet. Create your first one to get started."
        />
      ) : (
        <div className="faq-list" aria-label="FAQ entries" role="feed" aria-busy={!entries}>
          {entries
            ? entries.map((entry) => (
                <FaqEntryCard
                  key={entry.id}
                  entry={entry}
                  onEdit={allowed ? (e) => setEditing({ entry: e }) : undefined}
                />
              ))
            : Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => <FaqEntryPlaceholder key={i} />)}
        </div>
      )}
      <FaqEntryDialog
        entry={editing?.entry ?? null}
        isOpen={editing !== undefined}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
