import { describe, expect, it } from 'vitest';
import { renameMessageIds, SHORT_IDS } from '../public-site/build/short-message-ids.ts';

// The widget's build names its messages by short ids (issue 37: its first load grows ≤ 3 KB
// brotli). What is renamed must be renamed the same in the code and the catalogs; what is looked up
// from data at run time must keep its name. (The build itself fails on an id its catalogs lack.)

describe("the widget's short message ids", () => {
  it('are one per id, never an id of the catalogs themselves', () => {
    const shorts = [...SHORT_IDS.values()];
    expect(new Set(shorts).size).toBe(shorts.length);
    expect(shorts.every((short) => /^~[0-9a-z]+$/.test(short))).toBe(true);
    expect(SHORT_IDS.has('quoteTool.title')).toBe(true);
    expect(SHORT_IDS.has('said.Valid phone number required')).toBe(false);
  });

  it('rename a whole quoted id, in the code and as a catalog key alike', () => {
    const short = SHORT_IDS.get('quoteTool.title')!;
    expect(renameMessageIds(`t('quoteTool.title')`)).toBe(`t('${short}')`);
    expect(renameMessageIds(`{"quoteTool.title":["Obtenga su presupuesto al instante"]}`)).toBe(
      `{"${short}":["Obtenga su presupuesto al instante"]}`,
    );
    expect(renameMessageIds('label: `common.optional`')).toBe(`label: \`${SHORT_IDS.get('common.optional')}\``);
  });

  it('leave alone what is looked up from data, a part of an id, and what is not an id', () => {
    for (const code of [
      't(`option.surface.${surface}`)',
      `t('said.' + text)`,
      `'quoteTool.'`,
      `'quoteTool.noSuchMessage'`,
      `'common.photos'`,
      `"see common.optional here"`,
    ])
      expect(renameMessageIds(code)).toBe(code);
  });
});
