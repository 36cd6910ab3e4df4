import { storedWorkQueue } from '../db/stored-work-queue.ts';
import type { TextPhotos } from './text-photos.ts';
import type { TextRepository } from './text.repository.ts';

// Issue 38: Twilio's webhook for a customer's MMS is answered as soon as the text and the names of
// its attachments are stored (texted_media_waiting); the attachments are fetched here, after the
// answer, from those stored rows, never from the request. The rows say what is left, so a server
// stopped between the answer and the fetch fetches them at its next start.

/** Two texts' attachments at a time: each text's are fetched together already. */
const TEXTS_AT_A_TIME = 2;

type Repository = Pick<
  TextRepository,
  'mediaWaiting' | 'messagesWithMediaWaiting' | 'mediaFetched' | 'threadOfMessage'
>;

export function textedMedia(deps: {
  repo: Repository;
  photos: Pick<TextPhotos, 'fetch' | 'discard'>;
  /** Staff's thread shows the photos (or how many were not kept) once they are in. */
  fetched: (threadId: number, kept: number, refused: number) => void;
  report: (error: unknown) => void;
}) {
  async function fetchOne(messageId: number): Promise<void | 'skip'> {
    try {
      const waiting = deps.repo.mediaWaiting(messageId);
      if (waiting.length === 0) return;
      const { stored, refused } = await deps.photos.fetch(waiting[0]!.messageSid, waiting);
      if (!deps.repo.mediaFetched(messageId, stored, refused)) return deps.photos.discard(stored);
      const threadId = deps.repo.threadOfMessage(messageId);
      if (threadId !== null) deps.fetched(threadId, stored.length, refused);
    } catch (error) {
      // Failed for a reason of ours (a full disk): left waiting until the next start.
      deps.report(error);
      return 'skip';
    }
  }

  const queue = storedWorkQueue<number>({
    concurrency: TEXTS_AT_A_TIME,
    waiting: (limit) => deps.repo.messagesWithMediaWaiting(limit),
    work: fetchOne,
  });

  return {
    /** A text with attachments was stored and answered: fetch them (and anything else waiting). */
    async arrived() {
      try {
        queue.fill();
      } catch (error) {
        deps.report(error);
      }
    },
    /** Resolves once no attachment is being fetched and none is left waiting (tests, shutdown). */
    settled: queue.settled,
    lifecycle: queue.lifecycle('texted photos'),
  };
}
export type TextedMedia = ReturnType<typeof textedMedia>;
