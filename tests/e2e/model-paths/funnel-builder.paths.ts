/**
 * The funnel-builder flow's table (src/machines/funnel-builder/funnel-builder.machine.ts, the page
 * src/views/analyze/FunnelsPage.tsx): each event → what an editor does on /analyze/funnels, each state → what the page
 * shows. The real server answers the runs, drop-offs, opens and saves on the demo app with Analyze data; a crash is
 * answered through a Playwright route (500). A saved funnel for the "saved" journeys is made through the API in
 * setup, and every funnel a test saved is deleted in teardown.
 */
import { expect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  funnelBuilderMachine,
  type FunnelBuilderContext,
  type FunnelBuilderEvent,
} from '../../../src/machines/funnel-builder/funnel-builder.machine';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { appPath } from '../pages/demo';
import { ANALYZE_APP } from '../pages/report-builder.page';
import { answers, crashEvent, doneEvent, outcome, TRANSIENT, type FlowTable, type Ui } from './driver';

// Ours and the server's words, verbatim.
const RUN_FAILED = 'We could not build the funnel. Please try again.';
const OPEN_FAILED = 'We could not open this funnel. Please try again.';
const DROPOFF_FAILED = 'We could not list the players who dropped. Please try again.';
const DELETE_FAILED = 'We could not delete this funnel. Please try again.';
const TITLE_TOO_LONG = 'The title must be at most 75 characters.';

interface FunnelUi extends Ui {
  token: string;
  savedId: string;
  made: Set<string>;
}

const app = ANALYZE_APP.id;
const FIRST = 'first_open';
const SECOND = 'in_app_purchase';
const summary = { id: 'symbolic', title: 'Path funnel', updated_at: '2025-06-16T10:00:00.000Z' };
const question = {
  steps: [{ event_name: FIRST }, { event_name: SECOND }],
  window: { value: 1, unit: 'day' as const },
  order: 'strict' as const,
  split: null,
};
const E = {
  step1: { type: 'SET_STEP', index: 0, event_name: FIRST },
  step2: { type: 'SET_STEP', index: 1, event_name: SECOND },
  addStep: { type: 'ADD_STEP' },
  removeStep: { type: 'REMOVE_STEP', index: 2 },
  moveStep: { type: 'MOVE_STEP', index: 0, by: 1 },
  levelAtLeast1: {
    type: 'ADD_STEP_CONDITION',
    index: 1,
    condition: {
      label: 'level',
      column_name: 'level',
      comparison: 'greater_than_or_equal',
      checked: true,
      data_type: 'INTEGER',
      value: '1',
    },
  },
  removeCondition: { type: 'REMOVE_STEP_CONDITION', index: 1, condition: 0 },
  week: { type: 'SET_WINDOW', value: 7, unit: 'day' },
  anyOrder: { type: 'SET_ORDER', order: 'any' },
  byPlatform: { type: 'SET_SPLIT', split: 'platform' },
  twoWeeks: { type: 'SET_RANGE', date_start: '2025-06-01', date_end: '2025-06-14' },
  dropoff: { type: 'DROPOFF', target: { step: 2, split_value: null, other: false } },
  title: { type: 'SET_TITLE', title: 'Path funnel' },
  longTitle: { type: 'SET_TITLE', title: 'x'.repeat(76) },
  save: { type: 'SAVE' },
  del: { type: 'DELETE' },
  confirm: { type: 'CONFIRM' },
  cancel: { type: 'CANCEL' },
  retry: { type: 'RETRY' },
  ran: doneEvent('run', null),
  runCrashed: crashEvent('run'),
  dropped: doneEvent('dropoff', { count: 1, user_ids: ['symbolic'], truncated: false }),
  dropoffCrashed: crashEvent('dropoff'),
  opened: doneEvent('open', { ...summary, question }),
  openCrashed: crashEvent('open'),
  saved: doneEvent('save', summary),
  saveCrashed: crashEvent('save'),
  removed: doneEvent('remove', { success: true }),
  removeCrashed: crashEvent('remove'),
};

type Ev<K extends FunnelBuilderEvent['type']> = Extract<FunnelBuilderEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as FunnelBuilderContext;
const isError = (event: EventObject) => event.type.startsWith('xstate.error.');
const call = (method: string, url: RegExp, name: string) =>
  outcome<FunnelUi>(
    { method, url },
    (event) => (isError(event) ? answers.crash : answers.server),
    (event) => `${name} ${isError(event) ? '500' : '✓'}`,
  );
const runCall = call('POST', /\/api\/app\/[^/]+\/analyze\/funnels\/run$/, 'run');
const dropoffCall = call('POST', /\/api\/app\/[^/]+\/analyze\/funnels\/dropoff$/, 'dropoff');
const openCall = call('GET', /\/api\/app\/[^/]+\/analyze\/funnels\/(?!events$)[^/?]+$/, 'open');
const saveCall = call('POST', /\/api\/app\/[^/]+\/analyze\/funnels$/, 'save');
const removeCall = call('DELETE', /\/api\/app\/[^/]+\/analyze\/funnels\/[^/?]+$/, 'delete');
const dialog = (ui: FunnelUi) => ui.page.getByRole('dialog', { name: 'Delete funnel' });

const api = (ui: FunnelUi, method: 'POST' | 'DELETE', path: string, data?: unknown) =>
  ui.page.request.fetch(path, { method, headers: { authorization: `Bearer ${ui.token}` }, data });
const page = (ui: FunnelUi) => ui.page;
const building = (ui: FunnelUi) => page(ui).getByText('Building the funnel…');
const saveButton = (ui: FunnelUi) => page(ui).getByRole('button', { name: 'Save funnel' });
const everyPlayer = (ui: FunnelUi) => page(ui).getByRole('table', { name: 'Funnel steps, Every player' });
// The page's chunk loads on demand: on a busy machine that alone can outlast a state check's wait.
const loaded = (ui: FunnelUi) =>
  expect(page(ui).getByRole('heading', { name: 'Funnels', level: 1 })).toBeVisible({ timeout: 30_000 });
const openNew = async (ui: FunnelUi) => {
  await page(ui).goto(appPath(app, 'analyze/funnels'));
  await loaded(ui);
};
const openSaved = async (ui: FunnelUi) => {
  await page(ui).goto(appPath(app, `analyze/funnels/${ui.savedId}`));
  await loaded(ui);
};
const newInput = { appId: app, funnelId: null, canSave: true };
const savedInput = { appId: app, funnelId: 'saved', canSave: true };
const day = (iso: string, delta: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + delta * 86_400_000).toISOString().slice(0, 10);

async function alertSays(p: Page, words: string) {
  await expect(p.getByRole('alert').first()).toContainText(words);
}

export const funnelBuilderTable: FlowTable<FunnelUi> = {
  flow: 'funnel-builder',
  machine: funnelBuilderMachine,
  serialize: (state) =>
    JSON.stringify([
      state.value,
      ctx(state).question.steps.map((s) => [s.event_name, s.where?.length ?? 0]),
      ctx(state).question.order,
      ctx(state).question.split,
      ctx(state).question.window,
      ctx(state).funnelId !== null,
      ctx(state).saveError,
      ctx(state).dropoffError,
      ctx(state).dropoff !== null,
    ]),
  async setup(p) {
    const token = await signInOnce(p, DEMO_ACCOUNTS.editor);
    const ui: FunnelUi = { page: p, token, savedId: '', made: new Set() };
    const res = await api(ui, 'POST', `/api/app/${app}/analyze/funnels`, { title: 'Path saved funnel', question });
    expect(res.status(), await res.text()).toBe(200);
    ui.savedId = ((await res.json()) as { funnel: { id: string } }).funnel.id;
    ui.made.add(ui.savedId);
    return ui;
  },
  async teardown(ui) {
    const match = /\/analyze\/funnels\/([^/?#]+)/.exec(ui.page.url());
    if (match) ui.made.add(decodeURIComponent(match[1]!));
    for (const id of ui.made) {
      const res = await api(ui, 'DELETE', `/api/app/${app}/analyze/funnels/${encodeURIComponent(id)}`);
      expect([200, 404], `deleting the funnel ${id} this test made`).toContain(res.status());
    }
  },
  traversals: [
    {
      // A new funnel waits for its steps, then runs; a step's drop-off downloads the players; saved under a title.
      name: 'new, drop-off, save',
      kind: 'journey',
      input: newInput,
      open: openNew,
      events: [E.step1, E.step2, E.ran, E.dropoff, E.dropped, E.title, E.save, E.saved],
    },
    {
      // A crashed run says so in our words; Retry runs it again; a failed drop-off says so.
      name: 'crash, retry',
      kind: 'journey',
      input: newInput,
      open: openNew,
      events: [E.step1, E.step2, E.runCrashed, E.retry, E.ran, E.dropoff, E.dropoffCrashed],
    },
    {
      // A step condition added and removed, a third step added (waits for its event) and removed, steps swapped.
      name: 'steps and conditions',
      kind: 'journey',
      input: newInput,
      open: openNew,
      events: [
        E.step1,
        E.step2,
        E.ran,
        E.levelAtLeast1,
        E.ran,
        E.removeCondition,
        E.ran,
        E.addStep,
        E.removeStep,
        E.ran,
        E.moveStep,
        E.ran,
      ],
    },
    {
      // The window, the order, the split and the dates: each change runs again.
      name: 'window, order, split, dates',
      kind: 'journey',
      input: newInput,
      open: openNew,
      events: [E.step1, E.step2, E.ran, E.week, E.ran, E.anyOrder, E.ran, E.byPlatform, E.ran, E.twoWeeks, E.ran],
    },
    {
      // A saved funnel opens (after a failed open and Retry), runs, and is saved again; a failed save and a title too
      // long say so beside Save.
      name: 'saved funnel',
      kind: 'journey',
      input: savedInput,
      open: openSaved,
      events: [
        E.openCrashed,
        E.retry,
        E.opened,
        E.ran,
        E.save,
        E.saveCrashed,
        E.longTitle,
        E.save,
        E.title,
        E.save,
        E.saved,
      ],
    },
    {
      // Delete asks first: Cancel keeps it; a failed delete says so in the dialog; done goes back to a new funnel.
      name: 'delete',
      kind: 'journey',
      input: savedInput,
      open: openSaved,
      events: [E.opened, E.ran, E.del, E.cancel, E.del, E.confirm, E.removeCrashed, E.confirm, E.removed],
    },
  ],
  events: {
    SET_STEP: {
      act: async (ui, event: Ev<'SET_STEP'>) => {
        const select = page(ui).getByLabel(`Step ${event.index + 1}`, { exact: true });
        await expect(select.locator(`option[value="${event.event_name}"]`)).toHaveCount(1);
        await select.selectOption(event.event_name);
      },
      label: (event: Ev<'SET_STEP'>) => `STEP ${event.index + 1} ${event.event_name}`,
    },
    ADD_STEP: { act: (ui) => page(ui).getByRole('button', { name: 'Add step' }).click() },
    REMOVE_STEP: {
      act: (ui, event: Ev<'REMOVE_STEP'>) =>
        page(ui)
          .getByRole('button', { name: `Remove step ${event.index + 1}` })
          .click(),
      label: (event: Ev<'REMOVE_STEP'>) => `REMOVE STEP ${event.index + 1}`,
    },
    MOVE_STEP: {
      act: (ui, event: Ev<'MOVE_STEP'>) =>
        page(ui)
          .getByRole('button', { name: `Move step ${event.index + 1} ${event.by > 0 ? 'down' : 'up'}` })
          .click(),
      label: (event: Ev<'MOVE_STEP'>) => `MOVE STEP ${event.index + 1}`,
    },
    ADD_STEP_CONDITION: {
      act: async (ui, event: Ev<'ADD_STEP_CONDITION'>) => {
        const n = event.index + 1;
        await page(ui).getByLabel(`Condition column of step ${n}`).selectOption(event.condition.label);
        await page(ui).getByLabel(`Comparison of step ${n}`).selectOption(event.condition.comparison);
        await page(ui)
          .getByLabel(`Condition value of step ${n}`)
          .fill(String(event.condition.value as string));
        await page(ui).getByRole('button', { name: 'Add condition' }).nth(event.index).click();
      },
      label: (event: Ev<'ADD_STEP_CONDITION'>) => `CONDITION step ${event.index + 1} ${event.condition.label}`,
    },
    REMOVE_STEP_CONDITION: {
      act: (ui) =>
        page(ui)
          .getByRole('button', { name: /^Remove condition / })
          .first()
          .click(),
    },
    SET_WINDOW: {
      act: async (ui, event: Ev<'SET_WINDOW'>) => {
        await page(ui).getByLabel('Conversion window').fill(String(event.value));
        await page(ui).getByLabel('Window unit').selectOption(event.unit);
      },
      label: (event: Ev<'SET_WINDOW'>) => `WINDOW ${event.value} ${event.unit}`,
    },
    SET_ORDER: {
      act: async (ui, event: Ev<'SET_ORDER'>) => {
        await page(ui).getByLabel('Order', { exact: true }).selectOption(event.order);
      },
      label: (event: Ev<'SET_ORDER'>) => `ORDER ${event.order}`,
    },
    SET_SPLIT: {
      act: async (ui, event: Ev<'SET_SPLIT'>) => {
        await page(ui)
          .getByLabel('Split by')
          .selectOption(event.split ?? '');
      },
      label: (event: Ev<'SET_SPLIT'>) => `SPLIT ${event.split}`,
    },
    SET_RANGE: {
      act: async (ui) => {
        const end = await page(ui).getByLabel('to', { exact: true }).inputValue();
        await page(ui).getByLabel('Entered from').fill(day(end, -13));
      },
      label: () => 'RANGE 14 days',
    },
    DROPOFF: {
      act: (ui) =>
        everyPlayer(ui)
          .getByRole('button', { name: /^Download the .* players who dropped before step 2/ })
          .click(),
    },
    SET_TITLE: {
      act: (ui, event: Ev<'SET_TITLE'>) => page(ui).getByLabel('Title').fill(event.title),
      label: (event: Ev<'SET_TITLE'>) => `TITLE ${event.title.length > 20 ? 'too long' : event.title}`,
    },
    SAVE: { act: (ui) => saveButton(ui).click() },
    DELETE: { act: (ui) => page(ui).getByRole('button', { name: 'Delete funnel' }).click() },
    CONFIRM: { act: (ui) => dialog(ui).getByRole('button', { name: 'Delete', exact: true }).click() },
    CANCEL: { act: (ui) => dialog(ui).getByRole('button', { name: 'Cancel' }).click() },
    RETRY: { act: (ui) => page(ui).getByRole('button', { name: 'Retry' }).click() },
    'xstate.done.actor.run': runCall,
    'xstate.error.actor.run': runCall,
    'xstate.done.actor.dropoff': dropoffCall,
    'xstate.error.actor.dropoff': dropoffCall,
    'xstate.done.actor.open': openCall,
    'xstate.error.actor.open': openCall,
    'xstate.done.actor.save': saveCall,
    'xstate.error.actor.save': saveCall,
    'xstate.done.actor.remove': removeCall,
    'xstate.error.actor.remove': removeCall,
  },
  states: {
    'funnelBuilder.boot': TRANSIENT,
    'funnelBuilder.checking': TRANSIENT,
    'funnelBuilder.opening': async (ui) => {
      await expect(page(ui).getByText('Opening the funnel…')).toBeVisible();
    },
    'funnelBuilder.openFailed': async (ui) => {
      await alertSays(page(ui), OPEN_FAILED);
      await expect(page(ui).getByRole('button', { name: 'Retry' })).toBeVisible();
      await expect(everyPlayer(ui)).toHaveCount(0);
    },
    'funnelBuilder.invalid': async (ui, state) => {
      await alertSays(page(ui), ctx(state).error!);
      await expect(building(ui)).toHaveCount(0);
    },
    'funnelBuilder.running': async (ui) => {
      await expect(building(ui)).toBeVisible();
    },
    'funnelBuilder.runFailed': async (ui) => {
      await alertSays(page(ui), RUN_FAILED);
      await expect(page(ui).getByRole('button', { name: 'Retry' })).toBeVisible();
    },
    'funnelBuilder.loadingDropoff': async (ui) => {
      await expect(page(ui).getByText('Listing the players who dropped…')).toBeVisible();
    },
    'funnelBuilder.ready': async (ui, state, via) => {
      await expect(building(ui)).toHaveCount(0);
      await expect(everyPlayer(ui)).toBeVisible();
      await expect(dialog(ui)).toHaveCount(0);
      const { question: q, saveError, funnelId, dropoffError } = ctx(state);
      const rows = everyPlayer(ui).getByRole('rowheader');
      await expect(rows).toHaveCount(q.steps.length);
      await expect(rows.first()).toHaveText(`1. ${q.steps[0]!.event_name}`);
      if (q.split)
        await expect(
          page(ui)
            .getByRole('heading', { name: /^Platform: / })
            .first(),
        ).toBeVisible();
      await expect(page(ui).getByLabel('Order', { exact: true })).toHaveValue(q.order);
      if (via.type === 'xstate.done.actor.dropoff')
        await expect(page(ui).getByText(/players dropped before step 2/)).toBeVisible();
      if (dropoffError) await alertSays(page(ui), DROPOFF_FAILED);
      if (saveError) await expect(page(ui).getByText(saveError, { exact: true })).toBeVisible();
      if (saveError === TITLE_TOO_LONG)
        await expect(page(ui).getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
      if (via.type === 'xstate.done.actor.save') {
        await expect(page(ui)).toHaveURL(/\/analyze\/funnels\/[^/]+$/);
        await expect(page(ui).getByText('Funnel saved.')).toBeVisible();
        if (funnelId)
          await expect(page(ui).getByRole('navigation', { name: 'Saved funnels' })).toContainText('Path funnel');
      }
    },
    'funnelBuilder.confirmingDelete': async (ui, state) => {
      await expect(dialog(ui)).toBeVisible();
      await expect(dialog(ui)).toContainText('Are you sure you want to delete the funnel');
      if (ctx(state).saveError) await expect(dialog(ui).getByRole('alert')).toHaveText(DELETE_FAILED);
    },
    'funnelBuilder.deleting': async (ui) => {
      await expect(dialog(ui).getByRole('button', { name: 'Delete', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
    'funnelBuilder.deleted': async (ui) => {
      await expect(page(ui)).toHaveURL(/\/analyze\/funnels$/);
      await expect(page(ui).getByText('Funnel deleted.')).toBeVisible();
    },
    'funnelBuilder.saving': async (ui) => {
      await expect(saveButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
  },
  timeout: 90_000,
};
