/**
 * Local exports of a report result (docs/analyze.md §API endpoints "Local export", §Messages export messages): CSV `report_data.csv`, Excel
 * `report_data.xlsx` (sheet 'Report Data'; exceljs is downloaded only when an Excel export starts) and a
 * tab-separated copy to the clipboard. The Google Sheets export reuses the same safe matrix
 * (src/services/google-sheets.service.ts).
 *
 * Formula injection (docs/domain.md §Risks peers were bitten by: cells starting with = + - @). A spreadsheet treats a text cell that starts with
 * `=`, `+`, `-` or `@` as a formula, and tab / CR as field breaks that smuggle one in, so every writer here
 * neutralises text cells before writing them. Decisions (ours):
 *  - A text cell starting with `=`, `+`, `-`, `@`, tab (U+0009) or CR (U+000D) gets a single quote (`'`) in front.
 *    The quote is then the cell's first character in every export, so no spreadsheet reads a formula; it stays
 *    visible (CSV, XLSX text cells, Google Sheets with RAW input), marking a value that was defused. Neutralising
 *    is idempotent: a cell that already starts with a quote is left alone.
 *  - Numbers stay numbers (including negatives): they are written as numeric cells (XLSX, Google Sheets) or as
 *    plain numerals (CSV, clipboard). Booleans stay booleans.
 *  - A text cell that is exactly a plain decimal number (`-1`, `-0.25`, `3e-5`: optional minus, digits, optional
 *    fraction and exponent, nothing else) is kept as it is: it cannot start a formula and quoting it would corrupt
 *    a value the user reads as a number. It stays text in XLSX and Google Sheets. `+1`, `-1+2` or `-x` are not
 *    plain numbers and are neutralised.
 *  - Columns are headed by their labels, as the grid heads them ("New Users", not `new_users`); headers go through
 *    the same rule. Nulls are written as empty cells (the grid shows them as `null`).
 *  - Excel holds the catalogue's DATE and TIMESTAMP columns as real dates (a serial number with a `yyyy-mm-dd` or
 *    `yyyy-mm-dd hh:mm:ss` number format, in UTC as the report is), so a spreadsheet sorts, filters and charts them;
 *    a value that does not read as a date stays text. CSV, the clipboard and Google Sheets (RAW input) carry the
 *    same ISO text, which every spreadsheet recognises on import.
 *  - CSV follows RFC 4180: fields holding `"`, `,`, CR or LF are quoted and their quotes doubled, records end with
 *    CRLF. The downloaded file starts with a UTF-8 byte-order mark so Excel reads non-ASCII text correctly;
 *    `toCsv()` itself returns the text without it.
 *  - The clipboard text is tab-separated, rows ending with LF; a cell holding a tab, a line break or a quote is
 *    quoted like CSV, which is how Excel and Google Sheets read pasted text.
 */
import type * as ExcelJS from 'exceljs';
import { notify } from '../services/notify';
import type { CellValue } from './report-rows';

export const CSV_FILE_NAME = 'report_data.csv';
export const XLSX_FILE_NAME = 'report_data.xlsx';
export const XLSX_SHEET_NAME = 'Report Data';

// docs/analyze.md §Messages export messages, verbatim.
export const NO_DATA_TO_COPY = 'No data available to copy.';
export const COPIED_TO_CLIPBOARD = 'Copied to clipboard!';
export const COPY_FAILED = 'Failed to copy to clipboard.';
export const EXPORT_FAILED = 'Failed to export data.';
/** docs/analyze.md §Rules and limits snackbar duration for 'Copied to clipboard!'. */
export const COPIED_DURATION_MS = 2000;
export const ERROR_DURATION_MS = 3000;

export const CSV_MIME = 'text/csv;charset=utf-8';
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const UTF8_BOM = '\uFEFF';

export {
  isFormulaLike,
  neutraliseText,
  neutraliseCell,
  safeMatrix,
  toCsv,
  toTsv,
  toSheetValues,
} from '../contracts/csv';
import { neutraliseText, plainText, toCsv, toTsv } from '../contracts/csv';

/** What an Excel export needs from exceljs: its Workbook class (the module loaded lazily, or in tests directly). */
export type WorkbookClass = typeof ExcelJS.Workbook;

/**
 * Text as an XLSX cell must hold it: XML reads a raw CR back as LF, so CR goes as the OOXML escape `_x000D_`, and
 * text that already looks like such an escape has its underscore escaped (`_x005F_`) so it reads back unchanged.
 */
export const xlsxText = (text: string) => text.replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1').replace(/\r/g, '_x000D_');

/** How an Excel column holds its values: calendar dates and timestamps as real dates, anything else as it is. */
export type SheetColumnKind = 'date' | 'timestamp' | 'value';

/** The kind of a column from the catalogue's data type (DATE, TIMESTAMP/DATETIME, anything else). */
export const sheetKindOf = (dataType: string | undefined): SheetColumnKind =>
  dataType === 'DATE' ? 'date' : dataType === 'TIMESTAMP' || dataType === 'DATETIME' ? 'timestamp' : 'value';

export const SHEET_DATE_FORMAT = 'yyyy-mm-dd';
export const SHEET_TIMESTAMP_FORMAT = 'yyyy-mm-dd hh:mm:ss';

const DATE_TEXT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(?:Z|UTC|\+00:?00)?$/;

/**
 * The instant a report's date or timestamp text names (`2024-03-01`, `2024-03-01 12:30:05Z`, ISO with `T`, a
 * BigQuery `… UTC`), read in UTC; null for anything else (another offset, an impossible day, free text).
 */
export function sheetDate(text: string): Date | null {
  const match = DATE_TEXT.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', sec = '0', fraction = '0'] = match;
  const date = new Date(
    Date.UTC(
      Number(y),
      Number(mo) - 1,
      Number(d),
      Number(h),
      Number(mi),
      Number(sec),
      Number(fraction.padEnd(3, '0').slice(0, 3)),
    ),
  );
  // Date.UTC rolls 2024-02-30 over into March: such text is no date.
  return date.getUTCDate() === Number(d) && date.getUTCMonth() === Number(mo) - 1 ? date : null;
}

/** A cell as exceljs writes it: dates of a date column as Dates, text neutralised, nulls blank. */
function sheetCell(cell: CellValue, kind: SheetColumnKind): ExcelJS.CellValue {
  if (cell === null) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (typeof cell !== 'string') return cell;
  if (kind !== 'value') {
    const date = sheetDate(cell);
    if (date) return date;
  }
  return xlsxText(neutraliseText(cell));
}

/**
 * Builds the Excel workbook of a matrix: one sheet 'Report Data', the header row bold and frozen, numbers as
 * numeric cells, booleans as booleans, dates of date columns (`kinds`, by column) as dates, nulls as blank cells,
 * text neutralised.
 */
export function buildWorkbook(
  Workbook: WorkbookClass,
  matrix: readonly (readonly CellValue[])[],
  kinds: readonly SheetColumnKind[] = [],
): ExcelJS.Workbook {
  const workbook = new Workbook();
  workbook.creator = 'Questboard';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(XLSX_SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  matrix.forEach((row, index) => {
    sheet.addRow(row.map((cell, column) => sheetCell(cell, index === 0 ? 'value' : (kinds[column] ?? 'value'))));
  });
  if (matrix.length) sheet.getRow(1).font = { bold: true };
  const width = matrix[0]?.length ?? 0;
  for (let index = 0; index < width; index++) {
    const longest = Math.max(...matrix.slice(0, 200).map((row) => plainText(row[index] ?? null).length));
    const column = sheet.getColumn(index + 1);
    column.width = Math.min(60, Math.max(12, longest + 2));
    const kind = kinds[index];
    if (kind === 'date' || kind === 'timestamp') {
      const numFmt = kind === 'date' ? SHEET_DATE_FORMAT : SHEET_TIMESTAMP_FORMAT;
      column.eachCell((cell, rowNumber) => {
        if (rowNumber > 1 && cell.value instanceof Date) cell.numFmt = numFmt;
      });
    }
  }
  return workbook;
}

/** Loads exceljs on demand (its own chunk, never in the main bundle) and returns its Workbook class. */
export async function loadWorkbookClass(): Promise<WorkbookClass> {
  const module: unknown = await import('exceljs');
  const candidates = [module, (module as { default?: unknown }).default];
  for (const candidate of candidates) {
    const workbook = (candidate as { Workbook?: unknown } | undefined)?.Workbook;
    if (typeof workbook === 'function') return workbook as WorkbookClass;
  }
  throw new Error('exceljs did not load');
}

/** The XLSX file of a matrix as bytes. */
export async function toXlsxBytes(
  matrix: readonly (readonly CellValue[])[],
  Workbook?: WorkbookClass,
  kinds: readonly SheetColumnKind[] = [],
): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = buildWorkbook(Workbook ?? (await loadWorkbookClass()), matrix, kinds);
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer);
}

/** Offers a file to the browser's download (an object URL on a temporary link, revoked afterwards). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Side effects of the export actions, replaceable in tests. */
export interface ExportEffects {
  download(blob: Blob, fileName: string): void;
  notify(message: string, kind: 'success' | 'error' | 'info' | 'warning', durationMs: number): void;
  alert(message: string): void;
  writeClipboard(text: string): Promise<void>;
}

/** Copies text with the async clipboard API, or the selection fallback where that API is missing (plain http). */
async function writeClipboard(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

export const browserEffects: ExportEffects = {
  download: downloadBlob,
  notify: (message, kind, durationMs) => void notify(message, kind, durationMs),
  alert: (message) => window.alert(message),
  writeClipboard,
};

/** Downloads `report_data.csv`; 'Failed to export data.' when that fails. Returns whether it succeeded. */
export async function exportCsv(
  matrix: readonly (readonly CellValue[])[],
  effects: ExportEffects = browserEffects,
): Promise<boolean> {
  try {
    effects.download(new Blob([UTF8_BOM + toCsv(matrix)], { type: CSV_MIME }), CSV_FILE_NAME);
    return true;
  } catch {
    effects.notify(EXPORT_FAILED, 'error', ERROR_DURATION_MS);
    return false;
  }
}

/** Downloads `report_data.xlsx` (loading exceljs first); 'Failed to export data.' when that fails. */
export async function exportExcel(
  matrix: readonly (readonly CellValue[])[],
  effects: ExportEffects = browserEffects,
  Workbook?: WorkbookClass,
  kinds: readonly SheetColumnKind[] = [],
): Promise<boolean> {
  try {
    const bytes = await toXlsxBytes(matrix, Workbook, kinds);
    effects.download(new Blob([bytes], { type: XLSX_MIME }), XLSX_FILE_NAME);
    return true;
  } catch {
    effects.notify(EXPORT_FAILED, 'error', ERROR_DURATION_MS);
    return false;
  }
}

/**
 * Copies the matrix as tab-separated text. With no data rows (only a header, or nothing) the user is alerted
 * 'No data available to copy.'; then 'Copied to clipboard!' for 2 s, or 'Failed to copy to clipboard.'.
 */
export async function copyToClipboard(
  matrix: readonly (readonly CellValue[])[],
  effects: ExportEffects = browserEffects,
): Promise<boolean> {
  if (matrix.length < 2) {
    effects.alert(NO_DATA_TO_COPY);
    return false;
  }
  try {
    await effects.writeClipboard(toTsv(matrix));
    effects.notify(COPIED_TO_CLIPBOARD, 'success', COPIED_DURATION_MS);
    return true;
  } catch {
    effects.notify(COPY_FAILED, 'error', ERROR_DURATION_MS);
    return false;
  }
}
