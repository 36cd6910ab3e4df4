import fs from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import type { PublicProfile } from '@washdesk/contract';
// Types only: the config's bundler leaves workspace packages to Node, which cannot load their
// TypeScript; everything the plugin runs from the site comes through Vite's SSR loader below.
import type * as RenderModule from '../src/prerender/render-page.tsx';
import type { RenderedPage } from '../src/prerender/render-page.tsx';

interface PrerenderOptions {
  /** Which tree to render (src/prerender/render-page.tsx). */
  build: 'site' | 'embed';
  /** The built HTML the pages go into, relative to the build's output folder. */
  template: string;
  /**
   * Each page's path, its output file (relative to the output folder) and the chunk it loads
   * (a Vite manifest key), whose scripts are preloaded and whose styles are inlined, so the
   * prerendered page is styled at first paint. `path: null` is the 404 page.
   */
  pages: { path: string | null; file?: string; chunk?: string }[];
}

/**
 * Checks the stand-in scheme on a profile with every character HTML escapes and no calendar:
 * filling the stand-in render must give exactly the page rendered with the real details.
 * A component that reshapes a detail (or shows something only when one is empty) fails the build
 * here, instead of a browser's hydration failing later.
 */
const awkwardProfile = (standIns: PublicProfile): PublicProfile => ({
  ...standIns,
  businessName: `O'Neil & Sons "Wash" <Co>`,
  phone: '+1 (707) 555-0142',
  email: 'office+quotes@example.com',
  serviceArea: 'Eureka & Arcata',
  schedulingCalendarUrl: '',
});

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** The scripts and styles a page's chunk needs (itself and what it imports), as built files. */
function chunkFiles(manifest: Manifest, chunk: string) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`Prerendering: the Vite manifest has no chunk "${key}"`);
    if (scripts.has(entry.file)) return;
    scripts.add(entry.file);
    entry.css?.forEach((file) => styles.add(file));
    entry.imports?.forEach(visit);
  };
  visit(chunk);
  return { scripts: [...scripts], styles: [...styles] };
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]* href="([^"]+)"[^>]*>/g;

/**
 * The head a page needs: its styles inlined (a stylesheet fetched before the first paint costs
 * a round trip on a phone's network; these are a few kilobytes, and the CSP allows inline
 * styles), and its chunk's scripts preloaded so hydration does not wait for a second round.
 */
function pageHead(
  template: string,
  read: (href: string) => string,
  chunk: { scripts: string[]; styles: string[] },
  base: string,
) {
  const style = (href: string) => {
    const css = read(href);
    if (/<\/style/i.test(css)) throw new Error(`Prerendering: ${href} cannot be inlined`);
    return `<style>${css}</style>`;
  };
  const head = template.replace(STYLESHEET_LINK, (_link, href: string) => style(href));
  const preloads = chunk.scripts
    .filter((file) => !template.includes(`"${base}${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`);
  return { template: head, extra: [...chunk.styles.map((file) => style(base + file)), ...preloads].join('') };
}

function intoTemplate(template: string, page: RenderedPage, title: string, headLinks: string): string {
  const parts: [RegExp | string, string][] = [
    [/<title>[^<]*<\/title>/, `<title>${title}</title>`],
    ['<div id="root"></div>', `<div id="root">${page.html}</div>`],
    ['</head>', `${headLinks}</head>`],
  ];
  return parts.reduce((html, [find, replacement]) => {
    if (!html.match(find)) throw new Error(`Prerendering: the template has no ${String(find)}`);
    return html.replace(find, () => replacement);
  }, template);
}

/**
 * Renders the public pages to HTML after the client build (so the first paint needs no
 * JavaScript); main.tsx and embed-main.tsx then hydrate that HTML. The business's details are
 * stand-ins the server fills from its config (contract: prerendered-page.ts).
 */
export function prerenderPages(options: PrerenderOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'washdesk-prerender-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        const template = fs.readFileSync(path.join(outDir, options.template), 'utf8');
        const manifest = JSON.parse(
          fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
        ) as Manifest;
        // Vite's own SSR loader runs the page components in Node, as the browser build sees them.
        const vite = await createServer({
          root: config.root,
          configFile: false,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        });
        try {
          const {
            renderPage,
            fillBusinessProfile,
            PROFILE_STAND_INS,
            prerenderedPageFile,
            escapeHtml,
            INSTANT_QUOTE_MODES,
            pageVariantFile,
            LANGUAGES,
            pageLanguageFile,
          } = (await vite.ssrLoadModule('/src/prerender/render-page.tsx')) as typeof RenderModule;
          for (const { path: pagePath, file, chunk } of options.pages) {
            const renderedPath = pagePath ?? '/this-page-does-not-exist';
            const head = pageHead(
              template,
              (href) => fs.readFileSync(path.join(outDir, href.slice(config.base.length)), 'utf8'),
              chunk ? chunkFiles(manifest, chunk) : { scripts: [], styles: [] },
              config.base,
            );
            // Every page in every language (issue 37): the server picks the visitor's file.
            for (const language of LANGUAGES) {
            let plainHtml: string | undefined;
            const langTemplate = head.template.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
            // A page whose catalog (src/i18n) is a file of its own preloads it: no waterfall. (The
            // site's English is in its first script; each of the embed's languages is its own file.)
            const catalog = manifest[`src/i18n/compiled/${options.build}.${language}.ts`];
            const langExtra =
              !catalog
                ? head.extra
                : `${head.extra}<link rel="modulepreload" crossorigin href="${config.base}${catalog.file}">`;
            for (const mode of INSTANT_QUOTE_MODES) {
              const standIns = { ...PROFILE_STAND_INS, instantQuotes: mode };
              const awkward = awkwardProfile(standIns);
              const page = await renderPage(renderedPath, standIns, options.build, language);
              const direct = await renderPage(renderedPath, awkward, options.build, language);
              if (fillBusinessProfile(page.html, awkward) !== direct.html || page.title !== direct.title) {
                throw new Error(
                  `Prerendering ${renderedPath}: filling the business details into the HTML does not give ` +
                    'the page rendered with them; a component reshapes a detail or shows one conditionally. ' +
                    'Render it after hydration, or teach fillBusinessProfile the shape.',
                );
              }
              // A page that reads the same either way needs one file; the server falls back to it.
              if (plainHtml === page.html) continue;
              plainHtml ??= page.html;
              const output = path.join(
                outDir,
                pageVariantFile(pageLanguageFile(file ?? prerenderedPageFile(pagePath), language), mode),
              );
              fs.mkdirSync(path.dirname(output), { recursive: true });
              fs.writeFileSync(output, intoTemplate(langTemplate, page, escapeHtml(page.title), langExtra));
            }
            }
          }
        } finally {
          await vite.close();
        }
      },
    },
  };
}
