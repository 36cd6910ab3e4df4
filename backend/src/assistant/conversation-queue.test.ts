import { describe, expect, it } from 'vitest';
import { conversationQueue } from './conversation-queue.ts';

// The order one conversation's replies are worked out in, without a clock: each job waits on a
// gate the test opens, so what is seen is the queue's order, never the machine's speed.

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

describe('one conversation, one job at a time', () => {
  it('runs a conversation’s jobs in order while another conversation goes on, and survives a failure', async () => {
    const reported: unknown[] = [];
    const queue = conversationQueue(reported.push.bind(reported));
    const seen: string[] = [];
    const first = gate();
    queue.enqueue(1, async () => {
      await first.opened;
      seen.push('1a');
    });
    queue.enqueue(1, () => Promise.reject(new Error('model down')));
    queue.enqueue(1, async () => {
      seen.push('1c');
      // A job may queue more for its own conversation; settled() waits for that too.
      queue.enqueue(1, async () => void seen.push('1d'));
    });
    queue.enqueue(2, async () => void seen.push('2a'));
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['2a']);
    first.open();
    await queue.settled();
    expect(seen).toEqual(['2a', '1a', '1c', '1d']);
    expect(reported).toEqual([new Error('model down')]);
  });
});
