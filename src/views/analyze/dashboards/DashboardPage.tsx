/**
 * /analyze/dashboards/{dashboardId} and /analyze/dashboards/new (docs/analyze.md §Dashboards): the tiles on a
 * 12-column grid (react-grid-layout; stacked one under the other on narrow screens), the dashboard-wide date range
 * and platform, and for editors and admins the edit mode — add (dialog), remove, move and resize with the mouse or the
 * keyboard (announced politely), rename, save or cancel, delete. A thin view over the dashboard machine; loaded on
 * demand (routes.ts), so neither the grid nor the charts weigh on the first screens.
 */
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation, useParams } from 'wouter';
import { GridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import {
  BUILT_IN_TILES,
  DASHBOARD_NAME_MAX,
  PLATFORM_LABELS,
  type BuiltInTile,
  type DashboardFilters,
  type DashboardPlatform,
  type Tile,
  type TileKind,
} from '../../../contracts/dashboards';
import { dashboardFlow, dashboardKey } from '../../../machines/dashboard/dashboard.actors';
import * as sel from '../../../machines/dashboard/dashboard.selectors';
import { useTemplates } from '../../../services/analyze.queries';
import { useSavedCohorts } from '../../../services/cohorts.queries';
import { useSavedFunnels } from '../../../services/funnels.queries';
import { href } from '../../../paths';
import { useCurrentWorkspace } from '../../workspace/useCurrentWorkspace';
import { useFlowActor } from '../../flows/useFlowActor';
import { useActions } from '../../flows/useActions';
import { SubscribeButton } from '../../notifications/SubscribeDialog';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Modal } from '../../ui/Modal';
import { PageSpinner } from '../../ui/Spinner';
import { EmptyState } from '../../ui/EmptyState';
import { bypassLeaveGuard, useLeaveGuard } from '../useLeaveGuard';
import { DashboardTile, GAP, ROW_HEIGHT, tileHeight } from './DashboardTile';
import { preloadReportChart } from '../results/LazyReportChart';

/** Below this width the tiles stack (no sideways scroll at 700 px). */
const STACK_BELOW = 720;

export default function DashboardPage() {
  const {
    workspaceId = '',
    appId = '',
    dashboardId = '',
  } = useParams<{
    workspaceId?: string;
    appId?: string;
    dashboardId?: string;
  }>();
  const id = dashboardId === 'new' || dashboardId === '' ? null : dashboardId;
  useEffect(preloadReportChart, []);
  return <Dashboard key={`${appId}:${id ?? 'new'}`} workspaceId={workspaceId} appId={appId} dashboardId={id} />;
}

function Filters({ filters, onChange }: { filters: DashboardFilters; onChange: (filters: DashboardFilters) => void }) {
  const ids = { from: useId(), to: useId(), platform: useId() };
  const [from, setFrom] = useState(filters.date_range?.date_start ?? '');
  const [to, setTo] = useState(filters.date_range?.date_end ?? '');
  const problem = from && to && from > to ? 'The first day must not be after the last.' : null;
  const applyRange = (start: string, end: string) => {
    setFrom(start);
    setTo(end);
    if (!start && !end) onChange({ ...filters, date_range: null });
    else if (start && end && start <= end) onChange({ ...filters, date_range: { date_start: start, date_end: end } });
  };
  const input = 'rounded-lg border border-slate-300 px-2 py-1.5 text-sm';
  return (
    <form
      aria-label="Dashboard filters"
      onSubmit={(e) => e.preventDefault()}
      className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.from} className="text-xs font-semibold text-slate-700">
          From
        </label>
        <input
          id={ids.from}
          type="date"
          className={input}
          value={from}
          onChange={(e) => applyRange(e.target.value, to)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.to} className="text-xs font-semibold text-slate-700">
          To
        </label>
        <input
          id={ids.to}
          type="date"
          className={input}
          value={to}
          onChange={(e) => applyRange(from, e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.platform} className="text-xs font-semibold text-slate-700">
          Platform
        </label>
        <select
          id={ids.platform}
          className={input}
          value={filters.platform ?? ''}
          onChange={(e) =>
            onChange({ ...filters, platform: e.target.value ? (e.target.value as DashboardPlatform) : null })
          }
        >
          <option value="">All platforms</option>
          {(Object.keys(PLATFORM_LABELS) as DashboardPlatform[]).map((p) => (
            <option key={p} value={p}>
              {PLATFORM_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
      {(filters.date_range || filters.platform) && (
        <Button
          variant="ghost"
          type="button"
          onClick={() => {
            setFrom('');
            setTo('');
            onChange({ date_range: null, platform: null });
          }}
        >
          Clear filters
        </Button>
      )}
      <p className="basis-full text-xs text-slate-600" role={problem ? 'alert' : undefined}>
        {problem ?? 'These override every tile’s own dates and platform; empty: each tile’s own.'}
      </p>
    </form>
  );
}

function AddTileDialog({
  open,
  appId,
  onAdd,
  onClose,
}: {
  open: boolean;
  appId: string;
  onAdd: (kind: TileKind, ref: string, title: string) => void;
  onClose: () => void;
}) {
  const reports = useTemplates(appId, open);
  const cohorts = useSavedCohorts(appId, open);
  const funnels = useSavedFunnels(appId, open);
  const groups: {
    label: string;
    kind: TileKind;
    items: { id: string; title: string }[] | undefined;
    failed: boolean;
  }[] = [
    {
      label: 'Game metrics',
      kind: 'metric',
      items: (Object.keys(BUILT_IN_TILES) as BuiltInTile[]).map((k) => ({ id: k, title: BUILT_IN_TILES[k].title })),
      failed: false,
    },
    { label: 'Saved reports', kind: 'report', items: reports.data, failed: reports.isError },
    { label: 'Cohort tables', kind: 'cohort', items: cohorts.data, failed: cohorts.isError },
    { label: 'Funnels', kind: 'funnel', items: funnels.data, failed: funnels.isError },
  ];
  return (
    <Modal
      open={open}
      title="Add a tile"
      onClose={onClose}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        {groups.map((g) => (
          <section key={g.kind} aria-label={g.label}>
            <h3 className="text-sm font-semibold text-slate-900">{g.label}</h3>
            {g.failed && <p className="text-sm text-rose-700">These could not be loaded.</p>}
            {!g.items && !g.failed && <p className="text-sm text-slate-600">Loading…</p>}
            {g.items?.length === 0 && <p className="text-sm text-slate-600">None saved yet.</p>}
            <ul className="mt-1 flex flex-wrap gap-2">
              {g.items?.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className="max-w-full rounded-lg px-3 py-1.5 text-left text-sm text-slate-800 ring-1 ring-slate-300 [overflow-wrap:anywhere] hover:bg-indigo-50 hover:ring-indigo-300"
                    onClick={() => onAdd(g.kind, item.id, item.title)}
                  >
                    {item.title}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Modal>
  );
}

/**
 * The tiles on the grid, or one under the other below STACK_BELOW px. Its own component so the container is measured
 * once it is on the page (the dashboard's loading state renders no container).
 */
function TileGrid({
  tiles,
  editing,
  tileOf,
  onLayout,
}: {
  tiles: readonly Tile[];
  editing: boolean;
  tileOf: (tile: Tile) => ReactNode;
  onLayout: (layout: Layout) => void;
}) {
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const layout: Layout = useMemo(() => tiles.map((t) => ({ i: t.id, x: t.x, y: t.y, w: t.w, h: t.h })), [tiles]);
  const ordered = useMemo(() => [...tiles].sort((a, b) => a.y - b.y || a.x - b.x), [tiles]);
  const stacked = width < STACK_BELOW;
  return (
    <div ref={containerRef} className="w-full min-w-0">
      {mounted && stacked && (
        <ul className="flex flex-col gap-3">
          {ordered.map((t) => (
            <li key={t.id} style={{ minHeight: tileHeight(Math.max(6, t.h)) }} className="flex flex-col">
              {tileOf(t)}
            </li>
          ))}
        </ul>
      )}
      {mounted && !stacked && (
        <GridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: 12, rowHeight: ROW_HEIGHT - GAP, margin: [GAP, GAP], containerPadding: [0, 0] }}
          dragConfig={{ enabled: editing, handle: '.tile-drag' }}
          resizeConfig={{ enabled: editing }}
          onLayoutChange={(next) => {
            if (editing) onLayout(next);
          }}
        >
          {tiles.map((t) => (
            <div key={t.id}>{tileOf(t)}</div>
          ))}
        </GridLayout>
      )}
    </div>
  );
}

function Dashboard({
  workspaceId,
  appId,
  dashboardId,
}: {
  workspaceId: string;
  appId: string;
  dashboardId: string | null;
}) {
  const [, navigate] = useLocation();
  const role = useCurrentWorkspace()?.role;
  const actor = useFlowActor(
    dashboardFlow,
    { appId, dashboardId, canEdit: role === 'admin' || role === 'editor' },
    {
      key: dashboardKey({ appId, dashboardId }),
      // The flow's own moves (to a new dashboard's URL, back to the list) are not leaving with unsaved changes.
      deps: { workspaceId, navigate: (to, options) => bypassLeaveGuard(() => navigate(to, options)) },
    },
  );
  const actions = useActions(actor, sel.dashboardActions);
  const phase = useSelector(actor, sel.selectPhase);
  const editing = useSelector(actor, sel.selectEditing);
  const name = useSelector(actor, sel.selectName);
  const tiles = useSelector(actor, sel.selectTiles);
  const filters = useSelector(actor, sel.selectFilters);
  const error = useSelector(actor, sel.selectError);
  const saveError = useSelector(actor, sel.selectSaveError);
  const announcement = useSelector(actor, sel.selectAnnouncement);
  const canEdit = useSelector(actor, sel.selectCanEdit);
  const canDelete = useSelector(actor, sel.selectCanDelete);
  const isNew = useSelector(actor, sel.selectIsNew);
  const kind = useSelector(actor, sel.selectKind);
  const guard = useLeaveGuard(() => sel.selectDirty(actor.getSnapshot()));
  const nameId = useId();

  if (phase === 'loading') return <PageSpinner label="Loading the dashboard" />;
  if (phase === 'loadFailed')
    return (
      <EmptyState
        level={1}
        title={error ?? 'The dashboard could not be opened.'}
        action={
          dashboardId ? (
            <Button onClick={actions.retry}>Try again</Button>
          ) : (
            <a
              className="text-sm font-medium text-indigo-700 underline"
              href={href.app(workspaceId, appId, 'analyze/dashboards')}
            >
              Back to dashboards
            </a>
          )
        }
      />
    );

  // A dialog still fading out must not answer a click meant for the page (it would cancel twice).
  const whileIn = (shown: sel.DashboardPhase, send: () => void) => () => {
    if (sel.selectPhase(actor.getSnapshot()) === shown) send();
  };
  const tileOf = (t: Tile) => (
    <DashboardTile
      workspaceId={workspaceId}
      appId={appId}
      tile={t}
      filters={filters}
      editing={editing}
      controls={{
        move: (dx, dy) => actions.move(t.id, dx, dy),
        resize: (dw, dh) => actions.resize(t.id, dw, dh),
        remove: () => actions.removeTile(t.id),
      }}
    />
  );

  return (
    <section className="mx-auto max-w-7xl">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <a
            className="text-xs font-medium text-indigo-700 underline"
            href={href.app(workspaceId, appId, 'analyze/dashboards')}
          >
            Dashboards
          </a>
          {editing ? (
            <div className="mt-1 flex flex-col gap-1">
              <label htmlFor={nameId} className="text-xs font-semibold text-slate-700">
                Dashboard name
              </label>
              <input
                id={nameId}
                className="w-72 max-w-full rounded-lg border border-slate-300 px-2 py-1.5 text-lg font-semibold"
                value={name}
                maxLength={DASHBOARD_NAME_MAX}
                onChange={(e) => actions.rename(e.target.value)}
              />
            </div>
          ) : (
            <h1 className="text-2xl font-bold [overflow-wrap:anywhere] text-slate-900">{name}</h1>
          )}
          {isNew && !editing ? null : kind === 'game_health' && !editing ? (
            <p className="mt-1 text-sm text-slate-600">
              Made for every app with data: the numbers to check each morning.
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {!editing && !isNew && dashboardId && (
            <SubscribeButton workspaceId={workspaceId} kind="dashboard" appId={appId} id={dashboardId} title={name} />
          )}
          {editing ? (
            <>
              <Button variant="secondary" onClick={actions.add} disabled={phase !== 'editing'}>
                Add tile
              </Button>
              <Button variant="secondary" onClick={actions.cancel} disabled={phase === 'saving'}>
                Cancel
              </Button>
              <Button onClick={actions.save} busy={phase === 'saving'}>
                Save
              </Button>
            </>
          ) : (
            canEdit && (
              <>
                <Button variant="secondary" onClick={actions.edit}>
                  Edit dashboard
                </Button>
                {canDelete && (
                  <Button variant="danger" onClick={actions.remove}>
                    Delete
                  </Button>
                )}
              </>
            )
          )}
        </div>
      </div>
      {saveError && (
        <p role="alert" className="mt-3 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800 ring-1 ring-rose-200">
          {saveError}
        </p>
      )}
      {!editing && error && (
        <p role="alert" className="mt-3 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800 ring-1 ring-rose-200">
          {error}
        </p>
      )}
      <div className="mt-4">
        <Filters key={JSON.stringify(editing)} filters={filters} onChange={actions.setFilters} />
      </div>
      <p id="dashboard-keyboard-help" className={editing ? 'mt-2 text-xs text-slate-600' : 'sr-only'}>
        {editing
          ? 'Drag a tile by its Move handle, or focus Move and use the arrow keys; Shift + arrow keys resize. Save keeps the layout.'
          : ''}
      </p>
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>
      <div className="mt-4 min-w-0">
        {tiles.length === 0 ? (
          <EmptyState title="No tiles yet">
            {editing ? 'Add a saved report, cohort table, funnel or game metric.' : 'Editors and admins add tiles.'}
          </EmptyState>
        ) : (
          <TileGrid tiles={tiles} editing={editing} tileOf={tileOf} onLayout={actions.layout} />
        )}
      </div>
      <AddTileDialog
        open={phase === 'adding'}
        appId={appId}
        onAdd={actions.addTile}
        onClose={whileIn('adding', actions.cancel)}
      />
      <ConfirmDialog
        open={phase === 'confirmingDiscard'}
        title="Discard your changes?"
        message="The dashboard goes back to how it was last saved."
        confirmLabel="Discard"
        onConfirm={whileIn('confirmingDiscard', actions.confirm)}
        onCancel={whileIn('confirmingDiscard', actions.cancel)}
      />
      <ConfirmDialog
        open={phase === 'confirmingDelete' || phase === 'deleting'}
        title="Delete this dashboard?"
        message={`"${name}" is deleted for everyone in the workspace. Its saved reports stay.`}
        confirmLabel="Delete"
        busy={phase === 'deleting'}
        onConfirm={whileIn('confirmingDelete', actions.confirm)}
        onCancel={whileIn('confirmingDelete', actions.cancel)}
      />
      <ConfirmDialog
        open={guard.asking}
        title="Leave without saving?"
        message="Your changes to this dashboard are not saved."
        confirmLabel="Leave"
        onConfirm={guard.leave}
        onCancel={guard.stay}
      />
    </section>
  );
}
