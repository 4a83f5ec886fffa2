/**
 * Reading an uploaded Adjust events file (docs/postbacks.md §Screens and routes "Only .CSV file is accepted.", §Rules and limits eventFile .csv only; format
 * docs/domain.md): the name must end in .csv, the bytes must be UTF-8 text (checked by content: no NUL or other binary
 * control bytes, so a renamed image or spreadsheet is refused) within the size bound, and the records come from
 * csv-parse (RFC 4180: quotes, doubled quotes, CRLF, BOM). The rows are then checked by the shared rules
 * (src/contracts/integrations.ts adjustEventsFromRecords), which name the line of every error.
 */
import { CsvError, parse } from 'csv-parse/sync';
import {
  CSV_ONLY_HINT,
  adjustEventsFromRecords,
  type AdjustEventsParse,
  type CsvRecord,
} from '../../../../src/contracts/integrations';
import { ADJUST_EVENTS_FILE_MAX_BYTES, ADJUST_EVENTS_MAX } from '../../../../src/contracts/adjust';

export const NOT_TEXT = 'The events file is not a text CSV file.';
export const TOO_LARGE = `The events file is larger than ${ADJUST_EVENTS_FILE_MAX_BYTES / 1024} KB.`;
export const TOO_MANY = `The events file holds more than ${ADJUST_EVENTS_MAX} events.`;

/** Bytes → text, or null when they are not UTF-8 text (binary control bytes other than tab, CR, LF, FF). */
function textOf(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // oxlint-disable-next-line no-control-regex -- binary control bytes are what tells a binary file from text
  return /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text) ? null : text;
}

/** csv-parse records with the line each starts on (line endings unified first, so lines inside quotes count once). */
export function readCsvRecords(text: string): { records: CsvRecord[] } | { error: string } {
  try {
    const parsed = parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    return {
      records: parsed.map(({ record, info }) => ({
        line: info.lines - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0),
        cells: record,
      })),
    };
  } catch (error) {
    if (error instanceof CsvError) {
      const at = (error as CsvError & { lines?: number }).lines;
      const reason =
        error.code === 'CSV_QUOTE_NOT_CLOSED'
          ? 'unterminated quoted field'
          : error.message.replace(/^[^:]*:\s*/, '').toLowerCase();
      return { error: at ? `line ${at}: ${reason}` : reason };
    }
    throw error;
  }
}

/** Parse and check an events file's text (docs/domain.md format). */
export function parseAdjustEventsCsv(text: string): AdjustEventsParse {
  const read = readCsvRecords(text);
  if ('error' in read) return { ok: false, errors: [read.error] };
  const result = adjustEventsFromRecords(read.records);
  if (result.ok && result.rows.length > ADJUST_EVENTS_MAX) return { ok: false, errors: [TOO_MANY] };
  return result;
}

/** An uploaded file: its name (.csv only), its size and content, then its rows. */
export function readAdjustEventsFile(file: { filename: string; bytes: Uint8Array } | undefined): AdjustEventsParse {
  if (!file) return { ok: false, errors: ['The events file is required.'] };
  if (!/\.csv$/i.test(file.filename.trim())) return { ok: false, errors: [CSV_ONLY_HINT] };
  if (file.bytes.length > ADJUST_EVENTS_FILE_MAX_BYTES) return { ok: false, errors: [TOO_LARGE] };
  const text = textOf(file.bytes);
  if (text === null) return { ok: false, errors: [NOT_TEXT] };
  return parseAdjustEventsCsv(text);
}
