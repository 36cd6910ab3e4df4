import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as contract from '@washdesk/contract';
import { freshSchema, lineOf, ROOT, sourceFiles } from './source-files.ts';

// No card fee is possible (issue 35; California SB 478 forbids a price that leaves out a mandatory
// fee, and a surcharge for paying by card is one). Nothing can ask for one if nothing can name one:
// no database column, no field of the contract's schemas, no text a template or a screen shows,
// and the one place a customer is charged asks exactly the invoice's part and the tip.

/** A column's or field's words (snake_case and camelCase split) that would hold a fee on a payment. */
const FEE_WORD = /^(fee|fees|surcharge|surcharges|convenience)$/i;
const wordsOf = (name: string) => name.split(/_|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean);
const namesAFee = (name: string) => wordsOf(name).some((w) => FEE_WORD.test(w));

/** A text that offers or names a fee for paying (by card, online, at checkout), in its usual names. */
const FEE_TEXT =
  /\b(card|credit|debit|processing|convenience|swipe|checkout|payment|transaction|service|booking|online)[ -]+(fee|surcharge)s?\b|\bsurcharg(e|es|ed|ing)\b/i;

/**
 * Texts that name a card fee only to refuse it, each with why it is allowed. Nothing else may.
 * (The photo quote's difficulty "surcharge" is a price for harder work, and it is never a text.)
 */
const REFUSALS: Record<string, string> = {
  'A quote never carries a card fee or surcharge':
    "the quote draft's validation message (contract/src/quote-draft-texts.ts): it refuses the line",
};

/** Every text a screen or template can show: string and template literals and JSX text, no comments. */
function textsOf(file: string, source: string) {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const found: { text: string; at: number }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    )
      found.push({ text: node.text, at: node.getStart(sf) });
    node.forEachChild(visit);
  };
  visit(sf);
  return found;
}

/** Every key of every zod object reachable from a schema (nested objects, arrays, unions, wrappers). */
function fieldsOf(schema: unknown, seen = new Set<unknown>()): string[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema) || !('_zod' in schema)) return [];
  seen.add(schema);
  const def = (schema as { _zod: { def: Record<string, unknown> } })._zod.def;
  const keys = def.type === 'object' ? Object.keys(def.shape as object) : [];
  const children = Object.values(def).flatMap((v) => (Array.isArray(v) ? v : [v]));
  const shapes = def.type === 'object' ? Object.values(def.shape as object) : [];
  return [...keys, ...[...children, ...shapes].flatMap((child) => fieldsOf(child, seen))];
}

describe('no card fee', () => {
  it('has no database column that could hold one', () => {
    const db = freshSchema();
    try {
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .pluck()
        .all() as string[];
      const columns = tables.flatMap((t) =>
        (db.prepare(`PRAGMA table_info("${t}")`).all() as { name: string }[]).map((c) => `${t}.${c.name}`),
      );
      expect(columns.length).toBeGreaterThan(100);
      expect(columns.filter((c) => namesAFee(c.split('.')[1]!))).toEqual([]);
      // The two tables a charge is made from hold exactly two amounts: the part paid and the tip.
      for (const table of ['payments', 'checkout_sessions']) {
        const money = columns.filter((c) => c.startsWith(`${table}.`) && c.endsWith('_cents'));
        expect(money, table).toEqual([`${table}.amount_cents`, `${table}.tip_cents`]);
      }
      // No text a migration stores (a default template, a setting) names one either.
      const stored = (
        db.prepare('SELECT sql FROM sqlite_master WHERE sql IS NOT NULL').pluck().all() as string[]
      )
        .flatMap((sql) => [...sql.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!))
        .filter((text) => FEE_TEXT.test(text));
      expect(stored).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('has no field of the contract’s schemas that names one', () => {
    const fields = Object.values(contract).flatMap((value) => fieldsOf(value));
    // The walk does reach the payment shapes (a walk that finds nothing proves nothing).
    expect(fields).toEqual(expect.arrayContaining(['amountCents', 'tipCents', 'deposit', 'minimumCents']));
    expect([...new Set(fields.filter(namesAFee))]).toEqual([]);
  });

  it('has no screen, page or template text that names one, save the one refusing it', () => {
    const texts = sourceFiles().flatMap(([file, source]) =>
      textsOf(file, source).map((t) => ({ ...t, file, source })),
    );
    expect(texts.length).toBeGreaterThan(1000);
    const html = [
      'public-site/index.html',
      'public-site/embed.html',
      'public-site/account.html',
      'admin/index.html',
    ]
      .filter((file) => fs.existsSync(path.join(ROOT, file)))
      .map((file) => ({ file, text: fs.readFileSync(path.join(ROOT, file), 'utf8') }));
    const named = [
      ...texts
        .filter((t) => FEE_TEXT.test(t.text) && !(t.text in REFUSALS))
        .map((t) => `${t.file}:${lineOf(t.source, t.at)} "${t.text}"`),
      ...html.filter((h) => FEE_TEXT.test(h.text)).map((h) => h.file),
    ];
    expect(named).toEqual([]);
    // Each allowed refusal still exists (else its entry goes).
    for (const refusal of Object.keys(REFUSALS))
      expect(
        texts.some((t) => t.text === refusal),
        refusal,
      ).toBe(true);
  });

  it('charges a customer exactly what they were asked: the part paid and the tip, nothing else', () => {
    // The one caller of Stripe's checkout (wave rules; checkout-sessions.ts) and its line items.
    const callers = sourceFiles().filter(([, source]) => /\bcheckout\.sessions\.create\(/.test(source));
    expect(callers.map(([file]) => file)).toEqual(['backend/src/payments/checkout-sessions.ts']);
    const [file, source] = callers[0]!;
    const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
    const lineItems: ts.ArrayLiteralExpression[] = [];
    const options: string[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && node.expression.getText(sf).endsWith('checkout.sessions.create')) {
        const names = (n: ts.Node): void => {
          if (ts.isPropertyAssignment(n) || ts.isShorthandPropertyAssignment(n))
            options.push(n.name.getText(sf));
          n.forEachChild(names);
        };
        node.arguments.forEach(names);
      }
      if (
        ts.isPropertyAssignment(node) &&
        node.name.getText(sf) === 'line_items' &&
        ts.isArrayLiteralExpression(node.initializer)
      )
        lineItems.push(node.initializer);
      node.forEachChild(visit);
    };
    visit(sf);
    expect(lineItems).toHaveLength(1);
    // Its amounts, as written: the amount asked less the tip, and the tip when there is one. The
    // ledger's payment row then holds amount_cents = that part + tip_cents (ledger.repository.ts).
    const amounts = [...lineItems[0]!.getText(sf).matchAll(/\bline\([^,]+,\s*([^)]+)\)/g)].map((m) =>
      m[1]!.trim(),
    );
    expect(amounts).toEqual(['req.amountCents - tip', 'tip']);
    // No fee comes in by another door: none of the session's options names one.
    expect(options).toEqual(expect.arrayContaining(['line_items', 'metadata']));
    expect(options.filter((name) => /fee|surcharge|convenience/i.test(name))).toEqual([]);
  });
});
