/**
 * The daily-process flow's table (src/machines/daily-process/daily-process.machine.ts, the Process Data Daily switch of
 * src/views/integrations/DataStatusCard.tsx; docs/integrations.md §Plugin states "toggles attributes.dailyProcess; on failure it reverts"): each
 * event → what the admin does on the BigQuery tab of Dragon Merge (Android), each state → what the switch shows. Each
 * test starts with the switch on (set through the API) and puts back the plugin's own value at the end, so the demo
 * data stays as seeded. Refusals and crashes are answered through Playwright routes.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  dailyProcessMachine,
  type DailyProcessContext,
  type DailyProcessEvent,
} from '../../../src/machines/daily-process/daily-process.machine';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { appPath } from '../pages/demo';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

const APP = 'dragon-merge-android';
const PLUGIN = `${APP}-bigquery`;
/** Our words for a failed switch (docs/integrations.md §Messages names none). */
const DAILY_FAILED = 'Failed to update Process Data Daily.';

interface DailyUi extends Ui {
  token: string;
  /** The plugin's value on the server (what the switch shows when the flow shows nothing of its own). */
  saved: boolean;
  /** The value the plugin had before the test. */
  original: boolean;
}

const E = {
  off: { type: 'TOGGLE', value: false },
  on: { type: 'TOGGLE', value: true },
  saved: doneEvent('saveDailyProcess', { success: true }),
  refused: doneEvent('saveDailyProcess', { success: false }),
  crashed: crashEvent('saveDailyProcess'),
};

const ctx = (state: AnyMachineSnapshot) => state.context as DailyProcessContext;
const isError = (event: EventObject) => event.type.startsWith('xstate.error.');
const succeeded = (event: EventObject) =>
  !isError(event) && (event as EventObject & { output: { success: boolean } }).output.success;
const saveCall = outcome<DailyUi>(
  { method: 'POST', url: /\/api\/plugins\/[^/]+\/daily-process$/ },
  (event) => (isError(event) ? answers.crash : succeeded(event) ? answers.server : answers.refused()),
  (event) => (isError(event) ? 'save 500' : succeeded(event) ? 'save ✓' : 'save refused'),
);
/** The outcome, and what the server now holds when it was saved. */
const saveOutcome = {
  ...saveCall,
  act: async (ui: DailyUi, event: EventObject, before: AnyMachineSnapshot) => {
    await saveCall.act(ui, event, before);
    if (succeeded(event)) ui.saved = ctx(before).shown!;
  },
};

async function setDaily(request: APIRequestContext, token: string, dailyProcess: boolean) {
  const res = await request.post(`/api/plugins/${PLUGIN}/daily-process`, {
    headers: { authorization: `Bearer ${token}` },
    data: { dailyProcess },
  });
  expect(res.status(), 'set Process Data Daily through the API').toBe(200);
}

const dailySwitch = (ui: DailyUi) => ui.page.getByRole('switch', { name: 'Process Data Daily' });

export const dailyProcessTable: FlowTable<DailyUi> = {
  flow: 'daily-process',
  machine: dailyProcessMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).shown]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    const res = await page.request.get(`/api/plugins/${PLUGIN}`, { headers: { authorization: `Bearer ${token}` } });
    const original =
      ((await res.json()) as { attributes?: { dailyProcess?: boolean } }).attributes?.dailyProcess ?? false;
    await setDaily(page.request, token, true);
    return { page, token, saved: true, original };
  },
  async teardown(ui) {
    await setDaily(ui.page.request, ui.token, ui.original);
  },
  traversals: [
    {
      name: 'turn off',
      kind: 'shortest',
      input: { pluginId: PLUGIN, appId: APP },
      open: (ui) => ui.page.goto(appPath(APP, 'integrations/BigQuery')).then(() => {}),
      events: [E.off, E.saved],
    },
    {
      // A refusal and a crash put the switch back and say so; then off, and on again.
      name: 'failures, off, on',
      kind: 'journey',
      input: { pluginId: PLUGIN, appId: APP },
      open: (ui) => ui.page.goto(appPath(APP, 'integrations/BigQuery')).then(() => {}),
      events: [E.off, E.refused, E.off, E.crashed, E.off, E.saved, E.on, E.saved],
    },
  ],
  events: {
    TOGGLE: {
      act: async (ui, event: DailyProcessEvent) => {
        await expect(dailySwitch(ui)).toBeChecked({ checked: !event.value });
        await dailySwitch(ui).click({ force: true }); // the input is visually hidden behind its track
      },
      label: (event: DailyProcessEvent) => (event.value ? 'TOGGLE on' : 'TOGGLE off'),
    },
    'xstate.done.actor.saveDailyProcess': saveOutcome,
    'xstate.error.actor.saveDailyProcess': saveOutcome,
  },
  states: {
    'dailyProcess.idle': async (ui, state, via) => {
      await expect(dailySwitch(ui)).toBeChecked({ checked: ctx(state).shown ?? ui.saved });
      await expect(dailySwitch(ui)).toBeEnabled();
      if (via.type.startsWith('xstate.') && via.type !== 'xstate.init' && !succeeded(via)) {
        await expect(new Shell(ui.page).snackbar(DAILY_FAILED).last()).toBeVisible();
      }
    },
    'dailyProcess.saving': async (ui, state) => {
      // The switch shows the new value at once, and waits.
      await expect(dailySwitch(ui)).toBeChecked({ checked: ctx(state).shown! });
      await expect(dailySwitch(ui)).toBeDisabled();
    },
  },
  timeout: 60_000,
};
