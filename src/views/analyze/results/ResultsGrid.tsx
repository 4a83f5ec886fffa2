/**
 * Results grid of a report (docs/analyze.md §Screens and routes Report builder, §Rules and limits results grid): TanStack Table v9 with client-side sorting
 * and pagination. Page size 20 (options 20, 40, 60, 80, 100), columns at least 250 px wide, single-value cell
 * objects unwrapped, nulls sorted first ascending / last descending and shown as `null` (src/lib/report-rows).
 * Headers show the metric's label with its column id under it (the name exports use), sort on click or Enter/Space
 * (none → ascending → descending → none) and expose aria-sort. Ratio columns print as percents (result-columns.ts);
 * sorting and the cell's tooltip use the raw value. The total row count is shown, and a notice when the result
 * reached the report's limit (more rows may exist).
 */
import { useMemo } from 'react';
import {
  createColumnHelper,
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type SortFn,
} from '@tanstack/react-table';
import {
  compareCells,
  NULL_TEXT,
  unwrapRows,
  type CellValue,
  type PlainRow,
  type ResultRow,
} from '../../../lib/report-rows';
import { formatCell, hasOwnLabel, type ResultColumn } from './result-columns';

export const PAGE_SIZE = 20;
export const PAGE_SIZE_OPTIONS = [20, 40, 60, 80, 100] as const;
export const COLUMN_MIN_WIDTH = 250;

const features = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
});
type Features = typeof features;

const column = createColumnHelper<Features, PlainRow>();

const sortCells: SortFn<Features, PlainRow> = (a, b, columnId) =>
  compareCells(a.getValue(columnId), b.getValue(columnId));

const countFormat = new Intl.NumberFormat('en-US');

function CellContent({ column, value }: { column: ResultColumn; value: CellValue }) {
  if (value === null) return <span className="text-slate-600 italic">{NULL_TEXT}</span>;
  return <span title={typeof value === 'number' ? String(value) : undefined}>{formatCell(column, value)}</span>;
}

export interface ResultsGridProps {
  /** Result rows as they arrive (cells may be single-value objects). */
  rows: ResultRow[];
  /** The columns in display order (group-by first, then metrics). */
  columns: readonly ResultColumn[];
  /** The report's row limit; a result with this many rows shows the limit notice. */
  limit?: number;
  /** Whether the result (before a pivot folded its rows) reached the limit; by default this grid's rows are counted. */
  reachedLimit?: boolean;
}

export function ResultsGrid({ rows, columns, limit, reachedLimit: reached }: ResultsGridProps) {
  const ids = useMemo(() => columns.map((c) => c.id), [columns]);
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const data = useMemo(() => unwrapRows(rows, ids), [rows, ids]);
  const columnDefs = useMemo(
    () =>
      column.columns(
        columns.map((meta) =>
          column.accessor((row: PlainRow): CellValue => row[meta.id] ?? null, {
            id: meta.id,
            header: meta.label,
            sortFn: sortCells,
            cell: (context) => <CellContent column={meta} value={context.getValue()} />,
          }),
        ),
      ),
    [columns],
  );
  const table = useTable({
    features,
    columns: columnDefs,
    data,
    sortDescFirst: false,
    initialState: { pagination: { pageIndex: 0, pageSize: PAGE_SIZE }, sorting: [] },
  });

  const total = data.length;
  const { pageIndex, pageSize } = table.state.pagination;
  const pageCount = Math.max(1, table.getPageCount());
  const from = total === 0 ? 0 : pageIndex * pageSize + 1;
  const to = Math.min(total, (pageIndex + 1) * pageSize);
  const numericColumns = useMemo(
    () => new Set(ids.filter((name) => data.some((row) => typeof row[name] === 'number'))),
    [ids, data],
  );
  const reachedLimit = reached ?? (limit !== undefined && limit > 0 && total >= limit);

  return (
    <section aria-label="Report results" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <p className="text-sm font-medium text-slate-700" data-testid="row-count">
          {countFormat.format(total)} {total === 1 ? 'row' : 'rows'}
        </p>
        {reachedLimit && (
          <p role="note" className="rounded-md bg-amber-50 px-2.5 py-1 text-xs text-amber-800 ring-1 ring-amber-200">
            This result reached the limit of {countFormat.format(limit ?? total)} rows, so there may be more. Raise the
            limit or add conditions to see the rest.
          </p>
        )}
      </div>

      <div className="max-h-[80vh] overflow-auto">
        <table className="min-w-full border-separate border-spacing-0 text-sm">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const numeric = numericColumns.has(header.column.id);
                  const meta = byId.get(header.column.id) ?? { id: header.column.id, label: header.column.id };
                  const labelled = hasOwnLabel(meta);
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      data-column-id={meta.id}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                      style={{ minWidth: COLUMN_MIN_WIDTH }}
                      className="sticky top-0 z-10 border-b border-slate-200 bg-slate-50 p-0 text-left font-semibold text-slate-700"
                    >
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        className={`flex w-full items-center gap-1.5 px-4 py-2 hover:bg-slate-100 ${numeric ? 'justify-end text-right' : 'text-left'}`}
                        title={`Sort by ${labelled ? `${meta.label} (${meta.id})` : meta.label}`}
                      >
                        <span className={`flex min-w-0 flex-col ${numeric ? 'items-end' : 'items-start'}`}>
                          <span className="max-w-full truncate">
                            <table.FlexRender header={header} />
                          </span>
                          {labelled && (
                            <span className="max-w-full truncate font-mono text-xs font-normal text-slate-600">
                              {meta.id}
                            </span>
                          )}
                        </span>
                        <SortIcon direction={sorted} />
                      </button>
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="even:bg-slate-50/60 hover:bg-indigo-50/50">
                {row.getAllCells().map((cell) => (
                  <td
                    key={cell.id}
                    style={{ minWidth: COLUMN_MIN_WIDTH }}
                    className={`border-b border-slate-100 px-4 py-2 whitespace-nowrap text-slate-800 ${numericColumns.has(cell.column.id) ? 'text-right tabular-nums' : ''}`}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <nav
        aria-label="Result pages"
        className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-700"
      >
        <label className="flex items-center gap-2">
          <span>Rows per page</span>
          <select
            value={pageSize}
            onChange={(event) => table.setPageSize(Number(event.target.value))}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          >
            {PAGE_SIZE_OPTIONS.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <span className="tabular-nums" aria-live="polite">
          {countFormat.format(from)}–{countFormat.format(to)} of {countFormat.format(total)}
        </span>
        <div className="flex items-center gap-1">
          <PageButton label="First page" onClick={() => table.firstPage()} disabled={!table.getCanPreviousPage()}>
            «
          </PageButton>
          <PageButton label="Previous page" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
            ‹
          </PageButton>
          <span className="px-2 tabular-nums">
            Page {pageIndex + 1} of {pageCount}
          </span>
          <PageButton label="Next page" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
            ›
          </PageButton>
          <PageButton label="Last page" onClick={() => table.lastPage()} disabled={!table.getCanNextPage()}>
            »
          </PageButton>
        </div>
      </nav>
    </section>
  );
}

function PageButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className="inline-flex size-8 items-center justify-center rounded-md text-base text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300 disabled:ring-slate-200"
    >
      {children}
    </button>
  );
}

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 12 16"
      className={`size-3 shrink-0 ${direction ? 'text-indigo-600' : 'text-slate-300'}`}
    >
      <path d="M6 1 10 6H2z" fill="currentColor" opacity={direction === 'desc' ? 0.25 : 1} />
      <path d="M6 15 2 10h8z" fill="currentColor" opacity={direction === 'asc' ? 0.25 : 1} />
    </svg>
  );
}
