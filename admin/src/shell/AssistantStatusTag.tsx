import { Classes, Intent, Tag } from '@blueprintjs/core';
import { Tooltip } from './Tooltip.tsx';
import { useQuery } from '@tanstack/react-query';
import type { AssistantStatus } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { assistantQueries } from './assistant.queries.ts';
import './shell.css';

/** The indicator's words: the spec's "AI Assistant Online" only when a channel is really answered. */
export const assistantStatusText = (status: AssistantStatus) =>
  status.online
    ? `AI Assistant Online · ${status.answering.join(', ')}`
    : `AI Assistant Offline · ${status.offlineReason ?? 'no channel answered'}`;

/**
 * Which channels the assistant answers right now (phone, Messenger, photo quotes), from the
 * server's configuration and the channels it receives; the tooltip gives each channel's state.
 */
export function AssistantStatusTag() {
  const api = useApi();
  const status = useQuery(assistantQueries.status(api));
  if (status.isPending) {
    return (
      <Tag minimal round className={Classes.SKELETON}>
        AI Assistant status
      </Tag>
    );
  }
  const data = status.data;
  const lines = data
    ? [...data.channels.map((c) => c.state), data.knowledge]
    : ["The assistant's status could not be read."];
  return (
    <Tooltip
      content={
        <ul className="assistant-status__details" aria-label="Assistant channels">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      }
    >
      <Tag
        intent={data?.online ? Intent.SUCCESS : data ? Intent.WARNING : Intent.NONE}
        minimal
        round
        icon="dot"
        tabIndex={0}
        className="assistant-status"
      >
        {data ? assistantStatusText(data) : 'AI Assistant status unknown'}
      </Tag>
    </Tooltip>
  );
}
