import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { customerWaits, photoProcessing } from './photo-processing.ts';

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

describe('the routes customers wait on', () => {
  /** An app whose upload route reads its body to the end, behind `customerWaits`; counts the holds. */
  async function uploadRoute() {
    const holds = { open: 0, begun: 0 };
    const processing = {
      customerWaiting() {
        holds.open += 1;
        holds.begun += 1;
        return { done: () => void (holds.open -= 1) };
      },
    };
    const app = express();
    app.post('/upload', customerWaits(processing), (req, res) => {
      req.resume();
      req.on('end', () => void res.status(201).json({ ok: true }));
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as AddressInfo).port;
    /** A request whose body is sent half now; `finish` sends the rest and resolves with the status. */
    const upload = () => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/upload',
        headers: { 'Content-Length': 10 },
      });
      const status = new Promise<number>((resolve, reject) => {
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
      });
      req.write('12345');
      return {
        finish: () => (req.end('67890'), status),
        abort: () => (status.catch(() => {}), req.destroy()),
      };
    };
    return { holds, upload, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('hold the queue from the first byte until the answer is sent', async () => {
    const route = await uploadRoute();
    try {
      const first = route.upload();
      await vi.waitFor(() => expect(route.holds.open).toBe(1), { timeout: 10_000, interval: 5 });
      expect(await first.finish()).toBe(201);
      await vi.waitFor(() => expect(route.holds.open).toBe(0), { timeout: 10_000, interval: 5 });
      expect(route.holds.begun).toBe(1);
    } finally {
      await route.close();
    }
  });

  it('let go when the customer goes before the upload ends', async () => {
    const route = await uploadRoute();
    try {
      const gone = route.upload();
      await vi.waitFor(() => expect(route.holds.open).toBe(1), { timeout: 10_000, interval: 5 });
      gone.abort();
      await vi.waitFor(() => expect(route.holds.open).toBe(0), { timeout: 10_000, interval: 5 });
    } finally {
      await route.close();
    }
  });
});
