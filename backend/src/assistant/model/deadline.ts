import type { Clock } from '../../time.ts';

/** How often the injected clock is read while a model request is open. */
const CHECK_EVERY_MS = 5;

/**
 * An abort signal that fires when the injected clock reaches the deadline. The clock is polled
 * rather than a timer set for the remaining time, so the per-turn budget is kept on the clock the
 * assistant was given: a test moves its clock past the deadline instead of waiting real seconds.
 * `stop()` must be called when the request is over (it ends the polling).
 */
export function deadlineSignal(now: Clock, deadline: number) {
  const controller = new AbortController();
  const check = () => {
    if (now() >= deadline) controller.abort(new Error('the turn budget ran out'));
  };
  check();
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  controller.signal.addEventListener('abort', () => clearInterval(timer));
  return { signal: controller.signal, stop: () => clearInterval(timer) };
}
