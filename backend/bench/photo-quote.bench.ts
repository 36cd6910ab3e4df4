// The server's time for an instant photo quote with 5 phone-size photos and the (fake) model
// answering at once, beside the time to merely receive the same upload: the difference is what
// re-encoding, saving, analysing and pricing cost.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import express from 'express';
import { loadConfig } from '../src/config.ts';
import { receivePhotos } from '../src/photos/photo.storage.ts';
import { startServer } from '../src/start.ts';
import { startFakeOpenAi } from '../src/test/fake-openai.ts';
import { fixturePhoto } from '../src/test/test-server.ts';

const RUNS = Number(process.env.BENCH_QUOTE_RUNS ?? 15);
const PHOTOS = [
  'iphone5-gps-orientation3.jpg',
  'samsung-j327-orientation6.jpg',
  'canon-a85-orientation8.jpg',
  'pixel-gps-orientation1.jpg',
  'house-roofs-aerial-canon5d3.jpg',
].map((name) => ({ name, bytes: fs.readFileSync(fixturePhoto(name)) }));

const form = () => {
  const body = new FormData();
  body.append('customerInfo', JSON.stringify({ name: 'Bench Customer', phone: '(707) 555-0100' }));
  PHOTOS.forEach((p, i) => body.append(`photo${i}`, new Blob([p.bytes], { type: 'image/jpeg' }), p.name));
  return body;
};

async function measure(url: string) {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const start = performance.now();
    const res = await fetch(url, { method: 'POST', body: form() });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    if (i >= 2) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
  return { p50: at(50), p95: at(95) };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-bench-quote-'));
const fake = await startFakeOpenAi();
fake.setScenario('good');
const config = loadConfig({
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  DEMO_DATA: 'off',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: '10000',
  OPENAI_API_KEY: 'sk-bench-not-real',
  OPENAI_BASE_URL: fake.url,
});
const server = await startServer(config);

// The same multer limits and temporary folder, answering as soon as the files are on disk.
const receiver = express();
receiver.post('/receive', receivePhotos(config, { fieldPattern: /^photo\d$/, maxFiles: 5 }), (_req, res) => {
  res.status(204).end();
});
const receiverServer = receiver.listen(0, '127.0.0.1');
await new Promise((resolve) => receiverServer.once('listening', resolve));
const receiverUrl = `http://127.0.0.1:${(receiverServer.address() as AddressInfo).port}/receive`;

const quote = await measure(`${server.url}/api/photo-quote`);
const receive = await measure(receiverUrl);
const total = PHOTOS.reduce((n, p) => n + p.bytes.length, 0);
const ms = (n: number) => `${n.toFixed(0)}ms`.padStart(8);
process.stdout.write(
  `\nPhoto quote: 5 photos, ${(total / 1e6).toFixed(1)} MB, fake model answering at once, ${RUNS} runs each\n` +
    `${'request'.padEnd(40)} ${'p50'.padStart(8)} ${'p95'.padStart(8)}\n` +
    `${'POST /api/photo-quote (whole quote)'.padEnd(40)} ${ms(quote.p50)} ${ms(quote.p95)}\n` +
    `${'receive the same upload only'.padEnd(40)} ${ms(receive.p50)} ${ms(receive.p95)}\n`,
);
receiverServer.close();
await server.close();
await fake.close();
fs.rmSync(dataDir, { recursive: true, force: true });
