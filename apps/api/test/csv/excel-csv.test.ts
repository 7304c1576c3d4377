import { describe, expect, it } from 'vitest';
import {
  asExcelText,
  excelCell,
  excelDate,
  excelLine,
  EXCEL_BOM,
} from '../../src/lib/csv/excel-csv.ts';

// Formula injection (OWASP "CSV injection"): what Excel or LibreOffice would run shows as text.
describe('a cell for German Excel', () => {
  it.each([
    ['=HYPERLINK("http://x.example","klick")', `"'=HYPERLINK(""http://x.example"",""klick"")"`],
    ['=1+2', "'=1+2"],
    ['+49 30 1234567', "'+49 30 1234567"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+2', "'\t=1+2"],
    ['\r=1+2', `"'\r=1+2"`],
  ])('neutralises a formula start: %j', (value, cell) => {
    expect(excelCell(value)).toBe(cell);
  });

  // Issue 43 point 10: an apostrophe stays visible in German Excel, so a phone number is not it.
  it.each([
    ['+49 30 1234567', '"=""+49 30 1234567"""'],
    ['030 1234567', '"=""030 1234567"""'],
    ['(030) 123-45/67', '"=""(030) 123-45/67"""'],
    ['0301234567', '"=""0301234567"""'],
  ])('writes a phone number as text Excel shows without an apostrophe: %j', (value, cell) => {
    expect(excelCell(asExcelText(value))).toBe(cell);
  });

  it.each([
    ['+49 30 1234567;=1+2', `"'+49 30 1234567;=1+2"`],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['-2+3', "'-2+3"],
    ['+49 "30"', `"'+49 ""30"""`],
    ['Zentrale', 'Zentrale'],
  ])('neutralises a phone field that is no phone number as any other cell: %j', (value, cell) => {
    expect(excelCell(asExcelText(value))).toBe(cell);
  });

  it.each([
    ['Praxis "Mitte"', '"Praxis ""Mitte"""'],
    ['Müller; Schmidt', '"Müller; Schmidt"'],
    ['Zeile 1\nZeile 2', '"Zeile 1\nZeile 2"'],
    ['Zeile 1\r\nZeile 2', '"Zeile 1\r\nZeile 2"'],
    [' Leerzeichen', '" Leerzeichen"'],
  ])('quotes separators, quotes and line breaks: %j', (value, cell) => {
    expect(excelCell(value)).toBe(cell);
  });

  it('leaves ordinary text, inner signs and empty values alone', () => {
    expect(excelCell('Dr. med. Zoë Groß-Öztürk')).toBe('Dr. med. Zoë Groß-Öztürk');
    expect(excelCell('a=b')).toBe('a=b');
    expect(excelCell('anna@example.com')).toBe('anna@example.com');
    expect(excelCell(null)).toBe('');
    expect(excelCell(undefined)).toBe('');
    expect(excelCell('')).toBe('');
  });

  it('joins a row with semicolons and ends it with CRLF', () => {
    expect(excelLine(['a', null, '=b', 'c;d'])).toBe(`a;;'=b;"c;d"\r\n`);
  });

  it('writes dates as dd.MM.yyyy in Berlin’s calendar', () => {
    expect(excelDate('2026-03-05T10:00:00.000Z')).toBe('05.03.2026');
    // 23:30 UTC on New Year's Eve is already the new year in Berlin.
    expect(excelDate(new Date('2025-12-31T23:30:00Z'))).toBe('01.01.2026');
    expect(excelDate(null)).toBe('');
  });

  it('starts a file with the UTF-8 byte-order mark', () => {
    expect(Buffer.from(EXCEL_BOM, 'utf8')).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});
