import { Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { CommonResponseCard } from './CommonResponseCard.tsx';
import { settingsQueries } from './settings.queries.ts';
import { LoadFailed } from '../shell/LoadFailed.tsx';
import { NotPermittedNotice } from '../session/NotPermittedNotice.tsx';

/** Settings → Common Responses: the three pre-written answers (spec: a fixed list). */
export function CommonResponsesTab() {
  const api = useApi();
  const responses = useQuery(settingsQueries.commonResponses(api));
  if (responses.isPending) return <Spinner aria-label="Loading common responses" />;
  if (responses.isError) {
    return <LoadFailed title="The common responses could not be loaded" />;
  }
  return (
    <div className="common-responses">
      <NotPermittedNotice permission="aiBehaviour" />
      {responses.data.map((response) => (
        <CommonResponseCard key={response.id} response={response} />
      ))}
    </div>
  );
}
