import { useEffect, useRef, useState } from 'react';
import type { MultipartUpload } from './send-multipart.ts';
import type { UploadPhase } from './UploadProgress.tsx';

/** How a page's upload reports back: the progress bar, the switch to "processing", and cancelling. */
export type UploadReporting = Required<Pick<MultipartUpload, 'onProgress' | 'onUploaded' | 'signal'>>;

export type PhotoUploadResult<Outcome> =
  /** Photos still too large after shrinking: nothing was sent. */
  { sent: false; refusals: string[] } | { sent: true; outcome: Outcome };

/**
 * One photo upload as every public page runs it: shrink the photos in the browser, send them
 * with a progress bar, then wait while the server works on them. Leaving the page cancels an
 * upload still on its way.
 */
export function usePhotoUpload() {
  const [phase, setPhase] = useState<UploadPhase>('idle');
  const [progress, setProgress] = useState(0);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const send = async <Outcome>(
    files: readonly File[],
    upload: (ready: File[], reporting: UploadReporting) => Promise<Outcome>,
  ): Promise<PhotoUploadResult<Outcome>> => {
    setPhase('preparing');
    // Shrinking is only needed once a visitor sends, so it is not in any page's first load.
    const { preparePhotos } = await import('./prepare-photos.ts');
    const { ready, refusals } = await preparePhotos(files);
    if (refusals.length) {
      setPhase('idle');
      return { sent: false, refusals };
    }
    setProgress(0);
    setPhase('uploading');
    controller.current = new AbortController();
    const outcome = await upload(ready, {
      onProgress: setProgress,
      onUploaded: () => setPhase((current) => (current === 'uploading' ? 'processing' : current)),
      signal: controller.current.signal,
    });
    setPhase('idle');
    return { sent: true, outcome };
  };

  return { phase, progress, busy: phase !== 'idle', send, clearProgress: () => setProgress(0) };
}
