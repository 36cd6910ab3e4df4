/** Runs a function after a delay; tests inject one they fire themselves (no real waiting). */
export interface Timer {
  after(ms: number, run: () => void): () => void;
}

export const realTimer: Timer = {
  after(ms, run) {
    // An idle server's timer never keeps a finished process (a test, a script) alive.
    const handle = setTimeout(run, ms);
    handle.unref();
    return () => clearTimeout(handle);
  },
};
