import { Classes, Intent, Tag } from '@blueprintjs/core';
import { Tooltip } from './Tooltip.tsx';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { assistantQueries } from './assistant.queries.ts';
import './shell.css';

/**
 * "AI Assistant Online" only when the assistant really has something to answer from (the spec's
 * text); otherwise it says offline, and the tooltip says why and which channels are connected.
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
  const online = status.data?.online ?? false;
  const details = status.data?.details ?? ["The assistant's status could not be read."];
  return (
    <Tooltip
      content={
        <ul className="assistant-status__details">
          {details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      }
    >
      <Tag
        intent={online ? Intent.SUCCESS : status.data ? Intent.WARNING : Intent.NONE}
        minimal
        round
        icon="dot"
        tabIndex={0}
        className="assistant-status"
      >
        {online
          ? 'AI Assistant Online'
          : status.data
            ? 'AI Assistant Offline'
            : 'AI Assistant status unknown'}
      </Tag>
    </Tooltip>
  );
}
