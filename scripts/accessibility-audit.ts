import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// Shared by the public pages' and the admin board's browser tests (the same checks everywhere).
/**
 * The checks behind Lighthouse's accessibility score, as Lighthouse 12 runs them (its
 * core/gather/gatherers/accessibility.js): axe-core's WCAG 2 A and AA rules, plus the rules it
 * switches on or off. target-size (WCAG 2.2's 24 × 24 px least target, or enough space around a
 * smaller one) is among those switched on; it is what took the public pages to 95.
 */
const LIGHTHOUSE_AXE_OPTIONS = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
  resultTypes: ['violations'],
  rules: Object.fromEntries([
    ...[
      'accesskeys',
      'aria-allowed-role',
      'aria-conditional-attr',
      'aria-deprecated-role',
      'aria-dialog-name',
      'aria-prohibited-attr',
      'aria-treeitem-name',
      'aria-text',
      'empty-heading',
      'heading-order',
      'html-xml-lang-mismatch',
      'identical-links-same-purpose',
      'image-redundant-alt',
      'input-button-name',
      'label-content-name-mismatch',
      'landmark-one-main',
      'link-in-text-block',
      'meta-viewport',
      'select-name',
      'skip-link',
      'tabindex',
      'table-duplicate-name',
      'table-fake-caption',
      'target-size',
      'td-has-header',
    ].map((rule) => [rule, { enabled: true }]),
    ...[
      'area-alt',
      'aria-braille-equivalent',
      'aria-roledescription',
      'audio-caption',
      'blink',
      'duplicate-id',
      'frame-focusable-content',
      'frame-title-unique',
      'marquee',
      'nested-interactive',
      'no-autoplay-audio',
      'role-img-alt',
      'scrollable-region-focusable',
      'server-side-image-map',
      'summary-name',
      'svg-img-alt',
    ].map((rule) => [rule, { enabled: false }]),
  ]),
};

interface Violation {
  id: string;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs those checks on the page as it is now; one line per failing element ("rule: element:
 * why"), so a failure names what to fix. An empty list is Lighthouse's 100.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a <script>: the pages' Content-Security-Policy refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(
    (options) =>
      (
        window as unknown as {
          axe: { run(context: Document, options: unknown): Promise<{ violations: Violation[] }> };
        }
      ).axe
        .run(document, options)
        .then((result) => result.violations),
    LIGHTHOUSE_AXE_OPTIONS,
  );
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.help}): ${node.target.join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`,
    ),
  );
}
