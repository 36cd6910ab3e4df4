import { Tag } from '@blueprintjs/core';
import type { TextMessage } from '@washdesk/contract';
import { plannedLabel } from './planned-texts.ts';
import { VisibleText } from './VisibleText.tsx';

/**
 * The texts the outbox holds for later, after the conversation and marked as planned: drawn
 * outlined, not as sent bubbles, with when they go ("Planned for Tue 9:00 AM"). Nothing here has
 * reached the customer yet; if it is cancelled or fails, the thread says so in its place.
 */
export function PlannedTexts({
  messages,
  senders,
}: {
  messages: TextMessage[];
  senders: Record<string, string>;
}) {
  if (messages.length === 0) return null;
  return (
    <section className="texts-planned" aria-label="Planned texts">
      <p className="texts-planned__heading">Planned, not sent yet</p>
      {messages.map((m) => (
        <div
          key={m.id}
          className="messenger-bubble texts-planned__bubble"
          data-sender={m.sender}
          data-state="planned"
        >
          <p className="messenger-bubble__text">
            <VisibleText text={m.body} />
          </p>
          <div className="messenger-bubble__meta">
            <span>{m.staffName ? `Staff · ${m.staffName}` : senders[m.sender]}</span>
            <Tag minimal icon="time">
              {plannedLabel(m.plannedFor!)}
            </Tag>
          </div>
        </div>
      ))}
    </section>
  );
}
