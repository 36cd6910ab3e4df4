import fs from 'node:fs';
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
  } = {},
) {
  const concurrency = options.concurrency ?? PHOTO_PROCESSING_CONCURRENCY;
  let woken = false;

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
    /** Resolves once no photo is being processed and none is left waiting (tests, shutdown). */
    settled: queue.settled,
    lifecycle: queue.lifecycle('photo processing'),
  };
}
export type PhotoProcessing = ReturnType<typeof photoProcessing>;
