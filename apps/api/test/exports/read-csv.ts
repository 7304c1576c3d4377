/** The rows of a CSV file as Excel reads it: `;` between cells, quoted cells with `""` inside. */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) throw new Error('the file does not end with CRLF');
  return rows;
}

const BOM = [0xef, 0xbb, 0xbf];

/** The file's rows after its byte-order mark, which must be there. */
export function rowsOfFile(raw: Buffer): string[][] {
  if (!BOM.every((byte, index) => raw[index] === byte)) throw new Error('no UTF-8 BOM');
  return readCsv(raw.subarray(3).toString('utf8'));
}

/**
 * What Excel shows for a cell it has read: the formula `="…"` (a phone number kept as text) is
 * its text; everything else as it stands (a neutralised formula keeps its apostrophe).
 */
export function excelShows(cell: string): string {
  const text = /^="([^"]*)"$/.exec(cell);
  return text ? (text[1] ?? '') : cell;
}
