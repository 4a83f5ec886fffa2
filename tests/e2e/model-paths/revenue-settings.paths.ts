/**
 * The Revenue Settings dialog's paths (src/machines/revenue-settings, src/views/integrations/RevenueSettingsDialog.tsx;
 * docs/integrations.md §Screens and routes event detail → Revenue Settings, §Rules and limits, §Messages the four revenue messages): each event → what an admin does on
 * Dragon Merge (iOS)'s in_app_purchase event detail (BigQuery tab), each state → the dialog or the detail's summary.
 *
 * Data: the demo event's settings. The journey saves them for real and deletes them for real at its end, so the
 * event is left with the defaults (as seeded); the shortest paths never save. Refusals and crashes are routed.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  revenueSettingsMachine,
  type RevenueSettingsContext,
  type RevenueSettingsEvent,
} from '../../../src/machines/revenue-settings/revenue-settings.machine';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { Modal } from '../pages/modal';
import { appPath } from '../pages/demo';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

const APP = 'dragon-merge-ios';
const EVENT = 'in_app_purchase';
const DEFAULTS = 'No revenue settings: counts IAP revenue from event_value_in_usd by default.';
const SAVED_SUMMARY = 'Counts Ads revenue from event_value_in_usd, currency in product_id.';
const SAVED = {
  revenueType: 'ads',
  revenueEp: 'event_value_in_usd',
  currencyEp: 'product_id',
} as Ev<'OPEN'>['settings'];

interface RevenueUi extends Ui {
  token: string;
  /** The event's id, read from the detail's request when the path opens it. */
  eventId: string | null;
  shell: Shell;
  dialog: Modal;
}

type Ev<K extends RevenueSettingsEvent['type']> = Extract<RevenueSettingsEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as RevenueSettingsContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const succeeded = (event: EventObject) =>
  !isCrash(event) && (event as EventObject & { output: { success: boolean } }).output.success;
const isOutcome = (event: EventObject) => /^xstate\.(done|error)\.actor\./.test(event.type);

const E = {
  openNew: { type: 'OPEN', settings: null },
  openSaved: { type: 'OPEN', settings: SAVED },
  type: { type: 'CHANGE', field: 'revenueType', value: 'ads' },
  revenue: { type: 'CHANGE', field: 'revenueEp', value: 'event_value_in_usd' },
  currency: { type: 'CHANGE', field: 'currencyEp', value: 'product_id' },
  save: { type: 'SAVE' },
  remove: { type: 'DELETE' },
  close: { type: 'CLOSE' },
  saved: doneEvent('saveRevenueSettings', { success: true }),
  saveRefused: doneEvent('saveRevenueSettings', { success: false }),
  saveCrashed: crashEvent('saveRevenueSettings'),
  deleted: doneEvent('deleteRevenueSettings', { success: true }),
  deleteRefused: doneEvent('deleteRevenueSettings', { success: false }),
  deleteCrashed: crashEvent('deleteRevenueSettings'),
} satisfies Record<string, RevenueSettingsEvent | EventObject>;

const call = (method: 'PUT' | 'DELETE') =>
  outcome<RevenueUi>(
    { method, url: /\/api\/app\/[^/]+\/events\/[^/]+\/revenue-settings$/ },
    (event) => (isCrash(event) ? answers.crash : succeeded(event) ? answers.server : answers.refused()),
    (event) => `${method === 'PUT' ? 'save' : 'delete'} ${isCrash(event) ? '500' : succeeded(event) ? '✓' : 'refused'}`,
  );

const LABELS = {
  revenueType: 'Revenue Type',
  revenueEp: 'Revenue Parameter',
  currencyEp: 'Currency Parameter',
} as const;
const choice = (ui: RevenueUi, field: keyof typeof LABELS) =>
  ui.dialog.root.getByRole('combobox', { name: LABELS[field] });
const button = (ui: RevenueUi, name: 'Save' | 'Delete' | 'Cancel') =>
  ui.dialog.root.getByRole('button', { name, exact: true });

async function resetSettings(request: APIRequestContext, token: string, eventId: string) {
  const res = await request.delete(`/api/app/${APP}/events/${eventId}/revenue-settings`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), 'revenue settings back to the defaults').toBeLessThan(500);
}

async function open(ui: RevenueUi) {
  await ui.page.goto(appPath(APP, 'integrations/BigQuery'));
  const events = ui.page.getByRole('region', { name: 'Events list' });
  await expect(events.getByRole('button', { name: EVENT, exact: true })).toBeVisible({ timeout: 60_000 });
  const detail = ui.page.waitForResponse(
    (res) =>
      res.request().method() === 'GET' && new RegExp(`/api/app/${APP}/events/[^/]+$`).test(new URL(res.url()).pathname),
  );
  await events.getByRole('button', { name: EVENT, exact: true }).click();
  ui.eventId = new URL((await detail).url()).pathname.split('/').pop()!;
  await expect(
    ui.page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('heading', { name: EVENT }),
  ).toBeVisible();
}

export const revenueSettingsTable: FlowTable<RevenueUi> = {
  flow: 'revenue-settings',
  machine: revenueSettingsMachine,
  serialize: (state) =>
    JSON.stringify([
      state.value,
      ctx(state).settings !== null,
      Object.values(ctx(state).form).filter(Boolean).length === 3,
    ]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    return { page, token, eventId: null, shell: new Shell(page), dialog: new Modal(page, 'Revenue Settings') };
  },
  // Whatever the path did or where it failed, the event is left with the defaults.
  teardown: async (ui) => {
    if (ui.eventId) await resetSettings(ui.page.request, ui.token, ui.eventId);
  },
  // One journey: a shortest path here only opens the dialog (every state is on the journey).
  traversals: [
    {
      // Cancel sends nothing; save refused and crashed (SPEC's words, the choices kept), then saved; opened again from the saved settings,
      // delete refused and crashed, then deleted (the defaults again).
      name: 'save and delete, each failing first',
      kind: 'journey',
      input: { appId: APP, eventId: EVENT },
      open,
      events: [
        E.openNew,
        E.close,
        E.openNew,
        E.type,
        E.revenue,
        E.currency,
        E.save,
        E.saveRefused,
        E.save,
        E.saveCrashed,
        E.save,
        E.saved,
        E.openSaved,
        E.remove,
        E.deleteRefused,
        E.remove,
        E.deleteCrashed,
        E.remove,
        E.deleted,
      ],
    },
  ],
  events: {
    OPEN: {
      act: (ui) => ui.page.getByRole('button', { name: 'Revenue Settings' }).click(),
      label: (event: Ev<'OPEN'>) => (event.settings ? 'OPEN (saved settings)' : 'OPEN (none)'),
    },
    CHANGE: {
      act: (ui, event: Ev<'CHANGE'>) =>
        choice(ui, event.field)
          .selectOption(event.value)
          .then(() => undefined),
      label: (event: Ev<'CHANGE'>) => `${LABELS[event.field]} ${event.value}`,
    },
    SAVE: { act: (ui) => button(ui, 'Save').click() },
    DELETE: { act: (ui) => button(ui, 'Delete').click() },
    CLOSE: { act: (ui) => button(ui, 'Cancel').click() },
    'xstate.done.actor.saveRevenueSettings': call('PUT'),
    'xstate.error.actor.saveRevenueSettings': call('PUT'),
    'xstate.done.actor.deleteRevenueSettings': call('DELETE'),
    'xstate.error.actor.deleteRevenueSettings': call('DELETE'),
  },
  states: {
    'revenueSettings.closed': async (ui, _state, via) => {
      await expect(ui.dialog.root).toBeHidden();
      if (via.type === 'xstate.done.actor.saveRevenueSettings') {
        await expect(ui.shell.snackbar('Revenue Settings saved successfully.')).toBeVisible();
        await expect(ui.page.getByText(SAVED_SUMMARY)).toBeVisible();
      } else {
        if (via.type === 'xstate.done.actor.deleteRevenueSettings')
          await expect(ui.shell.snackbar('Revenue Settings deleted successfully.')).toBeVisible();
        await expect(ui.page.getByText(DEFAULTS)).toBeVisible();
      }
    },
    'revenueSettings.editing': async (ui, state, via) => {
      const c = ctx(state);
      // The snackbar first: it stays 3 s (docs/integrations.md §Rules and limits).
      if (isOutcome(via)) {
        const words = via.type.endsWith('saveRevenueSettings')
          ? 'Failed to save Revenue Settings.'
          : 'Failed to delete Revenue Settings.';
        await expect(ui.shell.snackbar(words).last()).toBeVisible();
      }
      await ui.dialog.expectOpen();
      for (const field of Object.keys(LABELS) as (keyof typeof LABELS)[])
        await expect(choice(ui, field)).toHaveValue(c.form[field]);
      // Delete only for saved settings; Save once the three are chosen.
      await expect(button(ui, 'Delete')).toHaveCount(c.settings ? 1 : 0);
      if (Object.values(c.form).every(Boolean)) await expect(button(ui, 'Save')).toBeEnabled();
      else await expect(button(ui, 'Save')).toBeDisabled();
    },
    'revenueSettings.saving': async (ui) => {
      await expect(button(ui, 'Save')).toHaveAttribute('aria-busy', 'true');
      await expect(button(ui, 'Cancel')).toBeDisabled();
    },
    'revenueSettings.deleting': async (ui) => {
      await expect(button(ui, 'Delete')).toHaveAttribute('aria-busy', 'true');
      await expect(button(ui, 'Cancel')).toBeDisabled();
    },
  },
  timeout: 90_000,
};
