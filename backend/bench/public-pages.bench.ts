// What each public page makes a visitor download: the gzip size of the JavaScript and CSS it loads
// (the entry, the page's lazy chunk, and everything they import statically). Reads a finished
// build (public-site/dist, or PUBLIC_SITE_DIST) and its Vite manifest; it builds nothing.
// The embed route matters most: it loads inside other sites, mostly on phones.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.resolve(process.env.PUBLIC_SITE_DIST ?? path.join(repoRoot, 'public-site', 'dist'));
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`No Vite manifest at ${manifestFile}. Build the public site first (npm run build).`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

/** Which lazy page module each route shows (public-site/src/PublicSite.tsx). */
const ROUTES: Record<string, string | null> = {
  '/': 'src/pages/RequestWizardPage.tsx',
  '/photo-form': 'src/pages/PhotoFormPage.tsx',
  '/photo-quote-tool': 'src/pages/QuoteToolPage.tsx',
  '/embed/photo-quote': 'src/pages/QuoteToolPage.tsx',
  '/any-other-path (404)': null,
};

/** The files a chunk brings with it: itself, its static imports (recursively) and their CSS. */
function filesOf(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no chunk "${key}"`);
  for (const imported of chunk.imports ?? []) filesOf(imported, seen);
  return seen;
}

const gzipKb = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entry) throw new Error('The manifest has no entry chunk');

const rows = Object.entries(ROUTES).map(([route, page]) => {
  const chunks = new Set([...filesOf(entry), ...(page ? filesOf(page) : [])]);
  const js = [...chunks].map((key) => manifest[key]!.file);
  const css = [...new Set([...chunks].flatMap((key) => manifest[key]!.css ?? []))];
  const jsKb = js.reduce((sum, file) => sum + gzipKb(file), 0);
  const cssKb = css.reduce((sum, file) => sum + gzipKb(file), 0);
  return {
    route,
    'JS gzip KB': +jsKb.toFixed(1),
    'CSS gzip KB': +cssKb.toFixed(1),
    'total KB': +(jsKb + cssKb).toFixed(1),
  };
});

console.log(`Public pages, gzip size of the JS and CSS each loads (${dist})`);
console.table(rows);
