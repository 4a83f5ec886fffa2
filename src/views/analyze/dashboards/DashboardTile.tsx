/**
 * One dashboard tile (docs/analyze.md §Dashboards): its own query (src/services/dashboard-tiles.service.ts), so its loading,
 * error and empty states are its own and one slow or failing tile never blanks the others; its chart or table; a link
 * into its builder; in edit mode a move handle (arrow keys move, Shift + arrow keys resize) and size and remove
 * buttons that change the same layout the mouse does.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { Link } from 'wouter';
import { BUILT_IN_TILES, type BuiltInTile, type DashboardFilters, type Tile } from '../../../contracts/dashboards';
import { cellValue } from '../../../contracts/analyze';
import { href } from '../../../paths';
import { useTileResult, type TileResult } from '../../../services/dashboards.queries';
import { returnsLines } from '../../acquire/returns-text';
import { LazyReportChart } from '../results/LazyReportChart';
import { formatCell } from '../results/result-columns';

/** One grid row and the gap between tiles, in px: a tile of h rows is h × ROW_HEIGHT − GAP high. */
export const ROW_HEIGHT = 56;
export const GAP = 12;
export const tileHeight = (rows: number) => rows * ROW_HEIGHT - GAP;
/** What a tile's own header, the chart's header and legend take from its height. */
const CHART_CHROME = 190;

const FALLBACK_TITLE: Record<Tile['kind'], string> = {
  report: 'Report',
  cohort: 'Cohort table',
  funnel: 'Funnel',
  metric: 'Metric',
};

/** Where a tile's "Open" link goes: its builder (a built-in metric: a new report; the returns: the quests). */
export function builderPath(tile: Tile): string {
  const id = encodeURIComponent(tile.ref);
  if (tile.kind === 'report') return `analyze/report/${id}`;
  if (tile.kind === 'cohort') return `analyze/cohorts/${id}`;
  if (tile.kind === 'funnel') return `analyze/funnels/${id}`;
  return tile.ref === 'quest_returns' ? 'acquire/quests' : 'analyze/new';
}

export interface TileControls {
  move(dx: number, dy: number): void;
  resize(dw: number, dh: number): void;
  remove(): void;
}

const cellClass = 'px-2 py-1 text-right tabular-nums';
const headClass = 'px-2 py-1 text-left text-xs font-semibold text-slate-700';

function SmallTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <div className="min-h-0 flex-1 overflow-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-sm text-slate-800">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-white">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className={headClass}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i} className="border-t border-slate-100">
              {cells.map((c, j) =>
                j === 0 ? (
                  <th key={j} scope="row" className="min-w-28 px-2 py-1 text-left font-medium">
                    {c}
                  </th>
                ) : (
                  <td key={j} className={cellClass}>
                    {c}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const pct = (share: number | null) => (share === null ? '—' : `${(share * 100).toFixed(1)}%`);

function TileBody({ result, height }: { result: TileResult; height: number }) {
  if (result.type === 'rows') {
    if (result.rows.length === 0) return <p className="text-sm text-slate-600">No data for these dates.</p>;
    const [first] = result.columns;
    if (first?.id === 'date' && result.rows.length > 1)
      return (
        <LazyReportChart
          rows={result.rows}
          columns={result.columns}
          height={Math.max(120, height - CHART_CHROME)}
          label={`${result.title} chart`}
        />
      );
    return (
      <SmallTable
        caption={result.title}
        head={result.columns.map((c) => c.label)}
        rows={result.rows.map((row) =>
          result.columns.map((c) => {
            const value = cellValue(row[c.id] as never);
            return formatCell(c, value);
          }),
        )}
      />
    );
  }
  if (result.type === 'cohorts') {
    const group = result.result.groups[0];
    if (!group || group.cohorts.length === 0)
      return <p className="text-sm text-slate-600">No installs in these dates.</p>;
    const periods = Array.from({ length: result.result.periods + 1 }, (_, i) => i).slice(0, 8);
    return (
      <SmallTable
        caption={result.title}
        head={['Cohort', 'Users', ...periods.map((p) => `${result.result.grain[0]!.toUpperCase()}${p}`)]}
        rows={[
          ['Weighted average', group.average.size, ...periods.map((p) => pct(group.average.share[p] ?? null))],
          ...group.cohorts.map((c) => [c.cohort, c.size, ...periods.map((p) => pct(c.share[p] ?? null))]),
        ]}
      />
    );
  }
  if (result.type === 'funnel') {
    const steps = result.result.total.steps;
    if (steps.length === 0 || steps[0]!.players === 0)
      return <p className="text-sm text-slate-600">No players entered this funnel in these dates.</p>;
    return (
      <>
        {result.platformIgnored && (
          <p className="mb-1 text-xs text-slate-600">
            Funnels count every platform: the platform filter does not apply.
          </p>
        )}
        <SmallTable
          caption={result.title}
          head={['Step', 'Players', 'Of first step']}
          rows={steps.map((s) => [s.event_name, s.players, pct(s.from_first)])}
        />
      </>
    );
  }
  if (result.quests.length === 0) return <p className="text-sm text-slate-600">No quests yet.</p>;
  const head = ['Quest', ...returnsLines(result.quests[0]!.returns).map((l) => l.label)];
  return (
    <SmallTable
      caption={result.title}
      head={head}
      rows={result.quests.map((q) => [q.name, ...returnsLines(q.returns).map((l) => l.text)])}
    />
  );
}

export function DashboardTile({
  workspaceId,
  appId,
  tile,
  filters,
  editing,
  controls,
}: {
  workspaceId: string;
  appId: string;
  tile: Tile;
  filters: DashboardFilters;
  editing: boolean;
  controls: TileControls;
}) {
  const query = useTileResult(appId, tile, filters);
  const title =
    query.data?.title ??
    (tile.kind === 'metric' ? (BUILT_IN_TILES[tile.ref as BuiltInTile]?.title ?? tile.ref) : FALLBACK_TITLE[tile.kind]);
  const height = tileHeight(tile.h);
  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const steps: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const step = steps[e.key];
    if (!step) return;
    e.preventDefault();
    if (e.shiftKey) controls.resize(step[0], step[1]);
    else controls.move(step[0], step[1]);
  };
  const small = 'rounded px-1.5 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50';
  return (
    <article
      aria-label={title}
      className="flex h-full min-w-0 flex-1 flex-col overflow-hidden rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200"
    >
      <header className="flex flex-wrap items-center gap-2">
        {editing && (
          <button
            type="button"
            className="tile-drag cursor-move rounded px-1.5 py-0.5 text-xs font-semibold text-indigo-700 ring-1 ring-indigo-300"
            aria-label={`Move ${title}`}
            aria-describedby="dashboard-keyboard-help"
            onKeyDown={onKey}
          >
            ⠿ Move
          </button>
        )}
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900" title={title}>
          {title}
        </h2>
        <Link
          href={href.app(workspaceId, appId, builderPath(tile))}
          className="text-xs font-medium text-indigo-700 underline"
        >
          Open<span className="sr-only"> {title} in its builder</span>
        </Link>
      </header>
      {editing && (
        <div className="mt-1 flex flex-wrap gap-1" role="group" aria-label={`Size of ${title}`}>
          <button type="button" className={small} onClick={() => controls.resize(-1, 0)}>
            Narrower
          </button>
          <button type="button" className={small} onClick={() => controls.resize(1, 0)}>
            Wider
          </button>
          <button type="button" className={small} onClick={() => controls.resize(0, -1)}>
            Shorter
          </button>
          <button type="button" className={small} onClick={() => controls.resize(0, 1)}>
            Taller
          </button>
          <button
            type="button"
            className="rounded px-1.5 py-0.5 text-xs font-medium text-rose-700 ring-1 ring-rose-300 hover:bg-rose-50"
            onClick={() => controls.remove()}
          >
            Remove<span className="sr-only"> {title}</span>
          </button>
        </div>
      )}
      <div className="mt-2 flex min-h-0 flex-1 flex-col overflow-hidden" aria-busy={query.isPending || undefined}>
        {query.isPending && (
          <div role="status" className="h-full min-h-16 w-full animate-pulse rounded-xl bg-slate-100">
            <span className="sr-only">Loading {title}</span>
          </div>
        )}
        {query.isError && (
          <div role="alert" className="rounded-lg bg-rose-50 p-2 text-sm text-rose-800 ring-1 ring-rose-200">
            <p>
              {query.error instanceof Error && query.error.message
                ? query.error.message
                : 'This tile could not be loaded.'}
            </p>
            <button type="button" className="mt-1 font-semibold underline" onClick={() => void query.refetch()}>
              Try again<span className="sr-only"> to load {title}</span>
            </button>
          </div>
        )}
        {query.data && <TileBody result={query.data} height={height} />}
      </div>
    </article>
  );
}
