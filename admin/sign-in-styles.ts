import fs from 'node:fs';
import { createRequire } from 'node:module';
import postcss from 'postcss';
import type { Plugin } from 'vite';

// The admin's first load is the sign-in screen (issue 38: ≤ 150 KB brotli, backend/bench/
// public-pages.bench.ts). Blueprint's stylesheet is 35 KB brotli of it, and the sign-in screen
// shows a handful of Blueprint's components. So the first load carries only the rules of
// blueprint.css that can style what the sign-in screen shows (the import below), and the whole
// first load's stylesheets come again, in their order, before anything signed-in staff see
// (src/staff-styles.css). A rule copied earlier in a page never changes what wins, so once those
// arrive every screen is styled exactly as by the whole stylesheet, the sign-in screen included
// (admin/e2e/sign-in-styles.spec.ts compares the sign-in screen's computed styles before and after).

/** What AdminApp imports in place of blueprint.css. */
export const SIGN_IN_BLUEPRINT_CSS = 'virtual:sign-in-blueprint.css';
const RESOLVED = `\0${SIGN_IN_BLUEPRINT_CSS}`;

/**
 * Every Blueprint class (without its `bp6-` prefix) the sign-in screen and the states before it
 * (loading, server unreachable, a notice, a refusal, the dark theme, a button busy signing in) put
 * on an element: a Blueprint rule naming only these (or none) is in the first load. A class
 * missing here leaves a rule out, which the browser test above catches.
 */
export const SIGN_IN_BLUEPRINT_CLASSES = new Set([
  'dark',
  'portal',
  'fill',
  'disabled',
  'loading',
  'skeleton',
  'text-muted',
  'text-overflow-ellipsis',
  'heading',
  'card',
  'elevation-0',
  'callout',
  'callout-icon',
  'callout-has-body-content',
  'callout-title',
  'intent-primary',
  'intent-warning',
  'intent-danger',
  'form-group',
  'form-content',
  'label',
  'input-group',
  'input',
  'button',
  'button-text',
  'button-spinner',
  'spinner',
  'spinner-animation',
  'spinner-head',
  'spinner-track',
  'non-ideal-state',
  'non-ideal-state-vertical',
  'non-ideal-state-visual',
  'non-ideal-state-text',
  'icon',
  'icon-standard',
  'icon-large',
  'icon-muted',
  'icon-error',
  'icon-time',
  'icon-warning-sign',
  'icon-refresh',
  'icon-offline',
]);

const BLUEPRINT_CLASS = /\.bp6-([\w-]+)/g;
/** `:not(.bp6-minimal)` matches elements without that class: what it names is not needed. */
const NEGATION = /:not\([^()]*\)/g;
const forSignIn = (selector: string) =>
  [...selector.replace(NEGATION, '').matchAll(BLUEPRINT_CLASS)].every(([, name]) =>
    SIGN_IN_BLUEPRINT_CLASSES.has(name!),
  );

/** blueprint.css with only the selectors that can match on the sign-in screen, in their order. */
export function signInBlueprintCss(css: string): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    // Animations are named, not matched: kept whole, for the spinner's.
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
    const kept = rule.selectors.filter(forSignIn);
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  // A media or supports block whose rules all went.
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}

/** Serves SIGN_IN_BLUEPRINT_CSS, made from the installed blueprint.css at each build. */
export function signInStyles(): Plugin {
  const blueprintCss = createRequire(import.meta.url).resolve('@blueprintjs/core/lib/css/blueprint.css');
  return {
    name: 'washdesk-sign-in-styles',
    resolveId: (id) => (id === SIGN_IN_BLUEPRINT_CSS ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      this.addWatchFile(blueprintCss);
      return signInBlueprintCss(fs.readFileSync(blueprintCss, 'utf8'));
    },
  };
}
