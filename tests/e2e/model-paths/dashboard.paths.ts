/**
 * The dashboard's paths (src/machines/dashboard, src/views/analyze/dashboards/DashboardPage.tsx; docs/analyze.md
 * §Dashboards): each event → what an admin does on a dashboard of Dragon Merge (Android), each state → the page (the
 * heading or the name field, the tiles, the dialogs, the snackbars).
 *
 * Data: each test makes its own dashboard through the API (one DAU tile, id 'a', as the machine's fixtures have it)
 * and the teardown deletes it (and any dashboard a "new" path saved). Failures (a 500 on open, save or delete, a 400
 * naming a tile) are routed; the rest is the real server.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  dashboardMachine,
  type DashboardContext,
  type DashboardEvent,
} from '../../../src/machines/dashboard/dashboard.machine';
import type { Dashboard, Tile } from '../../../src/contracts/dashboards';
import { ApiError } from '../../../src/services/http';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { Modal } from '../pages/modal';
import { appPath } from '../pages/demo';
import { anyMethodOutcome } from './any-method-outcome';
import { answers, crashEvent, doneEvent, outcome, TRANSIENT, type FlowTable, type Ui } from './driver';

const APP = 'dragon-merge-android';
const NAME = 'Path dashboard';
const TILE: Tile = { id: 'a', kind: 'metric', ref: 'dau', x: 0, y: 0, w: 6, h: 4 };
const SAVED: Dashboard = {
  id: 'd1',
  name: NAME,
  kind: 'custom',
  tiles: [TILE],
  filters: { date_range: null, platform: null },
  updated_at: '2026-11-20T09:00:00.000Z',
};
const TILE_REFUSED = 'This tile names a saved analysis this app does not have.';

interface DashboardUi extends Ui {
  shell: Shell;
  token: string;
  /** The dashboard this test made. */
  id: string;
  /** Dashboards a "new" path saved (deleted by the teardown). */
  made: string[];
}

type Ev<K extends DashboardEvent['type']> = Extract<DashboardEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as DashboardContext;
const errorOf = (event: EventObject) => (event as EventObject & { error: { status?: number } }).error;
const isError = (event: EventObject) => event.type.startsWith('xstate.error.');

const E = {
  loaded: doneEvent('load', SAVED),
  loadCrashed: crashEvent('load'),
  retry: { type: 'RETRY' },
  edit: { type: 'EDIT' },
  add: { type: 'ADD' },
  addEcpm: { type: 'ADD_TILE', kind: 'metric', ref: 'ecpm', title: 'eCPM' },
  removeTile: { type: 'REMOVE_TILE', id: 'a' },
  right: { type: 'MOVE', id: 'a', dx: 1, dy: 0 },
  wider: { type: 'RESIZE', id: 'a', dw: 1, dh: 0 },
  dragged: { type: 'LAYOUT', layout: [{ i: 'a', x: 6, y: 0, w: 6, h: 4 }] },
  rename: { type: 'RENAME', name: 'Path dashboard renamed' },
  blank: { type: 'RENAME', name: '   ' },
  ios: { type: 'SET_FILTERS', filters: { date_range: null, platform: 'IOS' } },
  save: { type: 'SAVE' },
  cancel: { type: 'CANCEL' },
  confirm: { type: 'CONFIRM' },
  del: { type: 'DELETE' },
  saved: doneEvent('save', { ...SAVED, name: 'Path dashboard renamed' }),
  savedNew: doneEvent('save', { ...SAVED, name: 'New dashboard' }),
  saveRefused: {
    type: 'xstate.error.actor.save',
    error: new ApiError(400, TILE_REFUSED, 'bad_request', ['tiles.0.ref']),
    actorId: 'save',
  },
  saveCrashed: crashEvent('save'),
  removed: doneEvent('remove', { success: true }),
  removeCrashed: crashEvent('remove'),
};

const loadCall = outcome<DashboardUi>(
  { method: 'GET', url: /\/api\/app\/[^/]+\/analyze\/dashboards\/[^/]+$/ },
  (event) => (isError(event) ? answers.crash : answers.server),
  (event) => (isError(event) ? 'open 500' : 'open ✓'),
);
// A new dashboard's save is a POST, an existing one's a PUT.
const saveCall = anyMethodOutcome<DashboardUi>(
  [
    { method: 'POST', url: /\/api\/app\/[^/]+\/analyze\/dashboards$/ },
    { method: 'PUT', url: /\/api\/app\/[^/]+\/analyze\/dashboards\/[^/]+$/ },
  ],
  (event) =>
    !isError(event)
      ? answers.server
      : errorOf(event).status === 400
        ? { status: 400, json: { success: false, message: TILE_REFUSED, code: 'bad_request', fields: ['tiles.0.ref'] } }
        : answers.crash,
  (event) => (!isError(event) ? 'save ✓' : errorOf(event).status === 400 ? 'save 400' : 'save 500'),
);
const removeCall = outcome<DashboardUi>(
  { method: 'DELETE', url: /\/api\/app\/[^/]+\/analyze\/dashboards\/[^/]+$/ },
  (event) => (isError(event) ? answers.crash : answers.server),
  (event) => (isError(event) ? 'delete 500' : 'delete ✓'),
);

const discard = (ui: DashboardUi) => new Modal(ui.page, 'Discard your changes?');
const deleting = (ui: DashboardUi) => new Modal(ui.page, 'Delete this dashboard?');
const adding = (ui: DashboardUi) => new Modal(ui.page, 'Add a tile');
const tiles = (ui: DashboardUi) => ui.page.locator('article');
/** A button of the page itself (a dialog still fading out holds its own Cancel and Delete). */
const button = (ui: DashboardUi, name: string) =>
  ui.page.locator('#main-content').getByRole('button', { name, exact: true });
const nameField = (ui: DashboardUi) => ui.page.getByLabel('Dashboard name');
const api = (ui: DashboardUi) => ({ authorization: `Bearer ${ui.token}` });
const base = `/api/app/${APP}/analyze/dashboards`;

async function expectEditing(ui: DashboardUi, state: AnyMachineSnapshot) {
  const c = ctx(state);
  await expect(nameField(ui)).toHaveValue(c.draft.name);
  await expect(tiles(ui)).toHaveCount(c.draft.tiles.length);
  if (c.saveError)
    await expect(ui.page.locator('#main-content').getByRole('alert').filter({ hasText: c.saveError })).toBeVisible();
}

export const dashboardTable: FlowTable<DashboardUi> = {
  flow: 'dashboard',
  machine: dashboardMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).draft.tiles.length, ctx(state).saveError !== null]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    const res = await page.request.post(base, {
      headers: { authorization: `Bearer ${token}` },
      data: { name: NAME, tiles: [TILE], filters: SAVED.filters },
    });
    expect(res.status(), await res.text()).toBe(200);
    const { dashboard } = (await res.json()) as { dashboard: Dashboard };
    const ui: DashboardUi = { page, token, shell: new Shell(page), id: dashboard.id, made: [] };
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (response.request().method() === 'POST' && url.pathname === base && response.status() === 200)
        ui.made.push(((await response.json()) as { dashboard: Dashboard }).dashboard.id);
    });
    return ui;
  },
  async teardown(ui) {
    for (const id of [ui.id, ...ui.made]) await ui.page.request.delete(`${base}/${id}`, { headers: api(ui) });
  },
  traversals: [
    {
      // Open, filter for iOS without an edit, move and widen the DAU tile by keyboard, add eCPM through the
      // dialog (once cancelled), rename, save.
      name: 'view, filter, keyboard edit, add, save',
      kind: 'journey',
      input: { appId: APP, dashboardId: 'd1', canEdit: true },
      open: (ui) => ui.page.goto(appPath(APP, `analyze/dashboards/${ui.id}`)).then(() => undefined),
      events: [E.loaded, E.ios, E.edit, E.right, E.wider, E.add, E.cancel, E.add, E.addEcpm, E.rename, E.save, E.saved],
    },
    {
      // A change then Cancel asks (Keep editing, then Discard); a blank name is refused before sending; a refused
      // tile (400) and a crash keep the edit with their words; the drag with the mouse; the retry saves.
      name: 'discard, refusals, drag, saved',
      kind: 'journey',
      input: { appId: APP, dashboardId: 'd1', canEdit: true },
      open: (ui) => ui.page.goto(appPath(APP, `analyze/dashboards/${ui.id}`)).then(() => undefined),
      events: [
        E.loaded,
        E.edit,
        E.removeTile,
        E.cancel,
        E.cancel,
        E.cancel,
        E.confirm,
        E.edit,
        E.blank,
        E.save,
        E.rename,
        E.save,
        E.saveRefused,
        E.save,
        E.saveCrashed,
        E.dragged,
        E.save,
        E.saved,
      ],
    },
    {
      // A failed open retried; Delete asks (cancelled, then confirmed); a failed delete says so; the retry deletes.
      name: 'open failed, retried, delete',
      kind: 'journey',
      input: { appId: APP, dashboardId: 'd1', canEdit: true },
      open: (ui) => ui.page.goto(appPath(APP, `analyze/dashboards/${ui.id}`)).then(() => undefined),
      events: [
        E.loadCrashed,
        E.retry,
        E.loaded,
        E.del,
        E.cancel,
        E.del,
        E.confirm,
        E.removeCrashed,
        E.del,
        E.confirm,
        E.removed,
      ],
    },
    {
      name: 'a new dashboard saved',
      kind: 'journey',
      input: { appId: APP, dashboardId: null, canEdit: true },
      open: (ui) => ui.page.goto(appPath(APP, 'analyze/dashboards/new')).then(() => undefined),
      events: [E.add, E.addEcpm, E.save, E.savedNew],
    },
    {
      name: 'a new dashboard abandoned',
      kind: 'journey',
      input: { appId: APP, dashboardId: null, canEdit: true },
      open: (ui) => ui.page.goto(appPath(APP, 'analyze/dashboards/new')).then(() => undefined),
      events: [E.cancel],
    },
  ],
  events: {
    RETRY: { act: (ui) => button(ui, 'Try again').click() },
    EDIT: { act: (ui) => button(ui, 'Edit dashboard').click() },
    ADD: { act: (ui) => button(ui, 'Add tile').click() },
    ADD_TILE: {
      act: (ui, event: Ev<'ADD_TILE'>) =>
        adding(ui).root.getByRole('button', { name: event.title, exact: true }).click(),
      label: (event: Ev<'ADD_TILE'>) => `ADD_TILE ${event.title}`,
    },
    REMOVE_TILE: { act: (ui) => button(ui, 'Remove DAU').click() },
    MOVE: {
      act: async (ui, event: Ev<'MOVE'>) => {
        await button(ui, 'Move DAU').focus();
        await ui.page.keyboard.press(
          event.dx > 0 ? 'ArrowRight' : event.dx < 0 ? 'ArrowLeft' : event.dy > 0 ? 'ArrowDown' : 'ArrowUp',
        );
      },
      label: () => 'MOVE by keyboard',
    },
    RESIZE: {
      act: (ui) => ui.page.getByRole('group', { name: 'Size of DAU' }).getByRole('button', { name: 'Wider' }).click(),
    },
    LAYOUT: {
      act: async (ui) => {
        const handle = button(ui, 'Move DAU');
        const box = (await handle.boundingBox())!;
        const grid = (await ui.page.locator('.react-grid-layout').boundingBox())!;
        await ui.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await ui.page.mouse.down();
        await ui.page.mouse.move(box.x + grid.width / 2, box.y + box.height / 2, { steps: 12 });
        await ui.page.mouse.up();
      },
      label: () => 'LAYOUT by mouse',
    },
    RENAME: {
      act: (ui, event: Ev<'RENAME'>) => nameField(ui).fill(event.name),
      label: (event: Ev<'RENAME'>) => (event.name.trim() ? 'RENAME' : 'RENAME blank'),
    },
    SET_FILTERS: {
      act: async (ui, event: Ev<'SET_FILTERS'>) => {
        await ui.page.getByLabel('Platform').selectOption(event.filters.platform ?? '');
      },
    },
    SAVE: { act: (ui) => button(ui, 'Save').click() },
    CANCEL: {
      act: async (ui, _event, before) => {
        if (before.matches('confirmingDiscard')) await discard(ui).root.getByRole('button', { name: 'Cancel' }).click();
        else if (before.matches('confirmingDelete'))
          await deleting(ui).root.getByRole('button', { name: 'Cancel' }).click();
        else if (before.matches({ editing: 'adding' }))
          await adding(ui).root.getByRole('button', { name: 'Cancel' }).click();
        else await button(ui, 'Cancel').click();
      },
      label: () => 'CANCEL',
    },
    CONFIRM: {
      act: async (ui, _event, before) => {
        if (before.matches('confirmingDiscard'))
          await discard(ui).root.getByRole('button', { name: 'Discard' }).click();
        else await deleting(ui).root.getByRole('button', { name: 'Delete' }).click();
      },
    },
    DELETE: { act: (ui) => button(ui, 'Delete').click() },
    'xstate.done.actor.load': loadCall,
    'xstate.error.actor.load': loadCall,
    'xstate.done.actor.save': saveCall,
    'xstate.error.actor.save': saveCall,
    'xstate.done.actor.remove': removeCall,
    'xstate.error.actor.remove': removeCall,
  },
  states: {
    'dashboard.boot': TRANSIENT,
    'dashboard.loading': async (ui) => {
      await expect(ui.page.getByRole('status', { name: 'Loading the dashboard' })).toBeVisible();
    },
    'dashboard.loadFailed': async (ui) => {
      await expect(ui.page.getByRole('heading', { name: 'The dashboard could not be opened.' })).toBeVisible();
      await expect(button(ui, 'Try again')).toBeVisible();
    },
    'dashboard.viewing': async (ui, state, via) => {
      const c = ctx(state);
      await deleting(ui).expectClosed();
      await discard(ui).expectClosed();
      await expect(ui.page.getByRole('heading', { level: 1, name: c.draft.name })).toBeVisible();
      await expect(button(ui, 'Edit dashboard')).toBeVisible();
      // After a save the machine holds the server's answer (the fixture's stands in for it here).
      if (via.type !== 'xstate.done.actor.save') await expect(tiles(ui)).toHaveCount(c.draft.tiles.length);
      await expect(ui.page.getByLabel('Platform')).toHaveValue(c.filters.platform ?? '');
      if (via.type === 'xstate.done.actor.save') await expect(ui.shell.snackbar('Dashboard saved.')).toBeVisible();
      if (via.type === 'xstate.error.actor.remove')
        await expect(
          ui.page
            .locator('#main-content')
            .getByRole('alert')
            .filter({ hasText: 'The dashboard could not be deleted.' }),
        ).toBeVisible();
    },
    'dashboard.editing.idle': async (ui, state) => {
      await adding(ui).expectClosed();
      await discard(ui).expectClosed();
      await expectEditing(ui, state);
      const c = ctx(state);
      if (c.announcement) await expect(ui.page.getByText(c.announcement, { exact: true })).toBeAttached();
    },
    'dashboard.editing.adding': async (ui) => {
      await adding(ui).expectOpen();
      await expect(adding(ui).root.getByRole('button', { name: 'eCPM', exact: true })).toBeVisible();
    },
    'dashboard.confirmingDiscard': async (ui) => {
      await discard(ui).expectOpen();
    },
    'dashboard.saving': async (ui) => {
      await expect(button(ui, 'Save')).toHaveAttribute('aria-busy', 'true');
    },
    'dashboard.confirmingDelete': async (ui) => {
      await deleting(ui).expectOpen();
    },
    'dashboard.deleting': async (ui) => {
      await expect(deleting(ui).root.getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-busy', 'true');
    },
    'dashboard.deleted': async (ui) => {
      await expect(ui.page).toHaveURL(new RegExp(`/app/${APP}/analyze/dashboards$`));
      await expect(ui.shell.snackbar('Dashboard deleted.')).toBeVisible();
    },
    'dashboard.abandoned': async (ui) => {
      await expect(ui.page).toHaveURL(new RegExp(`/app/${APP}/analyze/dashboards$`));
      await expect(ui.page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
    },
  },
  timeout: 120_000,
};
