// The bare counterpart of the instant quote, in a process of its own like the measured server:
// the same multer limits and temporary folder (photos/photo.storage.ts receivePhotos), answering
// 204 as soon as the files are on disk. Configured from the environment (DATA_DIR).
//   child → parent: { type: 'ready', url } once it listens
import type { AddressInfo } from 'node:net';
import express from 'express';
import { MAX_QUOTE_PHOTOS } from '@washdesk/contract';
import { loadConfig } from '../src/config.ts';
import { receivePhotos } from '../src/photos/photo.storage.ts';

if (!process.send) throw new Error('start me with fork()');
const receiver = express();
receiver.post(
  '/receive',
  receivePhotos(loadConfig(), { fieldPattern: /^photo\d$/, maxFiles: MAX_QUOTE_PHOTOS }),
  (_req, res) => {
    res.status(204).end();
  },
);
const server = receiver.listen(0, '127.0.0.1', () =>
  process.send!({ type: 'ready', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
);
