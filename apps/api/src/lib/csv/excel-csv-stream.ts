import { Readable } from 'node:stream';
import { EXCEL_BOM, excelLine, type ExcelValue } from './excel-csv.ts';

type Cells = readonly ExcelValue[];

/**
 * The file as a stream (decision 0083): the BOM and the header row first, then each batch's
 * rows as one chunk. `Readable.from` asks for the next batch only when the reply has taken the
 * last one, so a slow client never makes the server hold more than a batch.
 */
export function excelCsvStream<T>(
  header: Cells,
  batches: AsyncIterable<readonly T[]>,
  cellsOf: (item: T) => Cells,
): Readable {
  async function* chunks() {
    yield EXCEL_BOM + excelLine(header);
    for await (const batch of batches) {
      yield batch.map((item) => excelLine(cellsOf(item))).join('');
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Today in a file's name (yyyy-MM-dd, sorting by date), in Berlin's calendar. */
export const fileDay = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
