/** Characters that make a spreadsheet read a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: a leading formula character is defused with a quote mark, so a name like
 * "=HYPERLINK(...)" stays text in Excel or Sheets; cells with separators are quoted (RFC 4180).
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value == null ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: (string | number | null | undefined)[]) => cells.map(csvCell).join(',');

/** Lines end in CRLF, as RFC 4180 and spreadsheet programs expect. */
export const csvDocument = (rows: (string | number | null | undefined)[][]) =>
  rows.map(csvLine).join('\r\n') + '\r\n';
