/**
 * CSV that German Excel opens by double-click (decision 0083): UTF-8 announced by a byte-order
 * mark, `;` between cells (the list separator of a German Windows), CRLF between rows, dates as
 * dd.MM.yyyy. A cell Excel would read as a formula is neutralised (OWASP "CSV injection").
 */
export const EXCEL_BOM = '\uFEFF';
export const EXCEL_SEPARATOR = ';';
const LINE_END = '\r\n';

/** What makes Excel (or LibreOffice) read a cell as a formula or a command. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** What makes a cell need quotes: the separator, quotes, line breaks, or edge spaces. */
const NEEDS_QUOTES = /[;"\r\n]|^\s|\s$/;

/**
 * One cell's text: a formula start gets an apostrophe before it, so Excel shows the text as it
 * is; then quoted (inner quotes doubled) where the text holds a separator, a quote or a line
 * break. Null and undefined are empty cells.
 */
export function excelCell(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row of cells, with its line end. */
export function excelLine(cells: readonly (string | null | undefined)[]): string {
  return cells.map(excelCell).join(EXCEL_SEPARATOR) + LINE_END;
}

const GERMAN_DATE = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** A date as German Excel reads it without asking: dd.MM.yyyy, in Berlin's calendar. */
export function excelDate(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return GERMAN_DATE.format(new Date(value));
}
