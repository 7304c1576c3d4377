import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvLine } from '../../src/lib/csv/csv.ts';

describe('CSV for Excel', () => {
  it('starts with the UTF-8 byte order mark', () => {
    expect(Buffer.from(CSV_BOM, 'utf8')).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('separates cells by semicolons and ends a line with CRLF', () => {
    expect(csvLine(['Müller', 'Groß', '27.11.2026 10:15'])).toBe(
      'Müller;Groß;27.11.2026 10:15\r\n',
    );
    expect(csvLine([])).toBe('\r\n');
    expect(csvLine(['', ''])).toBe(';\r\n');
  });

  it('quotes a cell that holds the separator, a quote or a line break', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('Praxis "Am Park"')).toBe('"Praxis ""Am Park"""');
    expect(csvCell('Zeile 1\nZeile 2')).toBe('"Zeile 1\nZeile 2"');
    expect(csvCell('a,b')).toBe('a,b');
  });

  it.each([
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ['+49 30 1234567', "'+49 30 1234567"],
    ['-1+2', "'-1+2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', '"\'\rcmd"'],
  ])('neutralises a formula start: %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leaves other cells as they are', () => {
    expect(csvCell('Dr. Anna Schmidt')).toBe('Dr. Anna Schmidt');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(' =x')).toBe(' =x');
  });
});
