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
 * A phone number as people write it: an optional `+` or `(`, then digits, spaces, `/`, `-`,
 * `.` and brackets. Nothing in it can call a function or reach another cell.
 */
const PHONE = /^[+(]?\d[\d ()/.-]{0,38}$/;

/** A cell Excel must show as text, never as a number or a formula (a phone number). */
export interface ExcelText {
  readonly text: string;
}

/** Marks a value as text for Excel; null and empty stay empty cells. */
export const asExcelText = (value: string | null | undefined): ExcelText | null =>
  value ? { text: value } : null;

export type ExcelValue = string | ExcelText | null | undefined;

/**
 * One cell's text: a formula start gets an apostrophe before it, so Excel shows the text as it
 * is; then quoted (inner quotes doubled) where the text holds a separator, a quote or a line
 * break. Null and undefined are empty cells. A phone number marked as text is written as the
 * formula `="+49 30 1234567"`: Excel reads a leading `+` as a formula and a quoted cell as a
 * number, and an apostrophe in a CSV file stays visible; the formula's result is the number as
 * text, and the phone pattern admits nothing a formula could run. Marked text that is no phone
 * number is an ordinary cell.
 */
export function excelCell(value: ExcelValue): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value !== 'string') {
    return PHONE.test(value.text) ? `"=""${value.text}"""` : excelCell(value.text);
  }
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row of cells, with its line end. */
export function excelLine(cells: readonly ExcelValue[]): string {
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
