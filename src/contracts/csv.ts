/**
 * The formula-safe CSV, TSV and sheet writers of report results (the rules: src/lib/exports.ts's header, docs/analyze.md
 * §API endpoints "Local export"). Pure, so the SPA's exports and the server's digest attachments
 * (docs/notifications.md §Subscriptions) write the same bytes.
 */
import type { CellValue } from './report-rows';

const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);
const PLAIN_NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** True when a spreadsheet could read this text as (the start of) a formula. */
export function isFormulaLike(text: string): boolean {
  return text.length > 0 && FORMULA_TRIGGERS.has(text[0]!) && !PLAIN_NUMBER.test(text);
}

/** The text with a leading single quote when it could start a formula; other text unchanged. */
export function neutraliseText(text: string): string {
  return isFormulaLike(text) ? `'${text}` : text;
}

/** A cell made safe to write: text neutralised; numbers, booleans and nulls unchanged. */
export function neutraliseCell(cell: CellValue): CellValue {
  return typeof cell === 'string' ? neutraliseText(cell) : cell;
}

/** Every cell of a matrix (header row included) made safe to write. */
export function safeMatrix(matrix: readonly (readonly CellValue[])[]): CellValue[][] {
  return matrix.map((row) => row.map(neutraliseCell));
}

/** A neutralised cell as text: nulls and non-finite numbers empty. */
export function plainText(cell: CellValue): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return typeof cell === 'string' ? neutraliseText(cell) : String(cell);
}

function quoted(text: string, special: RegExp): string {
  return special.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV of a matrix (header row first), every text cell neutralised, records ending with CRLF. */
export function toCsv(matrix: readonly (readonly CellValue[])[]): string {
  return (
    matrix.map((row) => row.map((cell) => quoted(plainText(cell), /[",\r\n]/)).join(',')).join('\r\n') +
    (matrix.length ? '\r\n' : '')
  );
}

/** Tab-separated text of a matrix for the clipboard, every text cell neutralised. */
export function toTsv(matrix: readonly (readonly CellValue[])[]): string {
  return matrix.map((row) => row.map((cell) => quoted(plainText(cell), /["\t\r\n]/)).join('\t')).join('\n');
}

/** The values to send to Google Sheets (RAW input): neutralised text, numbers and booleans as they are, nulls as ''. */
export function toSheetValues(matrix: readonly (readonly CellValue[])[]): (string | number | boolean)[][] {
  return matrix.map((row) =>
    row.map((cell) => {
      if (cell === null) return '';
      if (typeof cell === 'number') return Number.isFinite(cell) ? cell : '';
      return typeof cell === 'string' ? neutraliseText(cell) : cell;
    }),
  );
}
