import { Classes, H5 } from '@blueprintjs/core';
import type { Call } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { formatDuration } from '@washdesk/contract';

/**
 * The message the caller left. The audio comes from this server (which fetches it from Twilio
 * with the account's credentials), so the page never learns Twilio's address.
 */
export function CallVoicemail({ call }: { call: Call }) {
  const api = useApi();
  if (!call.voicemail) return null;
  const { durationSeconds, transcript } = call.voicemail;
  return (
    <section className="call-voicemail" aria-label="Voicemail">
      <H5>
        Voicemail
        {durationSeconds !== null && (
          <span className={Classes.TEXT_MUTED}> ({formatDuration(durationSeconds)})</span>
        )}
      </H5>
      <audio
        controls
        preload="none"
        src={`${api.baseUrl}/api/calls/${call.id}/recording`}
        aria-label="Play the voicemail"
      >
        Your browser cannot play the recording.
      </audio>
      <p className={transcript ? undefined : Classes.TEXT_MUTED}>{transcript ?? 'No transcript'}</p>
    </section>
  );
}
