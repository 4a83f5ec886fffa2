/**
 * A funnel step's drop-off as a CSV of player ids (docs/analyze.md §Funnels), through the report exports' writer
 * (src/lib/exports.ts): every id neutralised against formula injection, RFC 4180 quoted, with a BOM.
 */
import { CSV_MIME, UTF8_BOM, downloadBlob, toCsv } from './exports';

export const DROPOFF_CSV_HEADER = 'user_pseudo_id';
export const dropoffFileName = (step: number) => `funnel_dropoff_step_${step}.csv`;

/** The CSV text, BOM first. */
export function dropoffCsv(ids: readonly string[]): string {
  return UTF8_BOM + toCsv([[DROPOFF_CSV_HEADER], ...ids.map((id) => [id])]);
}

export function downloadDropoffCsv(ids: readonly string[], step: number): void {
  downloadBlob(new Blob([dropoffCsv(ids)], { type: CSV_MIME }), dropoffFileName(step));
}
