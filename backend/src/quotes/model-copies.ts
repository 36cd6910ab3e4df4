import type { Request } from 'express';
import { modelPhoto } from '../photos/image.ts';

type ReceivedFile = { path: string; originalname: string };

/**
 * The model's copies of a request's photos (photos/image.ts `modelPhoto`: small, upright, no
 * metadata), each begun as soon as its file is whole on disk, while the rest of the upload is still
 * arriving (issue 38): the customer waits for the upload plus the last photo's copy, not for the
 * upload plus every copy. Nothing is made when the quote reads no photos (no AI key).
 */
export function modelCopies(readsPhotos: boolean) {
  const begun = new WeakMap<Request, Map<string, Promise<Buffer>>>();
  return {
    /** For `receivePhotos`' `onFileReceived`. */
    onFileReceived: readsPhotos
      ? (req: Request, file: ReceivedFile) => {
          const copy = modelPhoto(file.path, file.originalname);
          // Awaited by `of` once the upload is whole; an upload refused before then (a bad field,
          // one photo too many) leaves it unawaited, and its failure must not end the process.
          copy.catch(() => {});
          const ofRequest = begun.get(req) ?? new Map<string, Promise<Buffer>>();
          begun.set(req, ofRequest.set(file.path, copy));
        }
      : undefined,
    /** The copies of the files the request kept, in their order (those not yet begun begin now). */
    async of(req: Request, files: ReceivedFile[]): Promise<Buffer[] | undefined> {
      if (!readsPhotos) return undefined;
      const ofRequest = begun.get(req);
      return Promise.all(
        files.map((file) => ofRequest?.get(file.path) ?? modelPhoto(file.path, file.originalname)),
      );
    },
  };
}
