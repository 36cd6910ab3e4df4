import { expect } from '@playwright/test';

/** How long one comparison waits for the screen before the server is read again. */
export const ONE_LOOK = { timeout: 2_000 };

/**
 * Tests share one database, and the event stream refreshes an open screen whenever another test
 * writes: a figure read from the server once may be stale by the time the screen shows it. This
 * reads the server again and compares (each look with `ONE_LOOK`) until the screen agrees with what
 * the server answers now; the test's own timeout bounds it.
 */
export function expectScreenAgrees<T>(readServer: () => Promise<T>, compare: (now: T) => Promise<void>) {
  return expect(async () => compare(await readServer())).toPass();
}
