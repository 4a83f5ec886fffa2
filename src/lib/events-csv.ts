/**
 * The Adjust tab's events.csv download (docs/postbacks.md §API endpoints client-side events.csv, §Rules and limits file name events.csv): nested event objects
 * flattened with dotted keys (`revenue.type`), the columns in the order they first appear, every field quoted, every
 * text cell neutralised against formula injection like the report exports (src/lib/exports.ts), records ending with
 * CRLF, the file starting with a UTF-8 BOM. The Adjust upload reads the dotted columns back (ADJUST_CSV_ALIASES).
 */
import { EVENTS_DOWNLOAD_FILENAME } from '../contracts/integrations';
import { CSV_MIME, UTF8_BOM, downloadBlob, neutraliseText } from './exports';

type Scalar = string | number | boolean | null;
type Nested = { readonly [key: string]: Scalar | undefined | Nested | readonly Scalar[] };

/** `{a: {b: 1}, c: 'x'}` → `{'a.b': 1, c: 'x'}`; arrays are joined with '; ', undefined left out. */
export function flatten(value: Nested, prefix = ''): Record<string, Scalar> {
  const out: Record<string, Scalar> = {};
  for (const [key, child] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (child === undefined) continue;
    if (Array.isArray(child)) out[name] = child.map((c) => (c === null ? '' : String(c))).join('; ');
    else if (child !== null && typeof child === 'object') Object.assign(out, flatten(child as Nested, name));
    else out[name] = child as Scalar;
  }
  return out;
}

const field = (cell: Scalar | undefined) => {
  const text =
    cell === null || cell === undefined ? '' : typeof cell === 'string' ? neutraliseText(cell) : String(cell);
  return `"${text.replace(/"/g, '""')}"`;
};

/** The CSV text (without the BOM) of a list of nested objects. */
export function eventsCsv(events: readonly Nested[]): string {
  const rows = events.map((event) => flatten(event));
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  return (
    [columns.map(field).join(','), ...rows.map((row) => columns.map((column) => field(row[column])).join(','))].join(
      '\r\n',
    ) + '\r\n'
  );
}

/** Offers the events as events.csv to the browser's download. */
export function downloadEventsCsv(events: readonly Nested[]): void {
  downloadBlob(new Blob([UTF8_BOM, eventsCsv(events)], { type: CSV_MIME }), EVENTS_DOWNLOAD_FILENAME);
}
