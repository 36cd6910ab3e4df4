import type { FeatureLifecycle } from '../feature-lifecycle.ts';

/**
 * Work the database says is left (photos to strip, texted attachments to fetch), done a few at a
 * time after the request that stored it was answered. The rows are the queue: what a stopped
 * server left is found again at the next start. An item whose work failed for a reason of ours
 * (a full disk) is `skip`ped until the next start, so it does not spin.
 */
export function storedWorkQueue<K>(options: {
  concurrency: number;
  /** Up to `limit` keys of the items still waiting, oldest first. */
  waiting: (limit: number) => K[];
  /** Does one item's work; resolves 'skip' to leave it until the next start. */
  work: (key: K) => Promise<void | 'skip'>;
  /** While true nothing starts by itself (a crash test keeps items waiting); `begin` still works. */
  held?: boolean;
  /**
   * Asked before anything starts by itself: while it says true, waiting work stays waiting (the
   * owner calls `fill` when it stops saying so); `begin` still works.
   */
  paused?: () => boolean;
}) {
  const running = new Map<K, Promise<void>>();
  const skipped = new Set<K>();
  let stopped = false;

  function begin(key: K): Promise<void> {
    const known = running.get(key);
    if (known) return known;
    const work = options
      .work(key)
      .then((outcome) => void (outcome === 'skip' && skipped.add(key)))
      .finally(() => {
        running.delete(key);
        fill();
      });
    running.set(key, work);
    return work;
  }

  function fill() {
    if (stopped || options.held || options.paused?.()) return;
    const free = options.concurrency - running.size;
    if (free <= 0) return;
    const next = options
      .waiting(options.concurrency + running.size + skipped.size)
      .filter((key) => !running.has(key) && !skipped.has(key))
      .slice(0, free);
    for (const key of next) void begin(key);
  }

  return {
    begin,
    fill,
    stopped: () => stopped,
    /** Resolves once nothing is running and nothing is left waiting (tests, shutdown). */
    async settled() {
      for (;;) {
        fill();
        if (running.size === 0) return;
        await Promise.all(running.values());
      }
    },
    lifecycle: (name: string): FeatureLifecycle => ({
      name,
      // What a stopped server left waiting is taken up from the start.
      start: () => fill(),
      async stop() {
        stopped = true;
        await Promise.all(running.values());
      },
    }),
  };
}
