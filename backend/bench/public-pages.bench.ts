// What each public page and the admin's first load make a browser download, as the server
// actually sends it: the HTML and every script, stylesheet and preload it names, fetched over
// HTTP from a real backend serving the finished builds (public-site/dist and admin/dist, or
// PUBLIC_SITE_DIST / ADMIN_DIST). Bytes on the wire with brotli (what browsers take), with gzip
// only, and raw. It builds nothing (`npm run bench` rebuilds stale apps first; `npm run bench --
// pages` runs only this one). A route over its budget is flagged and the run exits with code 1.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { startServer } from '../src/start.ts';
import { rawRequest } from '../src/test/raw-http.ts';
import { reportBudgets, type BenchFigure } from './bench-report.ts';

const ROUTES = [
  '/',
  '/photo-form',
  '/photo-quote-tool',
  '/embed/photo-quote',
  // The same first loads in Spanish (issue 37): the page's Spanish HTML and its catalog.
  '/?lang=es',
  '/embed/photo-quote?lang=es',
  // The customer's own page (issue 36), its own light build (public-site/vite.account.config.ts).
  '/account',
  '/account?lang=es',
  '/any-other-path (404)',
  '/admin',
];

/**
 * Most a route's first load may send with brotli, in KB (1,024 bytes, as the table prints). Issue
 * 31: the embed goes into other businesses' pages on their visitors' phones; the admin's first
 * load is what the sign-in screen needs, everything behind it comes in later chunks.
 */
const BUDGET_KB: Record<string, number> = {
  '/admin': 150,
};

/**
 * Issue 37 let the embed's first load grow by at most 3 KB brotli for its languages (Lingui's
 * runtime and each language's catalog) over what it sent before them, English only: 14.84 KB.
 * Each language's widget is held to that growth, printed to the hundredth of a KB.
 */
const EMBED_BEFORE_LANGUAGES_KB = 14.84;
const EMBED_GROWTH_KB = 3;
const GROWTH_BUDGETED = new Set(['/embed/photo-quote', '/embed/photo-quote?lang=es']);

/** The admin chunk that holds everything behind the sign-in (admin/src/SignedInAdmin.tsx). */
const SIGNED_IN_ENTRY = 'src/SignedInAdmin.tsx';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-bench-pages-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  BACKUP_DIR: path.join(dataDir, 'backups'), // not the repository's ./backups
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

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The files signed-in staff fetch after the first load (the signed-in chunk, the chunks it
 * imports and their styles, from the admin build's manifest), minus those the first load has.
 */
function signedInFiles(firstLoad: Set<string>): string[] {
  const manifestFile = path.join(config.adminDist, '.vite/manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in ${manifestFile}`);
    for (const file of [chunk.file, ...(chunk.css ?? [])]) files.add(`/admin/${file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(SIGNED_IN_ENTRY);
  return [...files].filter((file) => !firstLoad.has(file));
}

const kb = (bytes: number) => +(bytes / 1024).toFixed(1);
type Weight = Awaited<ReturnType<typeof weigh>>;
const rows: Record<string, string | number>[] = [];
const overBudget: string[] = [];
const figures: BenchFigure[] = [];
const row = (route: string, page: Weight | null, files: Weight[], budget?: number) => {
  const sum = (key: 'br' | 'gzip' | 'raw') =>
    (page?.[key] ?? 0) + files.reduce((total, file) => total + file[key], 0);
  const sent = kb(sum('br'));
  const growth = GROWTH_BUDGETED.has(route)
    ? +(sum('br') / 1024 - EMBED_BEFORE_LANGUAGES_KB).toFixed(2)
    : undefined;
  if (growth !== undefined) {
    figures.push({
      name: `${route}, growth over ${EMBED_BEFORE_LANGUAGES_KB} KB (brotli)`,
      value: growth,
      unit: 'KB',
      max: EMBED_GROWTH_KB,
    });
    if (growth > EMBED_GROWTH_KB)
      overBudget.push(
        `${route}: grows ${growth} KB > ${EMBED_GROWTH_KB} KB over ${EMBED_BEFORE_LANGUAGES_KB} KB`,
      );
  }
  if (budget !== undefined)
    figures.push({ name: `${route}, sent (brotli)`, value: sent, unit: 'KB', max: budget });
  if (budget !== undefined && sent > budget) overBudget.push(`${route}: ${sent} KB > ${budget} KB`);
  rows.push({
    route,
    files: (page ? 1 : 0) + files.length,
    'HTML sent KB': page ? kb(page.br) : '',
    'sent KB (brotli)': sent,
    'budget KB':
      growth !== undefined
        ? `+${growth.toFixed(2)} of +${EMBED_GROWTH_KB} ${growth > EMBED_GROWTH_KB ? 'OVER' : 'met'}`
        : budget === undefined
          ? ''
          : `${budget} ${sent > budget ? 'OVER' : 'met'}`,
    'sent KB (gzip only)': kb(sum('gzip')),
    'raw KB': kb(sum('raw')),
  });
};
try {
  for (const route of ROUTES) {
    const pathname = route.split(' ')[0]!;
    const page = await weigh(pathname);
    const named = [...new Set(namedFiles(page.text))];
    row(route, page, await Promise.all(named.map(weigh)), BUDGET_KB[pathname]);
    if (pathname === '/admin') {
      // Not the first load: what signed-in staff's first screen (the dashboard) adds to it.
      row(
        '/admin, then signed in (+ shell, dashboard)',
        null,
        await Promise.all(signedInFiles(new Set(named)).map(weigh)),
      );
    }
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
if (overBudget.length) {
  console.error(`Over budget (brotli): ${overBudget.join('; ')}`);
  process.exitCode = 1;
} else {
  console.log(
    `Every budget met: ${[
      ...[...GROWTH_BUDGETED].map(
        (route) => `${route} grows ≤ ${EMBED_GROWTH_KB} KB over ${EMBED_BEFORE_LANGUAGES_KB} KB`,
      ),
      ...Object.entries(BUDGET_KB).map(([route, budget]) => `${route} ≤ ${budget} KB`),
    ].join(', ')}`,
  );
}
reportBudgets('Page weights', figures);
