import { Callout, Classes, H5, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { aiResponseQueries } from '../ai-responses/ai-responses.queries.ts';
import { answerSource } from '../ai-responses/answer-source.ts';
import { intentLabel } from '../ai-responses/intent-labels.ts';

/** The turns of a call from the AI response log: what the caller said and what the assistant answered. */
export function CallTranscript({ callId }: { callId: number }) {
  const api = useApi();
  const answers = useQuery(aiResponseQueries.ofCall(api, callId));
  return (
    <section aria-label="Conversation">
      <H5>Conversation</H5>
      {answers.isPending && <Spinner size={20} aria-label="Loading the conversation" />}
      {answers.isError && (
        <Callout intent={Intent.DANGER}>The conversation could not be loaded. Try again later.</Callout>
      )}
      {answers.data?.length === 0 && (
        <p className={Classes.TEXT_MUTED}>No assistant answers were stored for this call.</p>
      )}
      {answers.data && answers.data.length > 0 && (
        <ol className="call-details__conversation">
          {/* The log answers newest first; a conversation reads top to bottom. */}
          {[...answers.data].reverse().map((answer) => (
            <li key={answer.id}>
              <p>
                <strong>Caller:</strong> {answer.customerMessage}
              </p>
              <p>
                <strong>Assistant:</strong> {answer.aiResponse}
              </p>
              <div className="call-details__turn-tags">
                <Tag minimal>{intentLabel(answer.intent)}</Tag>
                {answer.photoRequestSent && (
                  <Tag minimal intent={Intent.SUCCESS} icon="camera">
                    Photo request sent
                  </Tag>
                )}
                <span className={Classes.TEXT_MUTED}>{answerSource(answer)}</span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
