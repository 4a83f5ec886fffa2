/**
 * The Acquire target (src/machines/acquire-settings, src/views/acquire/TargetTab.tsx; docs/acquire.md §Target
 * settings states, §Rules and limits, §Messages): each event → what the admin does on Dragon Merge (iOS)'s
 * acquire/target, each state → the form, its words and the route-leave question.
 *
 * Data: the demo app's stored settings. The form's load is routed (its answer is the fixture below, so the page
 * shows what the machine predicts); the Acquire page around it loads for real first (the path opens on the Quests
 * tab and goes to Target, so only the form's own load is held). The journey saves for real and the stored settings
 * are put back as they were at the end; the save's refusal and crash are routed.
 */
import { expect, type Request, type Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  acquireSettingsMachine,
  type AcquireSettingsContext,
  type AcquireSettingsEvent,
} from '../../../src/machines/acquire-settings/acquire-settings.machine';
import type { AcquisitionSettingsDraft } from '../../../src/contracts/acquire';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { Modal } from '../pages/modal';
import { appPath } from '../pages/demo';
import { answers, crashEvent, doneEvent, outcome, type EventEntry, type FlowTable, type Ui } from './driver';
import { QUEST_APP, questsPath } from './quests';

// docs/acquire.md §Messages and ours, literally.
const SAVE_ERROR = 'Error saving settings';
const LOAD_FAILED = 'The acquisition settings could not be loaded.';
const REFUSED = 'The daily budget is above your credit limit.';
const SAVED = 'Settings saved.';
const targetPath = appPath(QUEST_APP, 'acquire/target');
const settingsUrl = new RegExp(`/api/app/${QUEST_APP}/acquire/settings$`);

const FIXTURE: AcquisitionSettingsDraft = {
  countries: ['US', 'GB'],
  dailyBudget: 150,
  targetKpi: 'roas_d7',
  targetKpiValue: 5,
  analysisPeriod: 30,
};

interface TargetUi extends Ui {
  shell: Shell;
  token: string;
  /** The settings stored before the test (put back at its end). */
  stored: AcquisitionSettingsDraft | null;
  /** The form's load is held only once the page around it has loaded. */
  armed: boolean;
  load: { release: (answer: unknown) => void; answered: Promise<void> } | null;
}

type Ev<K extends AcquireSettingsEvent['type']> = Extract<AcquireSettingsEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as AcquireSettingsContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const outputOf = (event: EventObject) =>
  (event as EventObject & { output: { success: boolean; message?: string } }).output;

const E = {
  loaded: doneEvent('loadSettings', { success: true, data: FIXTURE }),
  loadRefused: doneEvent('loadSettings', { success: false }),
  loadCrashed: crashEvent('loadSettings'),
  retry: { type: 'RETRY' },
  budget: { type: 'CHANGE', field: 'dailyBudget', value: '175' },
  budgetEmpty: { type: 'CHANGE', field: 'dailyBudget', value: '' },
  period: { type: 'CHANGE', field: 'analysisPeriod', value: '14' },
  countries: { type: 'SET_COUNTRIES', countries: ['US', 'GB', 'DE'] },
  compared: { type: 'xstate.after.200.acquireSettings.editing.comparing' },
  suggestOn: { type: 'TOGGLE_SUGGESTIONS', value: true },
  suggestOff: { type: 'TOGGLE_SUGGESTIONS', value: false },
  submit: { type: 'SUBMIT' },
  leave: { type: 'LEAVE', to: questsPath },
  stay: { type: 'STAY' },
  confirmLeave: { type: 'CONFIRM_LEAVE' },
  saved: doneEvent('saveSettings', { success: true, message: '' }),
  saveRefused: doneEvent('saveSettings', { success: false, message: REFUSED }),
  saveCrashed: crashEvent('saveSettings'),
};

/** The form's own load: held once armed (the page's query has loaded by then), answered with the event's payload. */
const loadCall: EventEntry<TargetUi> = {
  arrange: async (ui) => {
    let release!: (answer: unknown) => void;
    const decided = new Promise<unknown>((resolve) => (release = resolve));
    let done!: () => void;
    const answered = new Promise<void>((resolve) => (done = resolve));
    let settled = false;
    const handler = async (route: Route, request: Request) => {
      if (!ui.armed || settled || request.method() !== 'GET') return route.fallback();
      settled = true;
      const answer = await decided;
      try {
        await route.fulfill({
          status: answer === 'crash' ? 500 : 200,
          json: answer === 'crash' ? (answers.crash as { json: unknown }).json : answer,
        });
      } catch {
        // the page went away
      } finally {
        done();
        await ui.page.unroute(settingsUrl, handler);
      }
    };
    await ui.page.route(settingsUrl, handler);
    ui.load = { release, answered };
  },
  act: async (ui, event) => {
    const held = ui.load!;
    ui.load = null;
    held.release(isCrash(event) ? 'crash' : outputOf(event));
    await held.answered;
  },
  label: (event) => `load ${isCrash(event) ? '500' : outputOf(event).success ? '✓' : 'refused'}`,
};
const saveCall = outcome<TargetUi>(
  { method: 'POST', url: settingsUrl },
  (event) =>
    isCrash(event)
      ? answers.crash
      : outputOf(event).success
        ? answers.server
        : answers.refused(outputOf(event).message),
  (event) => `save ${isCrash(event) ? '500' : outputOf(event).success ? '✓' : 'refused'}`,
);

const LABELS = {
  dailyBudget: 'Daily budget (USD)',
  analysisPeriod: 'Analysis period (days)',
  targetKpiValue: 'Target value',
};
const form = (ui: TargetUi) => ui.page.getByRole('form', { name: 'Acquisition target' });
const field = (ui: TargetUi, name: keyof typeof LABELS) => ui.page.getByLabel(LABELS[name], { exact: true });
const leaveDialog = (ui: TargetUi) => new Modal(ui.page, 'Leave without saving?');
const saveButton = (ui: TargetUi) => ui.page.getByRole('button', { name: 'Save', exact: true });

/** Opens the Quests tab (the page's own query loads there), then arms the hold and goes to Target. */
async function open(ui: TargetUi) {
  await ui.page.goto(questsPath);
  await expect(ui.page.getByRole('button', { name: 'New quest', exact: true })).toBeVisible({ timeout: 30_000 });
  ui.armed = true;
  await ui.page.getByRole('tab', { name: 'Target' }).click();
}

async function editing(ui: TargetUi, state: AnyMachineSnapshot, via: EventObject) {
  const c = ctx(state);
  if (via.type === 'xstate.done.actor.saveSettings' && outputOf(via).success)
    await expect(ui.shell.snackbar(SAVED)).toBeVisible();
  await expect(form(ui)).toBeVisible();
  await leaveDialog(ui).expectClosed();
  await expect(field(ui, 'dailyBudget')).toHaveValue(c.values.dailyBudget);
  await expect(field(ui, 'analysisPeriod')).toHaveValue(c.values.analysisPeriod);
  await expect(field(ui, 'targetKpiValue')).toHaveValue(c.values.targetKpiValue);
  for (const code of c.values.countries)
    await expect(
      form(ui).getByRole('button', {
        name: new RegExp(`^Remove (${code}|${new Intl.DisplayNames(['en'], { type: 'region' }).of(code)})$`),
      }),
    ).toBeVisible();
  await expect(ui.page.getByLabel('Suggest quests and prices from my data')).toBeChecked({
    checked: c.applyPriceSuggestions,
  });
  for (const name of ['dailyBudget', 'analysisPeriod'] as const) {
    if (c.errors[name]) await expect(field(ui, name)).toHaveAttribute('aria-invalid', 'true');
    else await expect(field(ui, name)).not.toHaveAttribute('aria-invalid', 'true');
  }
  // The save's words: the server's reason in 'Failed to save settings: …', or ours.
  if (c.error) await expect(form(ui).getByRole('alert')).toHaveText(c.error);
  else await expect(form(ui).getByRole('alert')).toHaveCount(0);
  if (isCrash(via)) await expect(form(ui).getByRole('alert')).toHaveText(SAVE_ERROR);
  if (via.type === 'xstate.done.actor.saveSettings' && !outputOf(via).success)
    await expect(form(ui).getByRole('alert')).toHaveText(`Failed to save settings: ${REFUSED}`);
  await expect(saveButton(ui)).toBeEnabled();
}

export const acquireSettingsTable: FlowTable<TargetUi> = {
  flow: 'acquire-settings',
  machine: acquireSettingsMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).dirty]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    const res = await page.request.get(`/api/app/${QUEST_APP}/acquire/settings`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const stored = ((await res.json()) as { data: AcquisitionSettingsDraft | null }).data;
    return { page, token, stored, armed: false, load: null, shell: new Shell(page) };
  },
  async teardown(ui) {
    if (!ui.stored) return;
    const res = await ui.page.request.post(`/api/app/${QUEST_APP}/acquire/settings`, {
      headers: { authorization: `Bearer ${ui.token}` },
      data: { settings: ui.stored, applyPriceSuggestions: false },
    });
    expect(res.status(), 'the stored acquisition settings put back').toBe(200);
  },
  traversals: [
    {
      name: 'load fails',
      kind: 'shortest',
      input: { appId: QUEST_APP },
      open,
      events: [E.loadRefused],
    },
    {
      // Nothing changed: leaving asks nothing.
      name: 'leave unchanged',
      kind: 'journey',
      input: { appId: QUEST_APP },
      open,
      events: [E.loaded, E.leave],
    },
    {
      // It cannot load, Try again loads it; a change is compared after 200 ms; leaving asks (stay keeps it); an empty
      // budget is refused in the form; the save refused (the server's reason) and crashed keep every field;
      // suggestions on and off; saved; then leaving with a change asks, and leaves.
      name: 'edit, save and leave',
      kind: 'journey',
      input: { appId: QUEST_APP },
      open,
      events: [
        E.loadCrashed,
        E.retry,
        E.loaded,
        E.budget,
        E.compared,
        E.leave,
        E.stay,
        E.budgetEmpty,
        E.submit,
        E.budget,
        E.period,
        E.countries,
        E.compared,
        E.submit,
        E.saveRefused,
        E.submit,
        E.saveCrashed,
        E.suggestOn,
        E.suggestOff,
        E.submit,
        E.saved,
        E.budgetEmpty,
        E.compared,
        E.leave,
        E.confirmLeave,
      ],
    },
  ],
  events: {
    RETRY: { act: (ui) => ui.page.getByRole('button', { name: 'Try again' }).click() },
    CHANGE: {
      act: (ui, event: Ev<'CHANGE'>) => field(ui, event.field as keyof typeof LABELS).fill(event.value),
      label: (event: Ev<'CHANGE'>) => `${event.field} '${event.value}'`,
    },
    SET_COUNTRIES: {
      act: async (ui, event: Ev<'SET_COUNTRIES'>) => {
        const added = event.countries.filter((code) => !FIXTURE.countries.includes(code));
        for (const code of added) {
          await ui.page.getByLabel('Countries', { exact: true }).fill(code);
          await ui.page.getByRole('option', { name: new RegExp(`\\(${code}\\)`) }).click();
        }
        await ui.page.keyboard.press('Escape');
      },
    },
    'xstate.after.200.acquireSettings.editing.comparing': {
      act: (ui) => ui.page.waitForTimeout(400),
      label: () => 'after 200 ms',
    },
    TOGGLE_SUGGESTIONS: {
      act: (ui, event: Ev<'TOGGLE_SUGGESTIONS'>) =>
        ui.page.getByLabel('Suggest quests and prices from my data').setChecked(event.value),
      label: (event: Ev<'TOGGLE_SUGGESTIONS'>) => `suggestions ${event.value ? 'on' : 'off'}`,
    },
    SUBMIT: { act: (ui) => saveButton(ui).click() },
    LEAVE: { act: (ui) => ui.page.getByRole('tab', { name: 'Quests' }).click() },
    STAY: { act: (ui) => leaveDialog(ui).root.getByRole('button', { name: 'Cancel', exact: true }).click() },
    CONFIRM_LEAVE: { act: (ui) => leaveDialog(ui).root.getByRole('button', { name: 'Leave', exact: true }).click() },
    'xstate.done.actor.loadSettings': loadCall,
    'xstate.error.actor.loadSettings': loadCall,
    'xstate.done.actor.saveSettings': saveCall,
    'xstate.error.actor.saveSettings': saveCall,
  },
  states: {
    'acquireSettings.loading': async (ui) => {
      await expect(ui.page.getByRole('status', { name: 'Loading target' })).toBeVisible();
    },
    'acquireSettings.loadFailed': async (ui) => {
      await expect(ui.page.getByRole('alert').filter({ hasText: LOAD_FAILED })).toBeVisible();
      await expect(ui.page.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
    'acquireSettings.editing.settled': async (ui, state, via) => {
      await editing(ui, state, via);
      if (ctx(state).dirty) await expect(ui.page.getByText('Unsaved changes', { exact: true })).toBeVisible();
      else await expect(ui.page.getByText('Unsaved changes', { exact: true })).toHaveCount(0);
    },
    'acquireSettings.editing.comparing': (ui, state, via) => editing(ui, state, via),
    'acquireSettings.confirmLeave': async (ui) => {
      const dialog = leaveDialog(ui);
      await dialog.expectOpen();
      await expect(dialog.root).toContainText(
        'You have unsaved changes to the target. If you leave this page, they will be lost.',
      );
      await expect(ui.page).toHaveURL(targetPath);
    },
    'acquireSettings.saving': async (ui) => {
      await expect(saveButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
    'acquireSettings.left': async (ui) => {
      await leaveDialog(ui).expectClosed();
      await expect(ui.page).toHaveURL(questsPath);
      await expect(ui.page.getByRole('button', { name: 'New quest', exact: true })).toBeVisible();
    },
  },
  timeout: 180_000,
};
