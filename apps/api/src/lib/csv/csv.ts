/**
 * CSV that German Excel opens correctly by double-click (issue 27): UTF-8 with a byte order
 * mark, `;` between cells, CRLF after each line. A cell is quoted when it holds the separator,
 * a quote or a line break; a cell that Excel would read as a formula (starting with `=`, `+`,
 * `-`, `@`, tab or carriage return) gets a leading apostrophe, so it shows as text.
 */

/** The byte order mark that tells Excel the file is UTF-8; write it once, before the header. */
export const CSV_BOM = '\uFEFF';

export const CSV_SEPARATOR = ';';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

/** One cell: neutralised against formula injection, then quoted where needed. */
export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of the file, with its CRLF. */
export function csvLine(cells: string[]): string {
  return `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
}
