import fs from 'node:fs';
import type { RequestHandler } from 'express';
import type { Config } from '../config.ts';
import { HttpError } from '../http/errors.ts';
import { storedWorkQueue } from '../db/stored-work-queue.ts';
import { processPhoto } from './image.ts';
import type { PhotoRepository } from './photo.repository.ts';
import { incomingFile, photoFile, thumbnailFile } from './photo.storage.ts';

/**
 * One photo at a time: a full-size decode takes a core and tens of megabytes, and the customer
 * waiting on the next quote must not queue behind a backlog of re-encodes. One leaves the other
 * core to the answers (and the pool's other threads to their files); a burst of uploads queues
 * here instead of growing memory. A photo someone asks to see is done at once, ahead of the queue.
 */
export const PHOTO_PROCESSING_CONCURRENCY = 1;
/**
 * While a customer waits on an instant quote no new re-encode starts (one already running goes on):
 * on a busy two-core machine a full-size decode beside the quote's own work is what made the
 * quote slow (issue 38). A steady stream of quotes holds the queue at most this long at a time.
 */
export const LONGEST_HOLD_MS = 3_000;

type Repository = Pick<PhotoRepository, 'pending' | 'stateOf' | 'markReady' | 'markUnreadable'>;

/**
 * Strips and re-encodes uploads after their answer (issue 38): the rows say which photos are
 * pending, so what a crash interrupted is simply found again at the next start. A pending photo
 * is never served: `ready(id)` processes it first (ahead of the queue) and says whether it can be.
 */
export function photoProcessing(
  config: Config,
  photos: Repository,
  options: {
    concurrency?: number;
    /** Tests of a crash keep uploads pending; `ready(id)` still processes the one asked for. */
    held?: boolean;
    report?: (error: unknown) => void;
    /** How long waiting customers may hold the queue (tests shorten it). */
    longestHoldMs?: number;
  } = {},
) {
  const concurrency = options.concurrency ?? PHOTO_PROCESSING_CONCURRENCY;
  let woken = false;
  // Customers being answered now, and the timer that ends their hold however many keep coming.
  let waiting = 0;
  let holdEnds: NodeJS.Timeout | undefined;
  const resume = () => {
    clearTimeout(holdEnds);
    holdEnds = undefined;
    queue.fill();
  };

  async function processOne(id: string): Promise<void | 'skip'> {
    const original = incomingFile(config, id);
    try {
      if (!fs.existsSync(original)) {
        // Its original is gone (a restored backup never holds originals): nothing can be shown.
        photos.markUnreadable(id);
        return;
      }
      fs.mkdirSync(config.photoDir, { recursive: true });
      const result = await processPhoto(original, id, photoFile(config, id), thumbnailFile(config, id));
      if (photos.markReady(id, result)) fs.rmSync(original, { force: true });
    } catch (error) {
      if (error instanceof HttpError) {
        // Its header looked like a photo but its pixels are not one: it is never shown.
        photos.markUnreadable(id);
        fs.rmSync(original, { force: true });
      } else {
        // Failed for a reason other than the photo itself (a full disk): retried at the next start.
        options.report?.(error);
        return 'skip';
      }
    }
  }

  const queue = storedWorkQueue<string>({
    concurrency,
    waiting: (limit) => photos.pending(limit).map((p) => p.id),
    work: processOne,
    held: options.held,
    paused: () => waiting > 0 && holdEnds !== undefined,
  });

  return {
    /** New pending rows were committed: start on them (on the next turn, batched). */
    wake() {
      if (woken) return;
      woken = true;
      setImmediate(() => {
        woken = false;
        queue.fill();
      });
    },
    /** Whether the photo may be served now: a pending one is processed first, ahead of the queue. */
    async ready(id: string): Promise<boolean> {
      let state = photos.stateOf(id);
      if (state === 'pending' && !queue.stopped()) {
        await queue.begin(id);
        state = photos.stateOf(id);
      }
      return state === 'ready';
    },
    /**
     * A customer waits on an answer: no new photo starts processing until `done` is called (once
     * for each call, whatever the order) or the longest hold has passed.
     */
    customerWaiting(): { done: () => void } {
      waiting += 1;
      holdEnds ??= setTimeout(resume, options.longestHoldMs ?? LONGEST_HOLD_MS).unref();
      let done = false;
      return {
        done() {
          if (done) return;
          done = true;
          waiting -= 1;
          if (waiting === 0) resume();
        },
      };
    },
    /** Resolves once no photo is being processed and none is left waiting (tests, shutdown). */
    settled: queue.settled,
    lifecycle: queue.lifecycle('photo processing'),
  };
}
export type PhotoProcessing = ReturnType<typeof photoProcessing>;

/**
 * The first handler of every route a customer waits on with photos (the instant quote, the photo
 * analysis, the photo form): from the upload's first byte until its answer is sent or the customer
 * goes, earlier uploads' re-encoding waits (`customerWaiting`).
 */
export const customerWaits =
  (processing?: Pick<PhotoProcessing, 'customerWaiting'>): RequestHandler =>
  (_req, res, next) => {
    const waiting = processing?.customerWaiting();
    if (waiting) res.once('close', waiting.done);
    next();
  };
