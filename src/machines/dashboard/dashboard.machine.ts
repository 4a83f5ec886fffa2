/**
 * One Analyze dashboard (docs/analyze.md §Dashboards): open it, view it with a dashboard-wide date range and platform,
 * and, for editors and admins, edit it — add a tile (dialog), remove one, move and resize with the mouse or the
 * keyboard, rename, change the saved filters — then save or cancel (a cancel with changes asks first). A new dashboard
 * (no id) starts in editing; its first save moves to its URL. Deleting asks first. The tiles load on their own in the
 * view (each its own query), so nothing here waits for a tile.
 *
 *   boot ─ id → loading ─ done → viewing | loadFailed ─RETRY→ loading
 *        └ none → editing
 *   viewing ─SET_FILTERS→ viewing (not saved) │ ─EDIT→ editing │ ─DELETE→ confirmingDelete ─CONFIRM→ deleting → deleted
 *   editing.idle ─ADD→ editing.adding ─ADD_TILE / CANCEL→ editing.idle
 *   editing ─REMOVE_TILE / MOVE / RESIZE / LAYOUT / RENAME / SET_FILTERS→ editing (the draft)
 *   editing ─SAVE (valid)→ saving ─ done → viewing │ error → editing (saveError)
 *   editing ─CANCEL─ unchanged → viewing │ changed → confirmingDiscard ─CONFIRM→ viewing │ ─CANCEL→ editing
 *
 * Calls and side effects (`load`, `save`, `remove`, `notify`, `saved`, `deleted`) are provided by dashboard.actors.ts.
 */
import { assign, setup } from 'xstate';
import {
  DASHBOARD_TILES_MAX,
  DEFAULT_DASHBOARD_NAME,
  DASHBOARD_NAME_MESSAGE,
  NO_FILTERS,
  layoutProblem,
  validDashboardName,
  type Dashboard,
  type DashboardFilters,
  type SaveDashboardRequest,
  type Tile,
  type TileKind,
} from '../../contracts/dashboards';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';
import { wordsOf } from '../shared/saved-question';
import { addedTile, applyLayout, moveTile, resizeTile, whereWords } from './layout';

/** docs/analyze.md §Messages (dashboards). */
export const DASHBOARD_WORDS = {
  LOAD_FAILED: 'The dashboard could not be opened.',
  SAVE_FAILED: 'The dashboard could not be saved.',
  SAVED: 'Dashboard saved.',
  DELETED: 'Dashboard deleted.',
  DELETE_FAILED: 'The dashboard could not be deleted.',
  TOO_MANY: `A dashboard holds at most ${DASHBOARD_TILES_MAX} tiles.`,
} as const;

export interface DashboardInput {
  appId: string;
  dashboardId: string | null;
  canEdit: boolean;
}

interface Draft {
  name: string;
  tiles: Tile[];
  filters: DashboardFilters;
}

export interface DashboardContext {
  appId: string;
  dashboardId: string | null;
  canEdit: boolean;
  /** As saved (null before the first load or save). */
  dashboard: Dashboard | null;
  /** What the page shows: the saved one, or the edit in progress. */
  draft: Draft;
  /** The filters the tiles run with while viewing (the saved ones until changed). */
  filters: DashboardFilters;
  error: string | null;
  saveError: string | null;
  /** The last polite announcement (a keyboard move or resize, an added or removed tile). */
  announcement: string;
  /** Counter for new tile ids. */
  added: number;
}

export type DashboardEvent =
  | { type: 'RETRY' }
  | { type: 'EDIT' }
  | { type: 'ADD' }
  | { type: 'ADD_TILE'; kind: TileKind; ref: string; title: string }
  | { type: 'REMOVE_TILE'; id: string }
  | { type: 'MOVE'; id: string; dx: number; dy: number }
  | { type: 'RESIZE'; id: string; dw: number; dh: number }
  | { type: 'LAYOUT'; layout: readonly { i: string; x: number; y: number; w: number; h: number }[] }
  | { type: 'RENAME'; name: string }
  | { type: 'SET_FILTERS'; filters: DashboardFilters }
  | { type: 'SAVE' }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM' }
  | { type: 'DELETE' };

const draftOf = (d: Dashboard): Draft => ({ name: d.name, tiles: d.tiles, filters: d.filters });
const emptyDraft = (): Draft => ({ name: DEFAULT_DASHBOARD_NAME, tiles: [], filters: NO_FILTERS });
const same = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

/** Why the draft cannot be saved, or null. */
export function draftProblem(draft: Draft): string | null {
  if (!validDashboardName(draft.name)) return DASHBOARD_NAME_MESSAGE;
  if (draft.tiles.length > DASHBOARD_TILES_MAX) return DASHBOARD_WORDS.TOO_MANY;
  return layoutProblem(draft.tiles)?.message ?? null;
}

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as DashboardInput,
    children: {} as { load: 'load'; save: 'save'; remove: 'remove' },
  },
  actors: {
    load: toProvide<Dashboard, { appId: string; dashboardId: string }>('load'),
    save: toProvide<Dashboard, { appId: string; dashboardId: string | null; request: SaveDashboardRequest }>('save'),
    remove: toProvide<unknown, { appId: string; dashboardId: string }>('remove'),
  },
  guards: {
    hasId: ({ context }) => context.dashboardId !== null,
    canEdit: ({ context }) => context.canEdit,
    canDelete: ({ context }) => context.canEdit && context.dashboard?.kind === 'custom',
    draftValid: ({ context }) => draftProblem(context.draft) === null,
    unchanged: ({ context }) => (context.dashboard ? same(context.draft, draftOf(context.dashboard)) : false),
    isNew: ({ context }) => context.dashboard === null,
    roomForTile: ({ context }) => context.draft.tiles.length < DASHBOARD_TILES_MAX,
  },
  actions: {
    notify,
    /** Saved: refresh the list; a first save moves to the dashboard's URL (provided). */
    saved: (_args, _params: { id: string; first: boolean }) => {},
    /** Deleted or a new one abandoned: back to the list (provided). */
    deleted: (_args) => {},
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({
    appId: input.appId,
    dashboardId: input.dashboardId,
    canEdit: input.canEdit,
    dashboard: null,
    draft: emptyDraft(),
    filters: NO_FILTERS,
    error: null,
    saveError: null,
    announcement: '',
    added: 0,
  }),
  initial: 'boot',
  states: {
    boot: {
      always: [
        { guard: 'hasId', target: 'loading' },
        { guard: 'canEdit', target: 'editing' },
        { target: 'loadFailed' },
      ],
    },
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ appId: context.appId, dashboardId: context.dashboardId! }),
        onDone: {
          target: 'viewing',
          actions: assign(({ event }) => ({
            dashboard: event.output,
            draft: draftOf(event.output),
            filters: event.output.filters,
          })),
        },
        onError: {
          target: 'loadFailed',
          actions: assign(({ event }) => ({ error: wordsOf(event.error, DASHBOARD_WORDS.LOAD_FAILED) })),
        },
      },
    },
    loadFailed: {
      entry: assign(({ context }) => ({ error: context.error ?? DASHBOARD_WORDS.LOAD_FAILED })),
      on: { RETRY: { guard: 'hasId', target: 'loading' } },
    },
    viewing: {
      on: {
        SET_FILTERS: { actions: assign(({ event }) => ({ filters: event.filters })) },
        EDIT: {
          guard: 'canEdit',
          target: 'editing',
          actions: assign(({ context }) => ({
            draft: context.dashboard ? draftOf(context.dashboard) : emptyDraft(),
            saveError: null,
          })),
        },
        DELETE: { guard: 'canDelete', target: 'confirmingDelete' },
      },
    },
    editing: {
      initial: 'idle',
      on: {
        REMOVE_TILE: {
          actions: assign(({ context, event }) => ({
            draft: { ...context.draft, tiles: context.draft.tiles.filter((t) => t.id !== event.id) },
            announcement: 'Tile removed.',
          })),
        },
        MOVE: {
          actions: assign(({ context, event }) => {
            const tiles = moveTile(context.draft.tiles, event.id, event.dx, event.dy);
            const tile = tiles.find((t) => t.id === event.id);
            return { draft: { ...context.draft, tiles }, announcement: tile ? `Moved to ${whereWords(tile)}.` : '' };
          }),
        },
        RESIZE: {
          actions: assign(({ context, event }) => {
            const tiles = resizeTile(context.draft.tiles, event.id, event.dw, event.dh);
            const tile = tiles.find((t) => t.id === event.id);
            return { draft: { ...context.draft, tiles }, announcement: tile ? `Resized to ${whereWords(tile)}.` : '' };
          }),
        },
        LAYOUT: {
          actions: assign(({ context, event }) => ({
            draft: { ...context.draft, tiles: applyLayout(context.draft.tiles, event.layout) },
          })),
        },
        RENAME: { actions: assign(({ context, event }) => ({ draft: { ...context.draft, name: event.name } })) },
        SET_FILTERS: {
          actions: assign(({ context, event }) => ({ draft: { ...context.draft, filters: event.filters } })),
        },
        SAVE: [
          { guard: 'draftValid', target: 'saving' },
          { actions: assign(({ context }) => ({ saveError: draftProblem(context.draft) })) },
        ],
        CANCEL: [
          { guard: 'isNew', target: 'abandoned' },
          { guard: 'unchanged', target: 'viewing' },
          { target: 'confirmingDiscard' },
        ],
      },
      states: {
        idle: {
          on: {
            ADD: [
              { guard: 'roomForTile', target: 'adding' },
              { actions: assign({ saveError: DASHBOARD_WORDS.TOO_MANY }) },
            ],
          },
        },
        adding: {
          on: {
            ADD_TILE: {
              guard: 'roomForTile',
              target: 'idle',
              actions: assign(({ context, event }) => {
                const taken = new Set(context.draft.tiles.map((t) => t.id));
                let n = context.added + 1;
                while (taken.has(`tile-${n}`)) n += 1;
                const id = `tile-${n}`;
                const tile = addedTile(context.draft.tiles, event.kind, event.ref, id);
                return {
                  draft: { ...context.draft, tiles: [...context.draft.tiles, tile] },
                  added: n,
                  announcement: `${event.title} added at ${whereWords(tile)}.`,
                };
              }),
            },
            CANCEL: { target: 'idle' },
          },
        },
      },
    },
    confirmingDiscard: {
      on: {
        CONFIRM: {
          target: 'viewing',
          actions: assign(({ context }) => ({ draft: draftOf(context.dashboard!), saveError: null })),
        },
        CANCEL: { target: 'editing' },
      },
    },
    saving: {
      entry: assign({ saveError: null }),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          appId: context.appId,
          dashboardId: context.dashboard?.id ?? null,
          request: { ...context.draft, name: context.draft.name.trim() },
        }),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'notify', params: { message: DASHBOARD_WORDS.SAVED, kind: 'success' } },
            {
              type: 'saved',
              params: ({ context, event }) => ({ id: event.output.id, first: context.dashboard === null }),
            },
            assign(({ event }) => ({
              dashboard: event.output,
              dashboardId: event.output.id,
              draft: draftOf(event.output),
              filters: event.output.filters,
            })),
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ saveError: wordsOf(event.error, DASHBOARD_WORDS.SAVE_FAILED) })),
        },
      },
    },
    confirmingDelete: {
      on: { CONFIRM: { target: 'deleting' }, CANCEL: { target: 'viewing' } },
    },
    deleting: {
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ appId: context.appId, dashboardId: context.dashboard!.id }),
        onDone: {
          target: 'deleted',
          actions: [{ type: 'notify', params: { message: DASHBOARD_WORDS.DELETED, kind: 'success' } }, 'deleted'],
        },
        onError: {
          target: 'viewing',
          actions: [
            assign(({ event }) => ({ error: wordsOf(event.error, DASHBOARD_WORDS.DELETE_FAILED) })),
            {
              type: 'notify',
              params: ({ event }) => ({ message: wordsOf(event.error, DASHBOARD_WORDS.DELETE_FAILED), kind: 'error' }),
            },
          ],
        },
      },
    },
    deleted: { type: 'final' },
    abandoned: { type: 'final', entry: 'deleted' },
  },
});
