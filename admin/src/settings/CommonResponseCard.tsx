import { useState } from 'react';
import { Button, ButtonVariant, Card, H4, Intent, Tag, TextArea } from '@blueprintjs/core';
import type { CommonResponse } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { useChange } from '../api/use-change.ts';
import { showFailureToast } from '../toaster.ts';
import { usePermission } from '../session/use-permission.ts';
import { saveCommonResponse, settingsQueries } from './settings.queries.ts';

/** One pre-written answer; Edit opens a 4-row editor with the current text (spec 4). */
export function CommonResponseCard({ response }: { response: CommonResponse }) {
  const api = useApi();
  const { allowed } = usePermission('aiBehaviour');
  const [draft, setDraft] = useState<string | null>(null);
  const save = useChange({
    change: (client, content: string) => saveCommonResponse(client, response.id, content),
    success: 'Response updated successfully',
    refetch: [settingsQueries.commonResponses(api).queryKey],
    onDone: () => setDraft(null),
    onError: () => showFailureToast('Failed to update response'),
  });
  const blank = !draft?.trim();

  return (
    <Card className="common-response" role="region" aria-label={response.title}>
      <div className="common-response__head">
        <H4>{response.title}</H4>
        <Tag minimal intent={Intent.PRIMARY}>
          {response.category}
        </Tag>
        {draft === null && allowed && (
          <Button
            icon="edit"
            variant={ButtonVariant.MINIMAL}
            text="Edit"
            aria-label={`Edit ${response.title}`}
            onClick={() => setDraft(response.content)}
          />
        )}
      </div>
      {draft === null ? (
        <p className="common-response__content">{response.content}</p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!blank) save.mutate(draft.trim());
          }}
        >
          <TextArea
            rows={4}
            fill
            autoFocus
            aria-label={`${response.title} text`}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
          />
          <div className="common-response__actions">
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              text="Save"
              loading={save.isPending}
              disabled={blank || save.isPending}
            />
            <Button text="Cancel" disabled={save.isPending} onClick={() => setDraft(null)} />
          </div>
        </form>
      )}
    </Card>
  );
}
