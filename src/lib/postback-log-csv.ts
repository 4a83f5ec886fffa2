/**
 * The postback log's CSV download (docs/postbacks.md §Postback log): one record per postback, through the report
 * exports' writer (src/lib/exports.ts), so every text cell is neutralised against formula injection, fields are
 * RFC 4180 quoted and the file starts with a BOM.
 */
import { POSTBACK_LOG_CSV_FILE_NAME, POSTBACK_LOG_CSV_HEADER, type PostbackLogRow } from '../contracts/postbacks';
import { CSV_MIME, UTF8_BOM, downloadBlob, toCsv } from './exports';
import type { CellValue } from './report-rows';

/** The CSV text (without the BOM). */
export function postbackLogCsv(entries: readonly PostbackLogRow[]): string {
  const rows: CellValue[][] = [[...POSTBACK_LOG_CSV_HEADER]];
  for (const entry of entries)
    rows.push([
      new Date(entry.receivedAt).toISOString(),
      entry.eventName,
      entry.outcome,
      entry.reasonCode,
      entry.reason,
      entry.advertisingId,
    ]);
  return toCsv(rows);
}

/** Offers the entries as postbacks.csv to the browser's download. */
export function downloadPostbackLogCsv(entries: readonly PostbackLogRow[]): void {
  downloadBlob(new Blob([UTF8_BOM + postbackLogCsv(entries)], { type: CSV_MIME }), POSTBACK_LOG_CSV_FILE_NAME);
}
