// One conversation's work, one job after another: a reply's memory is the turn before it, and a
// rule read inside a job (staff took over, the customer said STOP, the caller hung up) sees what
// the job before it did. Texts, Messenger and a streamed call each keep one; different
// conversations run side by side.

export interface ConversationQueue<K> {
  /** Runs `job` after every job already queued for `key`; a failure goes to `report`, and the next job still runs. */
  enqueue(key: K, job: () => Promise<void>): void;
  /** Resolves once every job queued so far (and any job they queued) has finished: shutdown and tests. */
  settled(): Promise<void>;
}

export function conversationQueue<K = number>(report: (error: unknown) => void): ConversationQueue<K> {
  const chains = new Map<K, Promise<void>>();
  return {
    enqueue(key, job) {
      const next = (chains.get(key) ?? Promise.resolve()).then(job).catch(report);
      chains.set(key, next);
      // A conversation that went quiet leaves nothing behind.
      void next.then(() => {
        if (chains.get(key) === next) chains.delete(key);
      });
    },
    async settled() {
      while (chains.size) await Promise.all(chains.values());
    },
  };
}
