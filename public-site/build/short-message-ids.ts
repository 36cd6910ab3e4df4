import type { Plugin } from 'vite';
import { en } from '../src/i18n/catalog.en.ts';

/**
 * The widget's build names its messages by short ids (issue 37: its first load grows by at most
 * 3 KB brotli in either language). An id like `quoteTool.uploadFailedText` is sent twice, in the
 * code that asks for it and as the key of the catalog the widget downloads; here both become `~1f`.
 * Only ids the code names whole are renamed: `option.surface.<service>` and the English-keyed
 * `said.` ids are looked up from data at run time and keep their names. The site's build, the
 * tests and the compiled files keep the readable ids; the embed's browser tests run on this build.
 */
const SHORT_AREAS = ['common.', 'quoteTool.', 'quoteResult.', 'answer.'];

export const SHORT_IDS: ReadonlyMap<string, string> = new Map(
  Object.keys(en)
    .filter((id) => SHORT_AREAS.some((area) => id.startsWith(area)))
    .sort()
    .map((id, index) => [id, `~${index.toString(36)}`]),
);

/** A whole quoted id ('…', "…" or `…` without a placeholder) in the widget's own sources. */
const QUOTED_ID = /(['"`])((?:common|quoteTool|quoteResult|answer)\.[\w.]+)\1/g;

export const renameMessageIds = (code: string) =>
  code.replace(QUOTED_ID, (whole, quote: string, id: string) => {
    const short = SHORT_IDS.get(id);
    return short ? `${quote}${short}${quote}` : whole;
  });

export const shortMessageIds = (): Plugin => ({
  name: 'washdesk-short-message-ids',
  enforce: 'pre',
  transform(code, file) {
    if (file.includes('/node_modules/') || !file.includes('/public-site/src/')) return null;
    if (!/\.(tsx?|jsx?)$/.test(file.split('?')[0]!)) return null;
    const renamed = renameMessageIds(code);
    return renamed === code ? null : { code: renamed, map: null };
  },
  // A message the widget names but its catalogs lack would show its bare id: fail the build instead.
  generateBundle(_options, bundle) {
    const code = Object.values(bundle)
      .map((file) => (file.type === 'chunk' ? file.code : ''))
      .join('\n');
    const inCatalogs = new Set([...code.matchAll(/"(~[0-9a-z]+)":/g)].map((match) => match[1]));
    const named = [...code.matchAll(/[`'"](~[0-9a-z]+)[`'"](?!:)/g)].map((match) => match[1]!);
    const missing = [...new Set(named)].filter((id) => !inCatalogs.has(id));
    const longId = (short: string) => [...SHORT_IDS].find(([, id]) => id === short)?.[0] ?? short;
    if (!missing.length) return;
    const problem = `The widget names messages its catalogs lack: ${missing.map(longId).join(', ')}`;
    // Said here too: the prerender's closeBundle, which then finds no HTML, reports only its own error.
    console.error(problem);
    this.error(problem);
  },
});
