/**
 * Waits for a state, not a time: callbacks call `changed()`, tests await `until(condition)`.
 * A condition that never comes true fails by the test runner's hang guard.
 */
export function stateWatcher() {
  const waiters = new Set<{ condition: () => boolean; resolve: () => void }>();
  return {
    changed() {
      for (const waiter of [...waiters]) {
        if (waiter.condition()) {
          waiters.delete(waiter);
          waiter.resolve();
        }
      }
    },
    until(condition: () => boolean): Promise<void> {
      if (condition()) return Promise.resolve();
      return new Promise((resolve) => waiters.add({ condition, resolve }));
    },
  };
}
