import { H5, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { PhotoSubmissionRow } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { LoadFailed } from '../shell/LoadFailed.tsx';
import type { PriceSuggestion } from './price-suggestion.ts';
import { SendQuoteForm } from './SendQuoteForm.tsx';
import { SentQuotePanel } from './SentQuotePanel.tsx';
import { sentQuoteQueries } from './sent-quote.queries.ts';

/**
 * The quote the customer receives: the newest one sent (live: opening, accepting and questions
 * arrive as events and refetch it) and "Send quote" for a saved price or a new one. Before a price
 * is saved the quote form above sends it, so this section has no price box of its own then.
 * Once accepted, the job is booked instead.
 */
export function CustomerQuoteSection({
  submission,
  suggestion,
  quoted,
}: {
  submission: PhotoSubmissionRow;
  suggestion: PriceSuggestion | null;
  quoted: boolean;
}) {
  const api = useApi();
  const quotes = useQuery(sentQuoteQueries.of(api, submission.id));
  if (!quoted && quotes.data?.quotes.length === 0) return null;
  return (
    <section className="customer-quote" aria-label="Quote for the customer">
      <H5>Quote for the customer</H5>
      {quotes.isPending ? (
        <Spinner size={20} aria-label="Loading the quotes sent" />
      ) : quotes.isError ? (
        <LoadFailed title="The quotes sent could not be loaded" />
      ) : (
        <>
          {quotes.data.quotes[0] && (
            <SentQuotePanel
              submission={submission}
              quote={quotes.data.quotes[0]}
              leadStage={quotes.data.leadStage}
              configured={quotes.data.deliveryConfigured}
            />
          )}
          {quotes.data.quotes[0]?.state !== 'accepted' && (
            <SendQuoteForm
              submission={submission}
              suggestion={suggestion}
              configured={quotes.data.deliveryConfigured}
              resend={quotes.data.quotes.length > 0}
            />
          )}
        </>
      )}
    </section>
  );
}
