import { useState } from 'react';
import { Button, ButtonVariant, Card, H4, Intent, Tag, TextArea } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommonResponse } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { showToast } from '../toaster.ts';
import { saveCommonResponse, settingsQueries } from './settings.queries.ts';

/** One pre-written answer; Edit opens a 4-row editor with the current text (spec 4). */
export function CommonResponseCard({ response }: { response: CommonResponse }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (content: string) => saveCommonResponse(api, response.id, content),
    onSuccess: () => {
      setDraft(null);
      showToast({ intent: Intent.SUCCESS, icon: 'tick', message: 'Response updated successfully' });
      return queryClient.invalidateQueries({ queryKey: settingsQueries.commonResponses(api).queryKey });
    },
    onError: () => showToast({ intent: Intent.DANGER, icon: 'error', message: 'Failed to update response' }),
  });
  const blank = !draft?.trim();

  return (
    <Card className="common-response" role="region" aria-label={response.title}>
      <div className="common-response__head">
        <H4>{response.title}</H4>
        <Tag minimal intent={Intent.PRIMARY}>
          {response.category}
        </Tag>
        {draft === null && (
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
