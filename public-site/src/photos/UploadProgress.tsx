import { t } from '../i18n/i18n.ts';

/** Where a photo upload is: shrinking in the browser, bytes going up, or the server working. */
export type UploadPhase = 'idle' | 'preparing' | 'uploading' | 'processing';

interface UploadProgressProps {
  phase: UploadPhase;
  progress: number;
  /** What the server does once the photos are up ("Analyzing them…"). */
  processingText: string;
}

export function UploadProgress({ phase, progress, processingText }: UploadProgressProps) {
  const step = {
    idle: '',
    preparing: t('common.upload.preparing'),
    uploading: t('common.upload.uploading'),
    processing: processingText,
  }[phase];
  return (
    <div className="quote-progress">
      <p className="quote-progress__text">
        {/* Only the step is announced; every percent would be noise to a screen reader. */}
        <span role="status">{step}</span>
        {phase !== 'preparing' && <span className="quote-progress__percent">{progress}%</span>}
      </p>
      {phase !== 'preparing' && (
        <div
          className="quote-progress__bar"
          role="progressbar"
          aria-label={t('common.upload.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <div className="quote-progress__fill" style={{ width: `${progress}%` }} />
        </div>
      )}
    </div>
  );
}
