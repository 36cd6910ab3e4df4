import { useState } from 'react';
import type { Refusal } from './account-api.ts';
import { accountMessageIn } from './account-texts.ts';

/**
 * A button that asks the server for a page to go to (a visit's own page, Stripe's checkout for a
 * deposit) and goes there: busy while asking, the server's refusal in the page's language, or
 * `failed` when the server could not be reached. Nothing is claimed before the answer.
 */
export function GoButton({
  ask,
  label,
  busyLabel,
  failed,
  secondary = false,
}: {
  ask: () => Promise<{ kind: 'url'; url: string } | Refusal>;
  label: string;
  busyLabel: string;
  failed: string;
  secondary?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const go = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await ask();
      if (answer.kind === 'url') return window.location.assign(answer.url);
      setProblem(accountMessageIn(answer.message));
    } catch {
      setProblem(failed);
    }
    setBusy(false);
  };
  return (
    <>
      <button
        type="button"
        className={`quote-button${secondary ? ' quote-button--secondary' : ''} account__action`}
        disabled={busy}
        onClick={() => void go()}
      >
        {busy ? busyLabel : label}
      </button>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
