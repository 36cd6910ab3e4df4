import { useState } from 'react';
import {
  Alert,
  Button,
  ButtonGroup,
  ButtonVariant,
  Card,
  Classes,
  H5,
  Intent,
  Size,
  Tag,
} from '@blueprintjs/core';
import { FAQ_CATEGORY_OPTIONS, labelOf, type FaqEntry } from '@washdesk/contract';
import { deleteFaqEntry } from './faq.queries.ts';
import { useFaqChange } from './use-faq-change.ts';

interface FaqEntryCardProps {
  entry: FaqEntry;
  /** Absent for a role that may not change the FAQ: the card offers no Edit or Delete. */
  onEdit?: (entry: FaqEntry) => void;
}

export function FaqEntryCard({ entry, onEdit }: FaqEntryCardProps) {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const remove = useFaqChange('delete', (api, id: number) => deleteFaqEntry(api, id));

  return (
    <Card className="faq-entry" role="article" aria-label={entry.question}>
      <div className="faq-entry__head">
        <H5 className="faq-entry__question">{entry.question}</H5>
        {onEdit && (
          <ButtonGroup variant={ButtonVariant.MINIMAL} size={Size.SMALL}>
            <Button icon="edit" text="Edit" onClick={() => onEdit(entry)} />
            <Button
              icon="trash"
              text="Delete"
              intent={Intent.DANGER}
              onClick={() => setConfirmingDelete(true)}
            />
          </ButtonGroup>
        )}
      </div>
      <p className="faq-entry__answer">{entry.answer}</p>
      <div className="faq-entry__tags">
        <Tag minimal>{labelOf(FAQ_CATEGORY_OPTIONS, entry.category)}</Tag>
        <Tag minimal intent={entry.isActive ? Intent.SUCCESS : Intent.NONE}>
          {entry.isActive ? 'Active' : 'Inactive'}
        </Tag>
        {entry.usageCount > 0 && (
          <span className={Classes.TEXT_MUTED}>
            Used {entry.usageCount} {entry.usageCount === 1 ? 'time' : 'times'}
          </span>
        )}
      </div>
      <Alert
        isOpen={confirmingDelete}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        loading={remove.isPending}
        onConfirm={() => remove.mutate(entry.id, { onSettled: () => setConfirmingDelete(false) })}
        onCancel={() => setConfirmingDelete(false)}
      >
        <p>Are you sure you want to delete this FAQ entry?</p>
      </Alert>
    </Card>
  );
}

/** The loading shape of an entry (spec: 5 placeholder cards). */
export function FaqEntryPlaceholder() {
  return (
    <Card className="faq-entry" aria-hidden>
      <H5 className={Classes.SKELETON}>A question customers often ask?</H5>
      <p className={Classes.SKELETON}>The answer the assistant gives, a sentence or two long.</p>
      <span className={Classes.SKELETON}>Category</span>
    </Card>
  );
}
