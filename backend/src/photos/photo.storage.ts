import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { ERROR_CODES, MAX_PHOTO_BYTES } from '@washdesk/contract';
import type { Config } from '../config.ts';
import { HttpError } from '../http/errors.ts';
import { inspectPhoto, type ImageKind } from './image.ts';

export interface StoredPhoto {
  id: string;
  width: number;
  height: number;
  bytes: number;
  originalType: ImageKind;
  /** Kept as it arrived (photos-incoming/): stripped and re-encoded after the answer. */
  pending?: boolean;
}

export const PHOTO_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const photoFile = (config: Config, id: string) => path.join(config.photoDir, `${id}.jpg`);
export const thumbnailFile = (config: Config, id: string) => path.join(config.photoDir, `${id}.thumb.jpg`);
/**
 * Uploads as they arrived, until the processor has stripped them: a folder of its own, never
 * served and never backed up, beside the upload folder (one file system, so a move is a rename).
 */
/** The data folder's subfolder of uploads not yet stripped (backups keep and restore it too). */
export const INCOMING_PHOTOS_FOLDER = 'photos-incoming';
export const incomingDir = (config: Config) => path.join(config.dataDir, INCOMING_PHOTOS_FOLDER);
export const incomingFile = (config: Config, id: string) => path.join(incomingDir(config), id);

const MULTER_ERRORS: Record<string, (field?: string) => HttpError> = {
  LIMIT_FILE_SIZE: () =>
    new HttpError(413, ERROR_CODES.tooLarge, 'Each photo must be 10 MB or smaller.', {
      photos: 'Each photo must be 10 MB or smaller',
    }),
  LIMIT_FILE_COUNT: () =>
    new HttpError(413, ERROR_CODES.tooLarge, 'Too many photos in one request.', {
      photos: 'Too many photos',
    }),
  LIMIT_PART_COUNT: () => new HttpError(413, ERROR_CODES.tooLarge, 'The upload has too many parts.'),
  LIMIT_FIELD_COUNT: () => new HttpError(413, ERROR_CODES.tooLarge, 'The upload has too many fields.'),
  LIMIT_FIELD_KEY: () => new HttpError(400, ERROR_CODES.validation, 'A field name is too long.'),
  LIMIT_FIELD_VALUE: (field) =>
    new HttpError(413, ERROR_CODES.tooLarge, `The field "${field}" is too long.`, {
      [field ?? '_']: 'This value is too long',
    }),
  LIMIT_UNEXPECTED_FILE: (field) =>
    new HttpError(400, ERROR_CODES.validation, `Files are not accepted in the field "${field}".`, {
      [field ?? '_']: 'Unexpected file',
    }),
};

interface UploadOptions {
  /** Accepts files whose field name matches (e.g. `photos`, or `photo0`..`photo4`). */
  fieldPattern: RegExp;
  maxFiles: number;
  /**
   * Called as each file is whole on disk, while the rest of the upload may still be arriving:
   * work that needs only that file (the model's copy) starts then, not after the last byte.
   * It must not throw; the file may be refused (and removed) later with the rest of the upload.
   */
  onFileReceived?: (req: Request, file: { path: string; originalname: string }) => void;
}

/** Multer's disk storage, telling `onFileReceived` of each file as soon as it is written. */
function diskStorageTelling(
  folder: string,
  onFileReceived: UploadOptions['onFileReceived'],
): multer.StorageEngine {
  const disk = multer.diskStorage({
    destination: folder,
    filename: (_req, _file, done) => done(null, randomUUID()),
  });
  if (!onFileReceived) return disk;
  return {
    _handleFile(req, file, done) {
      disk._handleFile(req, file, (error, info) => {
        if (!error && info?.path)
          onFileReceived(req as Request, { path: info.path, originalname: file.originalname });
        done(error, info);
      });
    },
    _removeFile: (req, file, done) => disk._removeFile(req, file, done),
  };
}

/** The answer to an upload still arriving at its deadline (UPLOAD_DEADLINE_SECONDS). */
export const UPLOAD_TOO_SLOW =
  'The upload took too long and was stopped. Please try again on a stronger connection, or with fewer photos.';

/**
 * Receives photos to a temporary folder of this request only, removed when the response ends,
 * so a rejected, failed or aborted upload never leaves a file behind.
 *
 * The whole upload must arrive within `config.uploadDeadlineMs`: a client that trickles bytes
 * would otherwise hold a connection, a parser and a half-written file for as long as it likes.
 * At the deadline it gets 408 and the connection is closed; nothing after this handler runs, so
 * no submission is saved and the folder (with any partial photo) goes with the response.
 */
export function receivePhotos(config: Config, options: UploadOptions): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const folder = path.join(config.uploadTempDir, randomUUID());
    fs.mkdirSync(folder, { recursive: true });
    const removeFolder = () => fs.rm(folder, { recursive: true, force: true }, () => {});
    res.on('close', removeFolder);
    // Exactly one outcome: the upload read, refused, or out of time (whichever comes first).
    let settled = false;
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      next(error);
    };
    const deadline = setTimeout(() => {
      // What is still on its way is not wanted: once the 408 is out Node closes the connection,
      // and the parser, seeing the request cut, removes the photo it was writing.
      res.set('Connection', 'close');
      settle(new HttpError(408, 'upload_timeout', UPLOAD_TOO_SLOW));
    }, config.uploadDeadlineMs);
    // The body has all arrived: what follows (re-encoding, saving) is not the client's to delay.
    req.once('end', () => clearTimeout(deadline));
    res.once('close', () => clearTimeout(deadline));
    const upload = multer({
      storage: diskStorageTelling(folder, options.onFileReceived),
      limits: {
        fileSize: MAX_PHOTO_BYTES,
        files: options.maxFiles,
        fields: 40,
        fieldSize: 64 * 1024,
        fieldNameSize: 100,
        parts: options.maxFiles + 40,
        headerPairs: 100,
      },
      fileFilter: (_req, file, accept) => {
        if (options.fieldPattern.test(file.fieldname)) return accept(null, true);
        accept(new multer.MulterError('LIMIT_UNEXPECTED_FILE', file.fieldname));
      },
    }).any();
    upload(req, res, (error: unknown) => {
      if (!error) return settle();
      if (error instanceof multer.MulterError) {
        const make = MULTER_ERRORS[error.code];
        return settle(make ? make(error.field) : new HttpError(400, ERROR_CODES.validation, error.message));
      }
      settle(new HttpError(400, 'malformed_upload', 'The upload could not be read. Please try again.'));
    });
  };
}

export const uploadedFiles = (req: Request): Express.Multer.File[] =>
  Array.isArray(req.files) ? req.files : [];

export function removeStoredPhotos(config: Config, photos: { id: string }[]) {
  for (const p of photos) {
    fs.rmSync(incomingFile(config, p.id), { force: true });
    fs.rmSync(photoFile(config, p.id), { force: true });
    fs.rmSync(thumbnailFile(config, p.id), { force: true });
  }
}

/**
 * Written through to the disk, so a power cut after the answer keeps it too. Off the event loop
 * (Node's pool does the waiting), so other customers' requests go on meanwhile.
 */
const flushToDisk = async (file: string) => {
  const handle = await fs.promises.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};

/**
 * The upload under its kept name, and still under its received one: work begun on the received
 * file while the rest of the upload arrived (the model's copies) reads on while the photo is kept.
 * The received name goes with its folder once the request is answered. A link costs nothing; a disk
 * that has none gets a copy.
 */
function keepAs(received: string, kept: string) {
  try {
    fs.linkSync(received, kept);
  } catch (error) {
    if (
      !['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV', 'EMLINK'].includes((error as { code?: string }).code ?? '')
    )
      throw error;
    fs.copyFileSync(received, kept);
  }
}

/**
 * Checks every upload from its header (a photo, not too many pixels) and moves it, as it arrived,
 * into photos-incoming/: all or nothing. No pixel is decoded here; the photo processor strips and
 * re-encodes each one after the answer (photo-processing.ts).
 */
export async function keepUploadedPhotos(
  config: Config,
  files: Express.Multer.File[],
): Promise<StoredPhoto[]> {
  const inspected = await Promise.all(files.map((file) => inspectPhoto(file.path, file.originalname)));
  fs.mkdirSync(incomingDir(config), { recursive: true });
  const kept: StoredPhoto[] = [];
  try {
    // All flushed at once: the disk gets the five together rather than one after another.
    await Promise.all(files.map((file) => flushToDisk(file.path)));
    files.forEach((file, i) => {
      const id = randomUUID();
      keepAs(file.path, incomingFile(config, id));
      kept.push({ id, ...inspected[i]!, pending: true });
    });
    await flushToDisk(incomingDir(config));
    return kept;
  } catch (error) {
    removeStoredPhotos(config, kept);
    throw error;
  }
}

/**
 * Keeps the uploaded photos, then lets `save` write the rows that point at them; if that write
 * fails the files go too, so a photo on disk always has its row and a row always has its photo.
 * Once `save` returns, the photos are on disk and committed: nothing is lost if the server dies
 * right after answering, and the next start finishes their processing.
 */
export async function savingPhotos<T>(
  config: Config,
  files: Express.Multer.File[],
  save: (stored: StoredPhoto[]) => T,
  /**
   * Work on the received files that must succeed before anything is saved (the model's copies):
   * it goes on while the photos are checked and flushed, and a failure of it keeps nothing.
   */
  first?: Promise<unknown>,
): Promise<T> {
  // Its failure is answered below, once the photos kept meanwhile are removed again.
  first?.catch(() => {});
  const stored = await keepUploadedPhotos(config, files);
  try {
    await first;
    return save(stored);
  } catch (error) {
    removeStoredPhotos(config, stored);
    throw error;
  }
}

const STORED_PHOTO_FILE = /^([0-9a-f-]{36})(?:\.thumb)?\.jpg$/;

/**
 * Photo files without a row: a server that died while re-encoding an upload leaves them, since
 * the row is written only once every photo is on disk. Nothing refers to them, so they go, at
 * start before any request can be writing new ones. Returns how many files were removed.
 */
export function removeOrphanPhotos(
  config: Config,
  hasRow: (id: string) => boolean,
  isPending: (id: string) => boolean = () => false,
): number {
  let removed = 0;
  // An upload moved in whose row never committed, or one processed whose original was not yet
  // removed: neither is needed.
  if (fs.existsSync(incomingDir(config)))
    for (const name of fs.readdirSync(incomingDir(config))) {
      if (PHOTO_ID_PATTERN.test(name) && isPending(name)) continue;
      fs.rmSync(path.join(incomingDir(config), name), { force: true });
      if (PHOTO_ID_PATTERN.test(name) && !hasRow(name)) removed += 1;
    }
  if (!fs.existsSync(config.photoDir)) return removed;
  for (const name of fs.readdirSync(config.photoDir)) {
    const id = STORED_PHOTO_FILE.exec(name)?.[1];
    // Anything that is not a stored photo's file was not put there by Washdesk: left alone.
    if (!id || !PHOTO_ID_PATTERN.test(id) || hasRow(id)) continue;
    fs.rmSync(path.join(config.photoDir, name), { force: true });
    removed += 1;
  }
  return removed;
}
