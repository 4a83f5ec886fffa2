/** Snapshot → view model of one dashboard (src/views/analyze/dashboards/DashboardPage.tsx), and the events it may send. */
import type { SnapshotFrom } from 'xstate';
import type { DashboardFilters, Tile, TileKind } from '../../contracts/dashboards';
import type { dashboardMachine } from './dashboard.machine';
import type { SendTo, EventOf } from '../shared/flow';

type Snap = SnapshotFrom<typeof dashboardMachine>;
export type DashboardPhase =
  | 'loading'
  | 'loadFailed'
  | 'viewing'
  | 'editing'
  | 'adding'
  | 'confirmingDiscard'
  | 'saving'
  | 'confirmingDelete'
  | 'deleting'
  | 'gone';

export function selectPhase(s: Snap): DashboardPhase {
  if (s.matches('boot') || s.matches('loading')) return 'loading';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches({ editing: 'adding' })) return 'adding';
  if (s.matches('editing')) return 'editing';
  if (s.matches('confirmingDiscard')) return 'confirmingDiscard';
  if (s.matches('saving')) return 'saving';
  if (s.matches('confirmingDelete')) return 'confirmingDelete';
  if (s.matches('deleting')) return 'deleting';
  if (s.matches('deleted') || s.matches('abandoned')) return 'gone';
  return 'viewing';
}
/** Editing, adding, confirming a discard or saving: the draft is on screen. */
export const selectEditing = (s: Snap) => s.matches('editing') || s.matches('confirmingDiscard') || s.matches('saving');
/** Editing with changes not saved yet (a new dashboard counts once it has a tile or a name of its own). */
export function selectDirty(s: Snap): boolean {
  if (!selectEditing(s) || s.matches('saving')) return false;
  const saved = s.context.dashboard;
  const draft = s.context.draft;
  if (!saved) return draft.tiles.length > 0;
  return JSON.stringify(draft) !== JSON.stringify({ name: saved.name, tiles: saved.tiles, filters: saved.filters });
}
export const selectName = (s: Snap) => s.context.draft.name;
export const selectTiles = (s: Snap): Tile[] => s.context.draft.tiles;
export const selectKind = (s: Snap) => s.context.dashboard?.kind ?? 'custom';
/** The filters the tiles run with: the draft's while editing, the chosen ones while viewing. */
export const selectFilters = (s: Snap): DashboardFilters =>
  selectEditing(s) ? s.context.draft.filters : s.context.filters;
export const selectError = (s: Snap) => s.context.error;
export const selectSaveError = (s: Snap) => s.context.saveError;
export const selectAnnouncement = (s: Snap) => s.context.announcement;
export const selectCanEdit = (s: Snap) => s.context.canEdit;
export const selectCanDelete = (s: Snap) => s.can({ type: 'DELETE' });
export const selectIsNew = (s: Snap) => s.context.dashboard === null;

type Send = SendTo<typeof dashboardMachine>;
type Layout = EventOf<typeof dashboardMachine, 'LAYOUT'>['layout'];
/** The events the dashboard page sends, as named senders. */
export const dashboardActions = (send: Send) => ({
  retry: () => send({ type: 'RETRY' }),
  edit: () => send({ type: 'EDIT' }),
  add: () => send({ type: 'ADD' }),
  addTile: (kind: TileKind, ref: string, title: string) => send({ type: 'ADD_TILE', kind, ref, title }),
  removeTile: (id: string) => send({ type: 'REMOVE_TILE', id }),
  move: (id: string, dx: number, dy: number) => send({ type: 'MOVE', id, dx, dy }),
  resize: (id: string, dw: number, dh: number) => send({ type: 'RESIZE', id, dw, dh }),
  layout: (layout: Layout) => send({ type: 'LAYOUT', layout }),
  rename: (name: string) => send({ type: 'RENAME', name }),
  setFilters: (filters: DashboardFilters) => send({ type: 'SET_FILTERS', filters }),
  save: () => send({ type: 'SAVE' }),
  cancel: () => send({ type: 'CANCEL' }),
  confirm: () => send({ type: 'CONFIRM' }),
  remove: () => send({ type: 'DELETE' }),
});
