/**
 * The one data table of the views (team members, API keys, catalogue items, invoices and credits, saved reports,
 * quests): columns given as data, an optional row actions column whose header is named for screen readers only, an
 * optional footer and an optional pager ("Rows per page", ‹ "Page n of m" ›, backed by TanStack Table's row pagination,
 * so the page goes back to the first when the rows change). Each page passes its caption or region label, and may
 * override the base classes so its look is its own; the markup (scopes, captions, labels) is the same everywhere.
 * docs/architecture.md §Views: selectors' actions and the Table.
 */
import type { ReactNode } from 'react';
import { createPaginatedRowModel, rowPaginationFeature, tableFeatures, useTable } from '@tanstack/react-table';
import { Button } from './Button';
import { ScrollRegion } from './ScrollRegion';

export interface TableColumn<Row> {
  /** The header's text (also the column's name for screen readers). */
  header: ReactNode;
  cell(row: Row): ReactNode;
  /** Classes added to the base classes of this column's header cell and body cells. */
  headerClassName?: string;
  className?: string;
  /** The cell names its row (`<th scope="row">`). */
  rowHeader?: boolean;
  /** The body cell's tooltip (the whole text of a cut-off cell). */
  title?(row: Row): string | undefined;
}

export interface TableRowActions<Row> {
  cell(row: Row): ReactNode;
  /** The header's screen-reader-only name (default 'Actions'). */
  label?: string;
  headerClassName?: string;
  className?: string;
}

export interface TablePagination {
  /** The pager's accessible name ('Quest pages'). */
  label: string;
  pageSize: number;
  pageSizes: readonly number[];
}

/** How the table sits on the page: a card that scrolls sideways, a labelled focusable region, a ScrollRegion, or bare. */
export type TableFrame = { card: true } | { region: string } | { scroll: string } | { bare: true };

export interface TableClasses {
  table?: string;
  head?: string;
  headerCell?: string;
  body?: string;
  row?: string;
  cell?: string;
}

export interface TableProps<Row> {
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly TableColumn<Row>[];
  frame: TableFrame;
  /** A caption read by screen readers only. */
  caption?: string;
  rowActions?: TableRowActions<Row> | null;
  /** Attributes of a row's <tr> (data-* hooks). */
  rowAttributes?: (row: Row) => Record<`data-${string}`, string>;
  /** Rows shown before the data (a loading skeleton). */
  placeholder?: ReactNode;
  /** The <tfoot> rows (totals). */
  footer?: ReactNode;
  pagination?: TablePagination;
  classes?: TableClasses;
}

const BASE: Required<TableClasses> = {
  table: 'w-full text-left text-sm',
  head: 'bg-slate-50 text-xs uppercase tracking-wide text-slate-600',
  headerCell: 'px-4 py-3 font-semibold',
  body: 'divide-y divide-slate-100',
  row: '',
  cell: 'px-4 py-3',
};

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');

export function Table<Row extends object>(props: TableProps<Row>) {
  return props.pagination ? (
    <PagedTable {...props} pagination={props.pagination} />
  ) : (
    <Framed {...props} shown={props.rows} />
  );
}

function Framed<Row>(props: TableProps<Row> & { shown: readonly Row[] }) {
  const { frame } = props;
  const grid = <Grid {...props} />;
  if ('card' in frame)
    return <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">{grid}</div>;
  if ('region' in frame) {
    return (
      <div
        role="region"
        aria-label={frame.region}
        tabIndex={0}
        className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        {grid}
      </div>
    );
  }
  if ('scroll' in frame) return <ScrollRegion label={frame.scroll}>{grid}</ScrollRegion>;
  return grid;
}

function Grid<Row>({
  shown,
  rowKey,
  columns,
  caption,
  rowActions,
  rowAttributes,
  placeholder,
  footer,
  classes,
}: TableProps<Row> & { shown: readonly Row[] }) {
  const c = { ...BASE, ...classes };
  return (
    <table className={c.table}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead className={c.head || undefined}>
        <tr>
          {columns.map((column, i) => (
            <th key={i} scope="col" className={join(c.headerCell, column.headerClassName)}>
              {column.header}
            </th>
          ))}
          {rowActions && (
            <th scope="col" className={join(c.headerCell, rowActions.headerClassName)}>
              <span className="sr-only">{rowActions.label ?? 'Actions'}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody className={c.body || undefined}>
        {placeholder}
        {shown.map((row) => (
          <tr key={rowKey(row)} className={c.row || undefined} {...rowAttributes?.(row)}>
            {columns.map((column, i) =>
              column.rowHeader ? (
                <th key={i} scope="row" className={join(c.cell, column.className)} title={column.title?.(row)}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={i} className={join(c.cell, column.className)} title={column.title?.(row)}>
                  {column.cell(row)}
                </td>
              ),
            )}
            {rowActions && <td className={join(c.cell, rowActions.className)}>{rowActions.cell(row)}</td>}
          </tr>
        ))}
      </tbody>
      {footer && <tfoot>{footer}</tfoot>}
    </table>
  );
}

const features = tableFeatures({ rowPaginationFeature, paginatedRowModel: createPaginatedRowModel() });

function PagedTable<Row extends object>(props: TableProps<Row> & { pagination: TablePagination }) {
  const { rows, pagination } = props;
  // TanStack keeps the page, and goes back to the first one when `rows` changes (pass them memoized).
  const table = useTable({
    features,
    columns: [],
    data: rows as Row[],
    initialState: { pagination: { pageIndex: 0, pageSize: pagination.pageSize } },
  });
  const { pageIndex, pageSize } = table.state.pagination;
  return (
    <>
      <Framed {...props} shown={table.getRowModel().rows.map((row) => row.original)} />
      <nav
        aria-label={pagination.label}
        className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-700"
      >
        <label className="flex items-center gap-2">
          <span>Rows per page</span>
          <select
            value={pageSize}
            onChange={(e) => table.setPageSize(Number(e.target.value))}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          >
            {pagination.pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            aria-label="Previous page"
            onClick={() => table.previousPage()}
            disabled={!table.getCanPreviousPage()}
          >
            ‹
          </Button>
          <span className="tabular-nums">
            Page {pageIndex + 1} of {Math.max(1, table.getPageCount())}
          </span>
          <Button
            variant="secondary"
            aria-label="Next page"
            onClick={() => table.nextPage()}
            disabled={!table.getCanNextPage()}
          >
            ›
          </Button>
        </div>
      </nav>
    </>
  );
}
