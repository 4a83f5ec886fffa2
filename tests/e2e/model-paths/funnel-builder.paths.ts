/**
 * The funnel-builder flow's table (src/machines/funnel-builder/funnel-builder.machine.ts, the page
 * src/views/analyze/FunnelsPage.tsx): each event → what an editor does on /analyze/funnels, each state → what the page
 * shows. The real server answers the runs, drop-offs, opens and saves on the demo app with Analyze data; a crash is
 * answered through a Playwright route (500). A saved funnel for the "saved" journeys is made through the API in
 * setup, and every funnel a test saved is deleted in teardown.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import {
  funnelBuilderMachine,
  type FunnelBuilderContext,
  type FunnelBuilderEvent,
} from '../../../src/machines/funnel-builder/funnel-builder.machine';
import { crashEvent, doneEvent, type FlowTable } from './driver';
import { alertSays, app, call, lifecycleEvents, savedQuestionKit, type SavedQuestionUi } from './saved-question';

// Ours and the server's words, verbatim.
const RUN_FAILED = 'We could not build the funnel. Please try again.';
const OPEN_FAILED = 'We could not open this funnel. Please try again.';
const DROPOFF_FAILED = 'We could not list the players who dropped. Please try again.';
const DELETE_FAILED = 'We could not delete this funnel. Please try again.';

type FunnelUi = SavedQuestionUi;
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
  dropped: doneEvent('dropoff', { count: 1, user_ids: ['symbolic'], truncated: false }),
  dropoffCrashed: crashEvent('dropoff'),
  ...lifecycleEvents(summary, question),
};

type Ev<K extends FunnelBuilderEvent['type']> = Extract<FunnelBuilderEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as FunnelBuilderContext;
const dropoffCall = call('POST', /\/api\/app\/[^/]+\/analyze\/funnels\/dropoff$/, 'dropoff');
const everyPlayer = (ui: FunnelUi) => page(ui).getByRole('table', { name: 'Funnel steps, Every player' });
// The page's chunk loads on demand: on a busy machine that alone can outlast a state check's wait.
const kit = savedQuestionKit({
  path: 'funnels',
  key: 'funnel',
  noun: 'funnel',
  notAnId: 'events',
  seed: { title: 'Path saved funnel', question },
  loaded: (ui) => expect(ui.page.getByRole('heading', { name: 'Funnels', level: 1 })).toBeVisible({ timeout: 30_000 }),
});
const { page, dialog, building, openNew } = kit;
const newInput = { appId: app, funnelId: null, canSave: true };
const savedInput = { appId: app, funnelId: 'saved', canSave: true };
const day = (iso: string, delta: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + delta * 86_400_000).toISOString().slice(0, 10);

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
  setup: kit.setup,
  teardown: kit.teardown,
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
    // The saved one's journeys (tests/e2e/model-paths/saved-question.ts).
    ...kit.savedJourneys('saved funnel', savedInput, E),
  ],
  events: {
    SET_STEP: {
      act: async (ui, event: Ev<'SET_STEP'>) => {
        const select = page(ui).getByLabel(`Step ${event.index + 1}`, { exact: true });
        // The app's events have arrived (an option reads as its event name).
        await expect(select.getByRole('option', { name: event.event_name, exact: true })).toHaveCount(1);
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
    ...kit.events,
    'xstate.done.actor.dropoff': dropoffCall,
    'xstate.error.actor.dropoff': dropoffCall,
  },
  states: {
    ...kit.states('funnelBuilder', { OPEN_FAILED, RUN_FAILED, DELETE_FAILED }, everyPlayer),
    'funnelBuilder.invalid': async (ui, state) => {
      await alertSays(page(ui), ctx(state).error!);
      await expect(building(ui)).toHaveCount(0);
    },
    'funnelBuilder.loadingDropoff': async (ui) => {
      await expect(page(ui).getByText('Listing the players who dropped…')).toBeVisible();
    },
    'funnelBuilder.ready': async (ui, state, via) => {
      await expect(building(ui)).toHaveCount(0);
      await expect(everyPlayer(ui)).toBeVisible();
      await expect(dialog(ui)).toHaveCount(0);
      const { question: q, dropoffError } = ctx(state);
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
      await kit.readySaved(ui, state, via, 'funnelId', 'Path funnel');
    },
  },
  timeout: 90_000,
};
