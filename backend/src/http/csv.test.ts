import { describe, expect, it } from 'vitest';
import { csvRows, defuseCell } from './csv.ts';

describe('the CSV writer', () => {
  it.each([
    '=SUM(A1)',
    '+1234',
    '-2+3',
    '@cmd',
    '|calc',
    '\tTab',
    '\rReturn',
    '\nNew line',
    ' =1+1',
    '＝1+1',
    '＋1',
    '－1',
    '＠SUM(A1)',
  ])('defuses a text cell a spreadsheet would run: %j', (text) => {
    expect(defuseCell(text)).toBe(`'${text}`);
  });

  it('leaves plain text and numbers alone, negative numbers included', () => {
    expect(defuseCell('2026-11-16')).toBe('2026-11-16');
    expect(defuseCell('Maya Alder')).toBe('Maya Alder');
    expect(csvRows([[42, -3, null, undefined, 1.5]])).toBe('42,-3,,,1.5\r\n');
  });

  it('quotes separators, line breaks and quote marks, with CRLF between rows', () => {
    expect(
      csvRows([
        ['Alder, Maya', 'say "hi"', 'two\nlines'],
        [1, 2, 3],
      ]),
    ).toBe('"Alder, Maya","say ""hi""","two\nlines"\r\n1,2,3\r\n');
  });

  it('defuses and quotes in one cell: a formula after a line break stays text', () => {
    expect(csvRows([['\n=HYPERLINK("http://x")']])).toBe(`"'\n=HYPERLINK(""http://x"")"\r\n`);
  });
});
