import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  NOT_FOUND_TEXT,
  TEXT_CONSENT_LINE,
  PROPERTY_TYPE_OPTIONS,
  URGENCY_OPTIONS,
  VISIT_REFUSALS,
  VISIT_STAFF_PREVIEW,
  WIZARD_SERVICE_OPTIONS,
} from '@washdesk/contract';
import { COMPILED_FOLDER, compiledCatalogs } from '../public-site/scripts/compile-catalogs.ts';
import { en } from '../public-site/src/i18n/catalog.en.ts';
import { es } from '../public-site/src/i18n/catalog.es.ts';

// CI's check of the public site's languages (issue 37): no Spanish key missing (or left over),
// each Spanish message fills the same {placeholders} as its English, the compiled catalogs the
// pages load are those of the catalogs as written, and the English of the contract's choices is
// the contract's own words.

const placeholdersOf = (message: string) =>
  [...message.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort((a, b) => a!.localeCompare(b!));

describe('the public site’s catalogs', () => {
  it('have a Spanish message for every English one, and none more', () => {
    const missing = Object.keys(en).filter((id) => !(id in es) || !es[id as keyof typeof es]?.trim());
    const extra = Object.keys(es).filter((id) => !(id in en));
    console.log(`catalogs: ${Object.keys(en).length} messages, ${missing.length} Spanish missing, ${extra.length} extra`);
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
  });

  it('fill the same placeholders in both languages', () => {
    const differ = Object.entries(en)
      .filter(([id, message]) => placeholdersOf(message).join() !== placeholdersOf(es[id as keyof typeof es]).join())
      .map(([id]) => id);
    expect(differ).toEqual([]);
  });

  it('are compiled as written (npm run i18n -w @washdesk/public-site)', () => {
    for (const [file, text] of Object.entries(compiledCatalogs()))
      expect(fs.readFileSync(path.join(COMPILED_FOLDER, file), 'utf8'), file).toBe(text);
  });

  it("say the contract's choices in the contract's English words", () => {
    const lists = { service: WIZARD_SERVICE_OPTIONS, property: PROPERTY_TYPE_OPTIONS, urgency: URGENCY_OPTIONS };
    for (const [list, options] of Object.entries(lists))
      for (const o of options) expect(en[`option.${list}.${o.value}` as keyof typeof en]).toBe(o.label);
    for (const [key, text] of Object.entries(VISIT_REFUSALS))
      expect(en[`visit.refusal.${key}` as keyof typeof en]).toBe(text);
    expect(en['visit.staffPreview']).toBe(VISIT_STAFF_PREVIEW);
    expect(en['notFound.title']).toBe(NOT_FOUND_TEXT);
    expect(en['common.textConsent']).toBe(TEXT_CONSENT_LINE);
  });
});
