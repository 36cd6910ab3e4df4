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

/** A finished Vite build: its folder and its manifest (which chunk imports which). */
interface Build {
  dir: string;
  manifest: Record<string, ManifestChunk>;
}

function readBuild(dir: string): Build | null {
  const file = path.join(dir, '.vite', 'manifest.json');
  return fs.existsSync(file) ? { dir, manifest: JSON.parse(fs.readFileSync(file, 'utf8')) } : null;
}

const site = readBuild(dist);
if (!site) {
  console.error(`No Vite manifest in ${dist}. Build the public site first (npm run build).`);
  process.exit(1);
}
// The embed has a light build of its own (public-site/vite.embed.config.ts), served at its route.
const embed = readBuild(path.join(dist, 'embed'));

/** Which build and which lazy page module each route shows (public-site/src/PublicSite.tsx). */
const ROUTES: Record<string, { build: Build; page: string | null }> = {
  '/': { build: site, page: 'src/pages/RequestWizardPage.tsx' },
  '/photo-form': { build: site, page: 'src/pages/PhotoFormPage.tsx' },
  '/photo-quote-tool': { build: site, page: 'src/pages/QuoteToolPage.tsx' },
  '/embed/photo-quote': embed
    ? { build: embed, page: null }
    : { build: site, page: 'src/pages/QuoteToolPage.tsx' },
  '/any-other-path (404)': { build: site, page: null },
};

/** The files a chunk brings with it: itself, its static imports (recursively) and their CSS. */
function filesOf(build: Build, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  const chunk = build.manifest[key];
  if (!chunk) throw new Error(`The manifest in ${build.dir} has no chunk "${key}"`);
  for (const imported of chunk.imports ?? []) filesOf(build, imported, seen);
  return seen;
}

const gzipKb = (build: Build, file: string) =>
  gzipSync(fs.readFileSync(path.join(build.dir, file)), { level: 9 }).length / 1024;

const entryOf = (build: Build) => {
  const entry = Object.keys(build.manifest).find((key) => build.manifest[key]!.isEntry);
  if (!entry) throw new Error(`The manifest in ${build.dir} has no entry chunk`);
  return entry;
};

const rows = Object.entries(ROUTES).map(([route, { build, page }]) => {
  const chunks = new Set([...filesOf(build, entryOf(build)), ...(page ? filesOf(build, page) : [])]);
  const js = [...chunks].map((key) => build.manifest[key]!.file);
  const css = [...new Set([...chunks].flatMap((key) => build.manifest[key]!.css ?? []))];
  const jsKb = js.reduce((sum, file) => sum + gzipKb(build, file), 0);
  const cssKb = css.reduce((sum, file) => sum + gzipKb(build, file), 0);
  return {
    route,
    build: build === embed ? 'embed (Preact compat)' : 'site (React 19)',
    'JS gzip KB': +jsKb.toFixed(1),
    'CSS gzip KB': +cssKb.toFixed(1),
    'total KB': +(jsKb + cssKb).toFixed(1),
  };
});

console.log(`Public pages, gzip size of the JS and CSS each loads (${dist})`);
console.table(rows);
