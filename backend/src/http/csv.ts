import { stringify } from 'csv-stringify/sync';

export type CsvValue = string | number | null | undefined;

/**
 * What makes a spreadsheet run a cell instead of showing it (OWASP "CSV injection"): formula
 * signs, also in their full-width forms that Excel folds to ASCII, a pipe (DDE), and the tab,
 * line break or space that some programs skip before looking at the next character.
 */
const RUNNABLE_START = /^[=+\-@|\t\r\n \uFF1D\uFF0B\uFF0D\uFF20]/;

/** A plain decimal number ("-12.50", an amount we formatted): a spreadsheet reads it as a number, never runs it. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/** A text cell that would run gets a leading apostrophe, so it stays text. Numbers stay numbers. */
export const defuseCell = (value: CsvValue): string | number => {
  if (value == null) return '';
  if (typeof value === 'number') return value;
  return RUNNABLE_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
};

/**
 * The one CSV writer of every export: RFC 4180 quoting by csv-stringify, CRLF line ends as
 * spreadsheet programs expect, every text cell defused.
 */
export const csvRows = (rows: CsvValue[][]): string =>
  stringify(
    rows.map((row) => row.map(defuseCell)),
    {
      record_delimiter: 'windows',
      // With CRLF rows, csv-stringify quotes only a full CRLF; a lone line break must be quoted too.
      quoted_match: /[\r\n]/,
      cast: { number: (n) => String(n) },
    },
  );

export const csvLine = (cells: CsvValue[]) => csvRows([cells]);

/** The byte order mark makes spreadsheet apps read the file as UTF-8 (names with accents). */
export const CSV_BOM = '\uFEFF';
