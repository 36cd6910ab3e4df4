import { describe, expect, it } from 'vitest';
import { hasHiddenOrLookalike, lookalikeReason, visibleParts, visibleString } from './visible-text.ts';

describe('a texted message as staff see it', () => {
  it('shows a zero-width space inside a domain, so it does not read as a clean domain', () => {
    expect(visibleString('Pay here: pay\u200Bpal.example.com')).toBe('Pay here: pay⟨U+200B⟩pal.example.com');
    expect(visibleParts('pay\u200Bpal.example.com')).toEqual([
      { kind: 'text', text: 'pay' },
      { kind: 'hidden', code: 'U+200B', name: 'zero-width space' },
      { kind: 'text', text: 'pal.example.com' },
    ]);
  });

  it('shows every format character: BOM, soft hyphen, joiners, bidirectional overrides', () => {
    expect(visibleString('\uFEFFhi')).toBe('⟨U+FEFF⟩hi');
    expect(visibleString('pa\u00ADy')).toBe('pa⟨U+00AD⟩y');
    expect(visibleString('a\u200Db\u200Cc\u2060d')).toBe('a⟨U+200D⟩b⟨U+200C⟩c⟨U+2060⟩d');
    expect(visibleString('invoice\u202Efdp.exe')).toBe('invoice⟨U+202E⟩fdp.exe');
    expect(visibleString('\u3164')).toBe('⟨U+3164⟩');
  });

  it('leaves an emoji built with joiners alone, and plain text untouched', () => {
    expect(visibleString('Thanks 👩\u200D🔧!')).toBe('Thanks 👩\u200D🔧!');
    expect(visibleParts('See you Tuesday at 10, café’s corner')).toEqual([
      { kind: 'text', text: 'See you Tuesday at 10, café’s corner' },
    ]);
    expect(hasHiddenOrLookalike('Can you come Friday?')).toBe(false);
  });

  it('marks a word that mixes alphabets (a Cyrillic а in "pаypal") or uses look-alike letters', () => {
    expect(lookalikeReason('p\u0430ypal.com')).toMatch(/Latin and Cyrillic/);
    expect(lookalikeReason('ｐａｙｐａｌ.com')).toBe(
      'Written in look-alike characters: reads as "paypal.com"',
    );
    expect(lookalikeReason('paypal.com')).toBeNull();
    expect(lookalikeReason('Москва')).toBeNull();
    expect(visibleParts('Log in at p\u0430ypal.com now')).toEqual([
      { kind: 'text', text: 'Log in at ' },
      { kind: 'lookalike', text: 'p\u0430ypal.com', reason: expect.stringMatching(/Cyrillic/) },
      { kind: 'text', text: ' now' },
    ]);
  });

  it('judges a word without its hidden characters, and shows both', () => {
    expect(visibleParts('p\u0430y\u200Bpal')).toEqual([
      { kind: 'lookalike', text: 'p\u0430y', reason: expect.stringMatching(/Cyrillic/) },
      { kind: 'hidden', code: 'U+200B', name: 'zero-width space' },
      { kind: 'lookalike', text: 'pal', reason: expect.stringMatching(/Cyrillic/) },
    ]);
  });
});
