/**
 * The activity log's CSV download (docs/activity.md §CSV): one record per changed field (an entry with three changes
 * is three records, its other columns repeated), through the report exports' writer (src/lib/exports.ts), so every
 * text cell is neutralised against formula injection, fields are RFC 4180 quoted and the file starts with a BOM.
 */
import { ACTIVITY_CSV_FILE_NAME, ACTIVITY_CSV_HEADER, type ActivityEntry } from '../contracts/activity';
import { CSV_MIME, UTF8_BOM, downloadBlob, toCsv } from './exports';
import type { CellValue } from './report-rows';

/** The CSV text (without the BOM); `appName` turns an app id into its name. */
export function activityCsv(
  entries: readonly ActivityEntry[],
  appName: (appId: string) => string = (id) => id,
): string {
  const rows: CellValue[][] = [[...ACTIVITY_CSV_HEADER]];
  for (const entry of entries) {
    const base: CellValue[] = [
      entry.at.replace('T', ' ').replace(/\.\d+Z$/, ''),
      entry.actor.name,
      entry.area,
      entry.verb,
      entry.object.type,
      entry.object.name,
      entry.appId ? appName(entry.appId) : '',
    ];
    if (entry.changes.length === 0) rows.push([...base, '', '', '']);
    for (const change of entry.changes) rows.push([...base, change.field, change.before, change.after]);
  }
  return toCsv(rows);
}

/** Offers the entries as activity.csv to the browser's download. */
export function downloadActivityCsv(entries: readonly ActivityEntry[], appName?: (appId: string) => string): void {
  downloadBlob(new Blob([UTF8_BOM + activityCsv(entries, appName)], { type: CSV_MIME }), ACTIVITY_CSV_FILE_NAME);
}
