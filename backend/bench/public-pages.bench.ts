// What each public page and the admin's first load make a browser download, as the server
// actually sends it: the HTML and every script, stylesheet and preload it names, fetched over
// HTTP from a real backend serving the finished builds (public-site/dist and admin/dist, or
// PUBLIC_SITE_DIST / ADMIN_DIST). Bytes on the wire with brotli (what browsers take), with gzip
// only, and raw. It builds nothing (`npm run bench` rebuilds stale apps first).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { startServer } from '../src/start.ts';
import { rawRequest } from '../src/test/raw-http.ts';

const ROUTES = [
  '/',
  '/photo-form',
  '/photo-quote-tool',
  '/embed/photo-quote',
  '/any-other-path (404)',
  '/admin',
];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-bench-pages-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  DEMO_DATA: 'off',
  LOG_LEVEL: 'warn',
});
for (const dist of [config.publicSiteDist, config.adminDist]) {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.error(`No build in ${dist}. Build the apps first (npm run build).`);
    process.exit(1);
  }
}
const server = await startServer(config);

/** The same-origin files a page's HTML makes the browser fetch before it is ready. */
const namedFiles = (html: string) =>
  [
    ...html.matchAll(/<script[^>]* src="(\/[^"]+)"/g),
    ...html.matchAll(/<link[^>]* rel="(?:stylesheet|modulepreload)"[^>]* href="(\/[^"]+)"/g),
    ...html.matchAll(/<link[^>]* href="(\/[^"]+)"[^>]* rel="(?:stylesheet|modulepreload)"/g),
  ].map((match) => match[1]!);

async function weigh(pathname: string) {
  const sent = async (encoding: string) => {
    const res = await rawRequest(`${server.url}${pathname}`, { 'Accept-Encoding': encoding });
    if (res.status >= 500) throw new Error(`${pathname}: ${res.status}`);
    return { bytes: res.body.length, body: res.decoded() };
  };
  const br = await sent('br');
  const gzip = await sent('gzip');
  const raw = await sent('identity');
  return { br: br.bytes, gzip: gzip.bytes, raw: raw.bytes, text: raw.body.toString() };
}

const kb = (bytes: number) => +(bytes / 1024).toFixed(1);
const rows = [];
try {
  for (const route of ROUTES) {
    const pathname = route.split(' ')[0]!;
    const page = await weigh(pathname);
    const files = await Promise.all([...new Set(namedFiles(page.text))].map(weigh));
    const sum = (key: 'br' | 'gzip' | 'raw') =>
      page[key] + files.reduce((total, file) => total + file[key], 0);
    rows.push({
      route,
      files: 1 + files.length,
      'HTML sent KB': kb(page.br),
      'sent KB (brotli)': kb(sum('br')),
      'sent KB (gzip only)': kb(sum('gzip')),
      'raw KB': kb(sum('raw')),
    });
  }
} finally {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `First load of each page as served (${config.publicSiteDist}, ${config.adminDist}): the HTML and the ` +
    'scripts, styles and preloads it names, on the wire with brotli, gzip only, and raw',
);
console.table(rows);
