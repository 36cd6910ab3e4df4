import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '@blueprintjs/core';

/** A screen in its own chunk that can be fetched before it is needed. */
export interface PreloadedScreen {
  (): React.JSX.Element;
  preload(): Promise<unknown>;
}

/**
 * Screens are split out so the admin's first load carries only the shell. A plain React.lazy
 * would suspend on every first visit, and React holds a revealed Suspense boundary back for up
 * to 300 ms to avoid flicker; a screen fetched beforehand renders at once instead, without
 * Suspense, and only a screen that is still on its way shows the spinner.
 */
/**
 * The whole admin's stylesheet (staff-styles.ts), asked for before the screen itself so that its
 * <link> precedes every screen's own styles, as Blueprint's did when the first load carried it.
 */
const loadStaffStyles = () => import('../staff-styles.ts');

export function preloadedScreen(load: () => Promise<ComponentType>): PreloadedScreen {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    // A failed fetch (a deploy replaced the chunk, a dropped connection) may be tried again.
    loading ??= Promise.all([loadStaffStyles(), load()]).then(
      ([, screen]) => (loaded = screen),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((screen) => ({ default: screen })));
  function Screen() {
    if (loaded) return createElement(loaded);
    return (
      <Suspense fallback={<Spinner className="admin-screen-loading" aria-label="Loading" />}>
        <Lazy />
      </Suspense>
    );
  }
  return Object.assign(Screen, { preload });
}
