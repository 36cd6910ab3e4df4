import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { photoProcessing } from './photo-processing.ts';

// Issue 38: while a customer waits on an instant quote, earlier uploads' re-encoding does not
// start (it would take a core from the quote); it starts once the answer is sent, and a stream of
// quotes cannot hold it for longer than the longest hold. A photo someone asks to see is still
// processed at once.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-customer-waiting-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const config = loadConfig({ DATA_DIR: dataDir });

/** Pending photos with no upload on disk: processing one marks it unreadable at once, no pixels read. */
function pendingPhotos(ids: string[]) {
  const state = new Map(ids.map((id) => [id, 'pending' as 'pending' | 'ready' | 'unreadable']));
  const started: string[] = [];
  return {
    started,
    repository: {
      pending: (limit: number) =>
        [...state]
          .filter(([, s]) => s === 'pending')
          .slice(0, limit)
          .map(([id]) => ({ id })),
      stateOf: (id: string) => state.get(id),
      markReady: () => true,
      markUnreadable: (id: string) => {
        started.push(id);
        state.set(id, 'unreadable');
      },
    },
  };
}

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('photo processing while a customer waits on a quote', () => {
  it('starts nothing new until the answer is sent, then everything waiting', async () => {
    const photos = pendingPhotos(['a', 'b', 'c']);
    const processing = photoProcessing(config, photos.repository as never, { longestHoldMs: 60_000 });
    const customer = processing.customerWaiting();
    processing.wake();
    await turns(20);
    expect(photos.started).toEqual([]);

    // A second customer arrives and the first is answered: still held for the second.
    const second = processing.customerWaiting();
    customer.done();
    customer.done(); // twice (the response closed after it finished) counts once
    await turns(20);
    expect(photos.started).toEqual([]);

    second.done();
    await processing.settled();
    expect(photos.started).toEqual(['a', 'b', 'c']);
  });

  it('a photo asked for is processed at once, even while held', async () => {
    const photos = pendingPhotos(['a', 'b']);
    const processing = photoProcessing(config, photos.repository as never, { longestHoldMs: 60_000 });
    const customer = processing.customerWaiting();
    expect(await processing.ready('b')).toBe(false); // no upload on disk: unreadable, never served
    expect(photos.started).toEqual(['b']);
    await turns(20);
    expect(photos.started).toEqual(['b']);
    customer.done();
    await processing.settled();
    expect(photos.started).toEqual(['b', 'a']);
  });

  it('a customer who never finishes holds the queue no longer than the longest hold', async () => {
    const photos = pendingPhotos(['a', 'b']);
    const processing = photoProcessing(config, photos.repository as never, { longestHoldMs: 50 });
    processing.customerWaiting(); // never done: an upload still trickling in
    processing.wake();
    await vi.waitFor(() => expect(photos.started).toEqual(['a', 'b']), { timeout: 10_000, interval: 20 });
  });
});
