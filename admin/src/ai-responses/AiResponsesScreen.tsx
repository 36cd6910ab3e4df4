import { useState } from 'react';
import { Button, Intent, NonIdealState, Section, SectionCard } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { problemMessage } from '../api/problem-message.ts';
import { ListPager } from '../components/ListPager.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { AiResponseItem, AiResponsePlaceholder } from './AiResponseItem.tsx';
import { AiResponseSummaryCards } from './AiResponseSummaryCards.tsx';
import { AnalyzePatternsDialog } from './AnalyzePatternsDialog.tsx';
import { AI_RESPONSES_PAGE_SIZE, aiResponseQueries } from './ai-responses.queries.ts';
import './ai-responses.css';

const PLACEHOLDER_ROWS = 10;

export function AiResponsesScreen() {
  const api = useApi();
  const [page, setPage] = useState(0);
  const [analyzing, setAnalyzing] = useState(false);
  const log = useQuery(aiResponseQueries.page(api, page));

  return (
    <>
      <PageHeader
        page="/admin/ai-responses"
        action={
          <Button
            icon="pie-chart"
            intent={Intent.PRIMARY}
            text="Analyze Patterns"
            onClick={() => setAnalyzing(true)}
          />
        }
      />
      <AiResponseSummaryCards />
      <Section title="Recent Interactions" icon="chat">
        <SectionCard padded={false}>
          {log.isError ? (
            <NonIdealState
              icon="error"
              title="The AI responses could not be loaded"
              description={problemMessage(log.error)}
              action={<Button text="Try again" icon="refresh" onClick={() => void log.refetch()} />}
            />
          ) : log.data?.total === 0 ? (
            <NonIdealState
              icon="chat"
              title="No AI responses yet"
              description="Answers the assistant gives by phone and on Messenger appear here."
            />
          ) : (
            <ol className="ai-response-list" aria-label="AI responses" aria-busy={log.isFetching}>
              {log.data
                ? log.data.items.map((response) => <AiResponseItem key={response.id} response={response} />)
                : Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => <AiResponsePlaceholder key={i} />)}
            </ol>
          )}
        </SectionCard>
        {log.data && log.data.total > 0 && (
          <SectionCard>
            <ListPager
              label="AI response pages"
              page={page}
              pageSize={AI_RESPONSES_PAGE_SIZE}
              total={log.data.total}
              busy={log.isPlaceholderData}
              onPage={setPage}
            />
          </SectionCard>
        )}
      </Section>
      <AnalyzePatternsDialog isOpen={analyzing} onClose={() => setAnalyzing(false)} />
    </>
  );
}
