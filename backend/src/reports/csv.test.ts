import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv.ts';

describe('CSV cells', () => {
  it.each(['=SUM(A1)', '+1234', '-2+3', '@cmd', '\tTab', '\rReturn'])(
    'defuses a cell starting a formula: %j',
    (text) => {
      expect(csvCell(text).replace(/^"/, '').startsWith(`'${text[0]}`)).toBe(true);
    },
  );

  it('leaves plain text and numbers alone, negative numbers included', () => {
    expect(csvCell('2026-11-16')).toBe('2026-11-16');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });

  it('quotes separators and doubles quote marks', () => {
    expect(csvCell('Alder, Maya')).toBe('"Alder, Maya"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(
      csvDocument([
        ['a', 'b'],
        [1, 2],
      ]),
    ).toBe('a,b\r\n1,2\r\n');
  });
});
