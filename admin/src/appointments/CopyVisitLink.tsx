import { useRef, useState } from 'react';
import { Button, InputGroup } from '@blueprintjs/core';
import { visitLinkSchema, type Appointment } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { showFailureToast, showProblemToast, showSuccessToast } from '../toaster.ts';

/**
 * "Copy visit link": a fresh link to the customer's own visit page (confirm, move, cancel), for
 * staff to paste into an e-mail or a chat. Shown only while the visit stands; when the browser
 * will not write to the clipboard (an http page), the link is shown selected to copy by hand.
 */
export function CopyVisitLink({ appointment }: { appointment: Appointment }) {
  const api = useApi();
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  if (appointment.status !== 'scheduled') return null;
  const copy = async () => {
    setBusy(true);
    let url: string;
    try {
      ({ url } = await api.send('POST', `/api/appointments/${appointment.id}/visit-link`, undefined, visitLinkSchema));
    } catch (error) {
      showProblemToast(error);
      return;
    } finally {
      setBusy(false);
    }
    setLink(url);
    try {
      // Only secure pages (https, localhost) may write to the clipboard.
      await navigator.clipboard.writeText(url);
      showSuccessToast('Visit link copied');
    } catch {
      requestAnimationFrame(() => input.current?.select());
      showFailureToast('The browser would not copy the link; it is selected, press Ctrl+C to copy it');
    }
  };
  return (
    <div className="copy-visit-link">
      <Button icon="duplicate" text="Copy visit link" loading={busy} onClick={() => void copy()} />
      {link && (
        <InputGroup
          readOnly
          value={link}
          inputRef={input}
          aria-label="Visit link"
          onFocus={(event) => event.target.select()}
        />
      )}
    </div>
  );
}
