/**
 * The silence-threshold flow's table (src/machines/silence-threshold/silence-threshold.machine.ts, the "Silence alert"
 * card of src/views/integrations/SilenceThresholdCard.tsx; docs/notifications.md §Silent sources): each event → what
 * the admin does on the BigQuery tab of Dragon Merge (Android), each state → what the card shows. Each test starts
 * with the plugin's own threshold at 12 hours (set through the API) and puts the default back at the end, so the demo
 * data stays as seeded. Refusals and crashes are answered through Playwright routes.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  silenceThresholdMachine,
  type SilenceThresholdContext,
  type SilenceThresholdEvent,
} from '../../../src/machines/silence-threshold/silence-threshold.machine';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { appPath } from '../pages/demo';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

const APP = 'dragon-merge-android';
const PLUGIN = `${APP}-bigquery`;
const START_HOURS = 12;

interface SilenceUi extends Ui {
  token: string;
  /** The plugin's own threshold on the server (null: the default, 36 hours for BigQuery). */
  saved: number | null;
}

const E = {
  edit: { type: 'EDIT', hours: START_HOURS },
  to48: { type: 'CHANGE', value: '48' },
  tooMany: { type: 'CHANGE', value: '721' },
  save: { type: 'SAVE' },
  useDefault: { type: 'USE_DEFAULT' },
  cancel: { type: 'CANCEL' },
  saved: doneEvent('saveSilentHours', { success: true }),
  refused: doneEvent('saveSilentHours', { success: false }),
  crashed: crashEvent('saveSilentHours'),
};

const ctx = (state: AnyMachineSnapshot) => state.context as SilenceThresholdContext;
const isError = (event: EventObject) => event.type.startsWith('xstate.error.');
const succeeded = (event: EventObject) =>
  !isError(event) && (event as EventObject & { output: { success: boolean } }).output.success;
const saveCall = outcome<SilenceUi>(
  { method: 'PUT', url: /\/api\/plugins\/[^/]+\/silent-hours$/ },
  (event) => (isError(event) ? answers.crash : succeeded(event) ? answers.server : answers.refused()),
  (event) => (isError(event) ? 'save 500' : succeeded(event) ? 'save ✓' : 'save refused'),
);
const saveOutcome = {
  ...saveCall,
  act: async (ui: SilenceUi, event: EventObject, before: AnyMachineSnapshot) => {
    await saveCall.act(ui, event, before);
    if (succeeded(event)) ui.saved = ctx(before).saving;
  },
};

async function setHours(request: APIRequestContext, token: string, silentHours: number | null) {
  const res = await request.put(`/api/plugins/${PLUGIN}/silent-hours`, {
    headers: { authorization: `Bearer ${token}` },
    data: { silentHours },
  });
  expect(res.status(), 'set the silence threshold through the API').toBe(200);
}

const card = (ui: SilenceUi) => ui.page.getByRole('region', { name: 'Silence alert' });
const field = (ui: SilenceUi) => card(ui).getByLabel('Hours without new data');
const shownText = (hours: number | null) =>
  hours === null ? '36 hours (the default).' : `${hours} hour${hours === 1 ? '' : 's'}.`;

export const silenceThresholdTable: FlowTable<SilenceUi> = {
  flow: 'silence-threshold',
  machine: silenceThresholdMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).draft, !!ctx(state).problem, !!ctx(state).error]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    await setHours(page.request, token, START_HOURS);
    return { page, token, saved: START_HOURS };
  },
  async teardown(ui) {
    await setHours(ui.page.request, ui.token, null);
  },
  traversals: [
    {
      name: 'change the threshold',
      kind: 'shortest',
      input: { pluginId: PLUGIN, appId: APP },
      open: (ui) => ui.page.goto(appPath(APP, 'integrations/BigQuery')).then(() => {}),
      events: [E.edit, E.to48, E.tooMany, E.save, E.saved],
    },
    {
      // A refusal and a crash keep the form with its message; cancel; then the default, saved.
      name: 'failures, cancel, default',
      kind: 'journey',
      input: { pluginId: PLUGIN, appId: APP },
      open: (ui) => ui.page.goto(appPath(APP, 'integrations/BigQuery')).then(() => {}),
      events: [E.edit, E.save, E.refused, E.save, E.crashed, E.cancel, E.edit, E.useDefault, E.saved],
    },
  ],
  events: {
    EDIT: { act: (ui) => card(ui).getByRole('button', { name: 'Change' }).click() },
    CHANGE: {
      act: (ui, event: SilenceThresholdEvent & { type: 'CHANGE' }) => field(ui).fill(event.value),
      label: (event: SilenceThresholdEvent & { type: 'CHANGE' }) => `CHANGE ${event.value}`,
    },
    SAVE: { act: (ui) => card(ui).getByRole('button', { name: 'Save' }).click() },
    USE_DEFAULT: {
      act: (ui) =>
        card(ui)
          .getByRole('button', { name: /^Use default/ })
          .click(),
    },
    CANCEL: { act: (ui) => card(ui).getByRole('button', { name: 'Cancel' }).click() },
    'xstate.done.actor.saveSilentHours': saveOutcome,
    'xstate.error.actor.saveSilentHours': saveOutcome,
  },
  states: {
    'silenceThreshold.idle': async (ui, _state, via) => {
      await expect(card(ui).getByTestId('silence-threshold')).toContainText(shownText(ui.saved));
      await expect(card(ui).getByRole('button', { name: 'Change' })).toBeEnabled();
      if (via.type.startsWith('xstate.done.') && succeeded(via))
        await expect(new Shell(ui.page).snackbar('Saved.').last()).toBeVisible();
    },
    'silenceThreshold.editing': async (ui, state) => {
      await expect(field(ui)).toHaveValue(ctx(state).draft);
      const problem = ctx(state).problem;
      if (problem) {
        await expect(field(ui)).toHaveAttribute('aria-invalid', 'true');
        await expect(card(ui).getByText(problem)).toBeVisible();
      } else await expect(field(ui)).not.toHaveAttribute('aria-invalid', 'true');
      const error = ctx(state).error;
      if (error) await expect(card(ui).getByRole('alert')).toHaveText(error);
      else await expect(card(ui).getByRole('alert')).toHaveCount(0);
      await expect(card(ui).getByRole('button', { name: 'Save' })).toBeEnabled();
    },
    'silenceThreshold.saving': async (ui) => {
      await expect(card(ui).getByRole('button', { name: 'Save' })).toBeDisabled();
      await expect(card(ui).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    },
  },
  timeout: 60_000,
};
