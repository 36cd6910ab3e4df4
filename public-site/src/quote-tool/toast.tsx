import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { t } from '../i18n/i18n.ts';

export interface Toast {
  title: string;
  text: string;
  tone: 'success' | 'error';
}

/** Spec section 9: one toast at a time, closing by itself after 5000 ms. */
export const TOAST_DURATION_MS = 5000;

const ShowToastContext = createContext<(toast: Toast) => void>(() => {});

/** Shows a toast, replacing the one on screen. */
export const useShowToast = () => useContext(ShowToastContext);

interface ShownToast extends Toast {
  id: number;
}

/**
 * The public pages' toast: deliberately small (no library). The live region stays in the page
 * while empty, so screen readers announce a toast the moment its text appears in it.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast | null>(null);
  const [paused, setPaused] = useState(false);
  const nextId = useRef(0);

  // A toast removed while hovered or focused fires no leave or blur, so each change resumes the timer.
  const show = useCallback((next: Toast) => {
    setPaused(false);
    setToast({ ...next, id: ++nextId.current });
  }, []);
  const close = () => {
    setPaused(false);
    setToast(null);
  };

  // Hovering or focusing the toast holds it, so nobody loses a message while reading it.
  useEffect(() => {
    if (!toast || paused) return;
    const timer = window.setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast, paused]);

  return (
    <ShowToastContext value={show}>
      {children}
      <div
        className="toast-region"
        role="status"
        aria-label={t('common.toast.region')}
        aria-live="polite"
        aria-atomic="true"
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        {toast && (
          <div key={toast.id} className={`toast toast--${toast.tone}`}>
            <div className="toast__body">
              <p className="toast__title">{toast.title}</p>
              <p className="toast__text">{toast.text}</p>
            </div>
            <button
              type="button"
              className="toast__close"
              aria-label={t('common.toast.close')}
              onClick={close}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        )}
      </div>
    </ShowToastContext>
  );
}
