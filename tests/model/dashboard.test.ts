/**
 * Paths of the dashboard machine (src/machines/dashboard/dashboard.machine.ts): every state reachable; opening (and a
 * failed open retried); viewing with filters that are not saved; editing — add a tile through the dialog, remove one,
 * move and resize by keyboard (kept inside the grid, announced), the grid's layout applied, rename — saved or refused
 * in words; cancel asks only when something changed; a new dashboard's first save moves to its URL; delete asks first
 * and Game health cannot be deleted; a viewer never edits.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { DASHBOARD_WORDS, dashboardMachine } from '../../src/machines/dashboard/dashboard.machine';
import { moveTile } from '../../src/machines/dashboard/layout';
import { DASHBOARD_NAME_MESSAGE, gameHealthTiles, type Dashboard, type Tile } from '../../src/contracts/dashboards';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  pendingForever,
  replay,
  serverCrash,
  shortestPaths,
  spyActions,
  unreachedStateNodeIds,
} from './graph-harness';

const INPUT = { appId: 'dragon-merge-android', dashboardId: 'd1', canEdit: true };
const NEW = { ...INPUT, dashboardId: null };
const VIEWER = { ...INPUT, canEdit: false };
const TILE: Tile = { id: 'a', kind: 'metric', ref: 'dau', x: 0, y: 0, w: 6, h: 4 };
const SAVED: Dashboard = {
  id: 'd1',
  name: 'Launch week',
  kind: 'custom',
  tiles: [TILE],
  filters: { date_range: null, platform: null },
  updated_at: '2026-11-20T09:00:00.000Z',
};
const HEALTH: Dashboard = {
  ...SAVED,
  id: 'd1',
  name: 'Game health',
  kind: 'game_health',
  tiles: gameHealthTiles(true),
};
const IOS = { date_range: { date_start: '2026-11-01', date_end: '2026-11-07' }, platform: 'IOS' as const };

const model = defineModel(dashboardMachine, {
  RETRY: { type: 'RETRY' },
  EDIT: { type: 'EDIT' },
  ADD: { type: 'ADD' },
  ADD_TILE: [
    { type: 'ADD_TILE', kind: 'report', ref: 'r1', title: 'Installs by country' },
    { type: 'ADD_TILE', kind: 'metric', ref: 'quest_returns', title: 'Returns per quest' },
  ],
  REMOVE_TILE: { type: 'REMOVE_TILE', id: 'a' },
  MOVE: [
    { type: 'MOVE', id: 'a', dx: 1, dy: 0 },
    { type: 'MOVE', id: 'a', dx: 20, dy: 1 },
  ],
  RESIZE: [
    { type: 'RESIZE', id: 'a', dw: 1, dh: 1 },
    { type: 'RESIZE', id: 'a', dw: -10, dh: 0 },
  ],
  LAYOUT: { type: 'LAYOUT', layout: [{ i: 'a', x: 3, y: 2, w: 9, h: 5 }] },
  RENAME: [
    { type: 'RENAME', name: 'Soft launch' },
    { type: 'RENAME', name: '   ' },
  ],
  SET_FILTERS: { type: 'SET_FILTERS', filters: IOS },
  SAVE: { type: 'SAVE' },
  CANCEL: { type: 'CANCEL' },
  CONFIRM: { type: 'CONFIRM' },
  DELETE: { type: 'DELETE' },
  'xstate.done.actor.load': [done('load', SAVED), done('load', HEALTH)],
  'xstate.error.actor.load': [
    failed('load', apiError(404, 'Dashboard not found.', 'not_found')),
    failed('load', serverCrash()),
  ],
  'xstate.done.actor.save': done('save', { ...SAVED, name: 'Soft launch' }),
  'xstate.error.actor.save': failed(
    'save',
    apiError(400, 'This tile names a saved analysis this app does not have.', 'bad_request', ['tiles.0.ref']),
  ),
  'xstate.done.actor.remove': done('remove', { success: true }),
  'xstate.error.actor.remove': failed('remove', serverCrash()),
});
const ev = {
  retry: fixture(model, 'RETRY'),
  edit: fixture(model, 'EDIT'),
  add: fixture(model, 'ADD'),
  addReport: fixture(model, 'ADD_TILE', 0),
  addReturns: fixture(model, 'ADD_TILE', 1),
  removeTile: fixture(model, 'REMOVE_TILE'),
  right: fixture(model, 'MOVE', 0),
  farRight: fixture(model, 'MOVE', 1),
  grow: fixture(model, 'RESIZE', 0),
  shrinkTooFar: fixture(model, 'RESIZE', 1),
  layout: fixture(model, 'LAYOUT'),
  rename: fixture(model, 'RENAME', 0),
  blankName: fixture(model, 'RENAME', 1),
  filters: fixture(model, 'SET_FILTERS'),
  save: fixture(model, 'SAVE'),
  cancel: fixture(model, 'CANCEL'),
  confirm: fixture(model, 'CONFIRM'),
  del: fixture(model, 'DELETE'),
};
const outcome = {
  loaded: fixture(model, 'xstate.done.actor.load', 0),
  loadedHealth: fixture(model, 'xstate.done.actor.load', 1),
  notFound: fixture(model, 'xstate.error.actor.load', 0),
  crashed: fixture(model, 'xstate.error.actor.load', 1),
  saved: fixture(model, 'xstate.done.actor.save'),
  refused: fixture(model, 'xstate.error.actor.save'),
  removed: fixture(model, 'xstate.done.actor.remove'),
  removeFailed: fixture(model, 'xstate.error.actor.remove'),
};
const path = (events: EventObject[], input: object = INPUT) => pathOf(dashboardMachine, events, input);
const pending = dashboardMachine.provide({
  actors: { load: pendingForever(), save: pendingForever(), remove: pendingForever() },
});
const tilesOf = (events: EventObject[]) => path(events).state.context.draft.tiles;

describe('dashboard machine paths', () => {
  it('reaches every state node', () => {
    const paths = [INPUT, NEW, VIEWER].flatMap((input) =>
      shortestPaths(dashboardMachine, model.events, {
        input,
        serializeState: (s) =>
          JSON.stringify([s.value, s.context.draft.tiles.length, s.context.dashboard?.kind, s.context.draft.name]),
      }),
    );
    expect(unreachedStateNodeIds(dashboardMachine, paths, ['dashboard.boot'])).toEqual([]);
  });

  it('opens the dashboard; a failed open says why and retries', () => {
    expect(path([outcome.loaded]).state.matches('viewing')).toBe(true);
    const gone = path([outcome.notFound]);
    expect(gone.state.matches('loadFailed')).toBe(true);
    expect(gone.state.context.error).toBe('Dashboard not found.');
    expect(path([outcome.crashed]).state.context.error).toBe(DASHBOARD_WORDS.LOAD_FAILED);
    expect(path([outcome.crashed, ev.retry, outcome.loaded]).state.matches('viewing')).toBe(true);
  });

  it('viewing: the filters change for the tiles without an edit; a viewer can neither edit nor delete', () => {
    const viewed = path([outcome.loaded, ev.filters]);
    expect(viewed.state.context.filters).toEqual(IOS);
    expect(viewed.state.context.draft.filters).toEqual(SAVED.filters);
    const viewer = path([outcome.loaded], VIEWER);
    expect(viewer.state.can(ev.edit)).toBe(false);
    expect(viewer.state.can(ev.del)).toBe(false);
    expect(path([], { ...NEW, canEdit: false }).state.matches('loadFailed')).toBe(true);
  });

  it('edits: add through the dialog, remove, move and resize by keyboard inside the grid (announced), mouse layout', () => {
    const added = path([outcome.loaded, ev.edit, ev.add, ev.addReport]);
    expect(added.state.context.draft.tiles[1]).toMatchObject({ kind: 'report', ref: 'r1', x: 0, y: 4, w: 6, h: 6 });
    expect(added.state.context.announcement).toBe(
      'Installs by country added at column 1, row 5, 6 columns wide, 6 rows high.',
    );
    expect(path([outcome.loaded, ev.edit, ev.add, ev.addReturns]).state.context.draft.tiles[1]).toMatchObject({
      w: 12,
    });
    expect(path([outcome.loaded, ev.edit, ev.add, ev.cancel]).state.context.draft.tiles).toHaveLength(1);
    expect(tilesOf([outcome.loaded, ev.edit, ev.removeTile])).toEqual([]);
    const moved = path([outcome.loaded, ev.edit, ev.right]);
    expect(moved.state.context.draft.tiles[0]).toMatchObject({ x: 1, y: 0 });
    expect(moved.state.context.announcement).toBe('Moved to column 2, row 1, 6 columns wide, 4 rows high.');
    expect(tilesOf([outcome.loaded, ev.edit, ev.farRight])[0]).toMatchObject({ x: 6, y: 1 });
    expect(tilesOf([outcome.loaded, ev.edit, ev.grow])[0]).toMatchObject({ w: 7, h: 5 });
    expect(tilesOf([outcome.loaded, ev.edit, ev.shrinkTooFar])[0]).toMatchObject({ w: 1 });
    expect(tilesOf([outcome.loaded, ev.edit, ev.layout])[0]).toMatchObject({ x: 3, y: 2, w: 9, h: 5 });
  });

  it('saves the draft; a refused save keeps the edit with the words; a blank name is refused before sending', async () => {
    const journey = path([outcome.loaded, ev.edit, ev.rename, ev.save, outcome.saved]);
    expect(journey.state.matches('viewing')).toBe(true);
    expect(journey.state.context.dashboard?.name).toBe('Soft launch');
    const { machine, spies } = spyActions(pending, ['saved', 'notify']);
    await replay(machine, journey, INPUT);
    expect(spies.notify).toHaveBeenCalledWith({ message: DASHBOARD_WORDS.SAVED, kind: 'success' });
    expect(spies.saved).toHaveBeenCalledWith({ id: 'd1', first: false });

    const refused = path([outcome.loaded, ev.edit, ev.rename, ev.save, outcome.refused]);
    expect(refused.state.matches('editing')).toBe(true);
    expect(refused.state.context.saveError).toBe('This tile names a saved analysis this app does not have.');
    expect(refused.state.context.draft.name).toBe('Soft launch');
    const blank = path([outcome.loaded, ev.edit, ev.blankName, ev.save]);
    expect(blank.state.matches('editing')).toBe(true);
    expect(blank.state.context.saveError).toBe(DASHBOARD_NAME_MESSAGE);
  });

  it('cancel: unchanged goes straight back, changed asks and Discard restores the saved one', () => {
    expect(path([outcome.loaded, ev.edit, ev.cancel]).state.matches('viewing')).toBe(true);
    const asking = path([outcome.loaded, ev.edit, ev.removeTile, ev.cancel]);
    expect(asking.state.matches('confirmingDiscard')).toBe(true);
    expect(path([outcome.loaded, ev.edit, ev.removeTile, ev.cancel, ev.cancel]).state.matches('editing')).toBe(true);
    const discarded = path([outcome.loaded, ev.edit, ev.removeTile, ev.cancel, ev.confirm]);
    expect(discarded.state.matches('viewing')).toBe(true);
    expect(discarded.state.context.draft.tiles).toEqual([TILE]);
  });

  it('a new dashboard starts in editing; its first save moves to its URL; cancel goes back to the list', async () => {
    const journey = path([ev.add, ev.addReport, ev.save, outcome.saved], NEW);
    expect(journey.steps[0]!.state.matches('editing')).toBe(true);
    const { machine, spies } = spyActions(pending, ['saved', 'deleted']);
    await replay(machine, journey, NEW);
    expect(spies.saved).toHaveBeenCalledWith({ id: 'd1', first: true });
    expect(path([ev.cancel], NEW).state.matches('abandoned')).toBe(true);
  });

  it('delete asks first; a failure says so; Game health cannot be deleted', async () => {
    expect(path([outcome.loaded, ev.del, ev.cancel]).state.matches('viewing')).toBe(true);
    const journey = path([outcome.loaded, ev.del, ev.confirm, outcome.removed]);
    expect(journey.state.matches('deleted')).toBe(true);
    const { machine, spies } = spyActions(pending, ['deleted', 'notify']);
    await replay(machine, journey, INPUT);
    expect(spies.notify).toHaveBeenCalledWith({ message: DASHBOARD_WORDS.DELETED, kind: 'success' });
    expect(spies.deleted).toHaveBeenCalled();
    const failedDelete = path([outcome.loaded, ev.del, ev.confirm, outcome.removeFailed]);
    expect(failedDelete.state.matches('viewing')).toBe(true);
    expect(failedDelete.state.context.error).toBe(DASHBOARD_WORDS.DELETE_FAILED);
    expect(path([outcome.loadedHealth]).state.can(ev.del)).toBe(false);
  });

  it('refuses a 25th tile in words', () => {
    const many: EventObject[] = [outcome.loaded, ev.edit];
    for (let i = 0; i < 23; i++) many.push(ev.add, ev.addReport);
    const full = path(many);
    expect(full.state.context.draft.tiles).toHaveLength(24);
    const refused = path([...many, ev.add]);
    expect(refused.state.matches({ editing: 'idle' })).toBe(true);
    expect(refused.state.context.saveError).toBe(DASHBOARD_WORDS.TOO_MANY);
  });
});

describe('dashboard layout steps', () => {
  it('a keyboard step down passes the tile below, up takes the place of the tile above', () => {
    const a: Tile = { id: 'a', kind: 'metric', ref: 'dau', x: 0, y: 0, w: 6, h: 4 };
    const b: Tile = { id: 'b', kind: 'metric', ref: 'ecpm', x: 0, y: 4, w: 6, h: 3 };
    const c: Tile = { id: 'c', kind: 'metric', ref: 'revenue', x: 6, y: 0, w: 6, h: 4 };
    expect(moveTile([a, b, c], 'a', 0, 1).find((t) => t.id === 'a')).toMatchObject({ y: 5 });
    const up = moveTile([a, b, c], 'b', 0, -1);
    expect(up.find((t) => t.id === 'b')).toMatchObject({ y: 0 });
    expect(up.find((t) => t.id === 'a')).toMatchObject({ y: 3 });
    expect(moveTile([a, b, c], 'c', 0, 1).find((t) => t.id === 'c')).toMatchObject({ y: 1 });
    expect(moveTile([a], 'a', -1, 0)[0]).toMatchObject({ x: 0 });
  });
});
