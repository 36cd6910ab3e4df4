import { Classes, Intent, Tag } from '@blueprintjs/core';
import type { AiResponse } from '@washdesk/contract';
import { formatCallTime } from '../calls/call-format.ts';
import { formatResponseTime } from './ai-response-figures.ts';
import { answerSource } from './answer-source.ts';
import { intentLabel } from './intent-labels.ts';

const CHANNEL_LABELS: Record<AiResponse['channel'], string> = {
  phone: 'Phone',
  messenger: 'Messenger',
  text: 'Text',
};

/** One logged answer: what the customer said, what the assistant replied, and how it went. */
export function AiResponseItem({ response }: { response: AiResponse }) {
  return (
    <li className="ai-response" aria-label={`${intentLabel(response.intent)} answer`}>
      <div className="ai-response__head">
        <Tag minimal icon={response.channel === 'phone' ? 'phone' : 'chat'}>
          {CHANNEL_LABELS[response.channel]}
        </Tag>
        <Tag minimal intent={Intent.PRIMARY}>
          {intentLabel(response.intent)}
        </Tag>
        {response.photoRequestSent && (
          <Tag minimal intent={Intent.SUCCESS} icon="camera">
            Photo request sent
          </Tag>
        )}
        {!response.successful && (
          <Tag minimal intent={Intent.WARNING} icon="warning-sign">
            Not successful
          </Tag>
        )}
        <span className={`ai-response__time ${Classes.TEXT_MUTED}`}>
          {response.responseTimeMs != null && `${formatResponseTime(response.responseTimeMs)} · `}
          <time dateTime={response.createdAt}>{formatCallTime(response.createdAt)}</time>
        </span>
      </div>
      <div className="ai-response__exchange">
        <p>
          <strong>Customer:</strong> {response.customerMessage}
        </p>
        <p>
          <strong>AI:</strong> {response.aiResponse}
        </p>
        <p className={`ai-response__source ${Classes.TEXT_MUTED}`}>{answerSource(response)}</p>
      </div>
    </li>
  );
}

export function AiResponsePlaceholder() {
  return (
    <li className="ai-response" aria-hidden>
      <div className="ai-response__head">
        <span className={Classes.SKELETON}>Phone · Quote request</span>
      </div>
      <p className={Classes.SKELETON}>What the customer asked the assistant.</p>
      <p className={Classes.SKELETON}>What the assistant answered, at some length.</p>
    </li>
  );
}
