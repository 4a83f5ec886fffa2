/**
 * The Monetize campaign form (src/machines/monetize-form, src/views/monetize/MonetizeFormPage.tsx; docs/monetize.md
 * §Rules and limits Monetize validation, §Messages, §Rules and limits default refPublicPrice 1): each event → what
 * the admin does on a new campaign's form (monetize/new), each state → the form: its values, its errors in words,
 * the save's words, and the list after a save.
 *
 * Data: every test adds its own app (no event source) to a throwaway workspace with Monetize turned on through the
 * test-only fixtures route. The journey creates the campaign for real; the save's refusal, a 409 with the server's
 * words and a crash are routed.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  monetizeFormMachine,
  type MonetizeFormContext,
  type MonetizeFormEvent,
} from '../../../src/machines/monetize-form/monetize-form.machine';
import { ApiError } from '../../../src/services/http';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { appPath } from '../pages/demo';
import { appByApi, throwawayWorkspace } from '../pages/apps.page';
import { monetizeByFixture } from '../pages/fixtures';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

// docs/monetize.md §Messages and §Rules and limits, literally.
const CREATED = 'Monetize created successfully.';
const CREATE_FAILED = 'Failed to create Monetize!';
const CHOOSE_COUNTRY = 'Choose at least one country.';
const ENTER_PRICE = 'Enter the reference public price, in dollars.';
const ABOVE_REFERENCE = 'The minimum accepted price must not be above the reference public price ($1.20).';
const REFUSED = 'This app already has a Monetize campaign.';
const CONFLICT = 'Another campaign was saved meanwhile.';
const SOURCE = { id: null, events: [] };

interface FormUi extends Ui {
  shell: Shell;
  appId: string;
  workspaceId: string;
}

type Ev<K extends MonetizeFormEvent['type']> = Extract<MonetizeFormEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as MonetizeFormContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const statusOf = (event: EventObject) => {
  const error = (event as EventObject & { error?: unknown }).error;
  return error instanceof ApiError ? error.status : 500;
};
const succeeded = (event: EventObject) =>
  !isCrash(event) && (event as EventObject & { output: { success: boolean } }).output.success;

const E = {
  source: { type: 'SYNC_SOURCE', source: SOURCE },
  noPrice: { type: 'SET', field: 'refPublicPrice', value: '' },
  price: { type: 'SET', field: 'refPublicPrice', value: '1.2' },
  minPrice: { type: 'SET', field: 'minAcceptedPrice', value: '3' },
  noMinPrice: { type: 'SET', field: 'minAcceptedPrice', value: '' },
  countries: { type: 'SET_LIST', field: 'countries', value: ['US'] },
  someApps: { type: 'SET_AUDIENCE', field: 'sendTrafficToApp', value: 'some' },
  allApps: { type: 'SET_AUDIENCE', field: 'sendTrafficToApp', value: 'all' },
  somePlayers: { type: 'SET_AUDIENCE', field: 'displayQuestTo', value: 'some' },
  country: { type: 'SET_CONDITION', index: 0, patch: { value: 'US' } },
  addCondition: { type: 'ADD_CONDITION' },
  removeCondition: { type: 'REMOVE_CONDITION', index: 1 },
  submit: { type: 'SUBMIT' },
  saved: doneEvent('save', { success: true, data: null }),
  refused: doneEvent('save', { success: false, reason: REFUSED }),
  conflict: { type: 'xstate.error.actor.save', error: new ApiError(409, CONFLICT, 'conflict') } as EventObject,
  crashed: crashEvent('save'),
} satisfies Record<string, MonetizeFormEvent | EventObject>;

const saveCall = outcome<FormUi>(
  { method: 'POST', url: /\/api\/monetize$/ },
  (event) => {
    if (!isCrash(event))
      return succeeded(event) ? answers.server : { status: 200, json: { success: false, reason: REFUSED } };
    return statusOf(event) === 409
      ? { status: 409, json: { success: false, message: CONFLICT, code: 'conflict' } }
      : answers.crash;
  },
  (event) => `save ${isCrash(event) ? statusOf(event) : succeeded(event) ? '✓' : 'refused'}`,
);

const field = (ui: FormUi, label: string) => ui.page.getByLabel(label, { exact: true });
const saveButton = (ui: FormUi) => ui.page.getByRole('button', { name: 'Save campaign', exact: true });
const group = (ui: FormUi, legend: RegExp) => ui.page.getByRole('group', { name: legend });
const condition = (ui: FormUi, index: number) => ui.page.getByRole('listitem', { name: `Condition ${index + 1}` });
const newForm = (ui: FormUi) => appPath(ui.appId, 'monetize/new', ui.workspaceId);

export const monetizeFormTable: FlowTable<FormUi> = {
  flow: 'monetize-form',
  machine: monetizeFormMachine,
  serialize: (state) => JSON.stringify(state.value),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    const workspace = await throwawayWorkspace(page.request, token);
    await monetizeByFixture(page.request, workspace.id);
    const appId = await appByApi(page.request, token, workspace.id, 'Path Campaign');
    return { page, appId, workspaceId: workspace.id, shell: new Shell(page) };
  },
  traversals: [
    {
      // The event source read; Save shows what is missing, in words; a minimum price above the reference one is
      // refused; countries, the traffic and player choices, a condition added and removed; the save refused (its
      // reason), a 409 (the server's words) and a crash (ours) keep every field; then it is created.
      name: 'new campaign',
      kind: 'journey',
      input: { appId: 'app', campaign: null, source: SOURCE },
      open: async (ui) => {
        await ui.page.goto(newForm(ui));
        await expect(ui.page.getByRole('heading', { level: 1, name: 'New Campaign' })).toBeVisible({ timeout: 30_000 });
      },
      events: [
        E.source,
        E.noPrice,
        E.minPrice,
        E.submit,
        E.price,
        E.noMinPrice,
        E.countries,
        E.someApps,
        E.allApps,
        E.somePlayers,
        E.country,
        E.addCondition,
        E.removeCondition,
        E.submit,
        E.refused,
        E.submit,
        E.conflict,
        E.submit,
        E.crashed,
        E.submit,
        E.saved,
      ],
    },
  ],
  events: {
    SYNC_SOURCE: {
      act: async (ui) => {
        await ui.page.reload();
        await expect(ui.page.getByRole('heading', { level: 1, name: 'New Campaign' })).toBeVisible();
      },
      label: () => 'SYNC_SOURCE (the event source read)',
    },
    SET: {
      act: (ui, event: Ev<'SET'>) =>
        field(ui, event.field === 'refPublicPrice' ? 'Reference public price ($)' : 'Minimum accepted price ($)').fill(
          event.value,
        ),
      label: (event: Ev<'SET'>) => `${event.field} '${event.value}'`,
    },
    SET_LIST: {
      act: async (ui, event: Ev<'SET_LIST'>) => {
        for (const code of event.value)
          await group(ui, /^Countries/)
            .getByRole('checkbox', { name: code })
            .check();
      },
      label: (event: Ev<'SET_LIST'>) => `${event.field} ${event.value.join(',')}`,
    },
    SET_AUDIENCE: {
      act: (ui, event: Ev<'SET_AUDIENCE'>) => {
        const labels = {
          sendTrafficToApp: { all: 'All apps', some: 'Some apps' },
          displayQuestTo: { all: 'All players', some: 'Players matching conditions' },
        } as const;
        return ui.page.getByRole('radio', { name: labels[event.field][event.value] }).check();
      },
      label: (event: Ev<'SET_AUDIENCE'>) => `${event.field} ${event.value}`,
    },
    SET_CONDITION: {
      act: (ui, event: Ev<'SET_CONDITION'>) =>
        condition(ui, event.index).getByLabel('Value', { exact: true }).fill(String(event.patch.value)),
      label: (event: Ev<'SET_CONDITION'>) => `condition ${event.index + 1} value ${String(event.patch.value)}`,
    },
    ADD_CONDITION: { act: (ui) => ui.page.getByRole('button', { name: 'Add condition', exact: true }).click() },
    REMOVE_CONDITION: {
      act: (ui, event: Ev<'REMOVE_CONDITION'>) =>
        ui.page.getByRole('button', { name: `Remove condition ${event.index + 1}`, exact: true }).click(),
    },
    SUBMIT: { act: (ui) => saveButton(ui).click() },
    'xstate.done.actor.save': saveCall,
    'xstate.error.actor.save': saveCall,
  },
  states: {
    'monetizeForm.editing': async (ui, state, via) => {
      const c = ctx(state);
      if (via.type === 'xstate.done.actor.save' && succeeded(via)) {
        // Created: back on the list, the campaign LIVE with its choices.
        await expect(ui.shell.snackbar(CREATED)).toBeVisible();
        await expect(ui.page).toHaveURL(appPath(ui.appId, 'monetize/list', ui.workspaceId));
        await expect(ui.page.getByRole('switch', { name: 'Monetize Path Campaign' })).toBeChecked();
        await expect(ui.page.getByText('LIVE', { exact: true })).toBeVisible();
        await expect(ui.page.getByText('$1.20')).toBeVisible();
        await expect(ui.page.getByText('Players matching 1 condition')).toBeVisible();
        return;
      }
      await expect(ui.page).toHaveURL(newForm(ui));
      await expect(field(ui, 'Reference public price ($)')).toHaveValue(c.draft.refPublicPrice);
      await expect(field(ui, 'Minimum accepted price ($)')).toHaveValue(c.draft.minAcceptedPrice);
      for (const code of c.draft.countries)
        await expect(group(ui, /^Countries/).getByRole('checkbox', { name: code })).toBeChecked();
      await expect(ui.page.getByRole('radio', { name: 'Some apps' })).toBeChecked({
        checked: c.draft.sendTrafficToApp === 'some',
      });
      await expect(ui.page.getByRole('radio', { name: 'Players matching conditions' })).toBeChecked({
        checked: c.draft.displayQuestTo === 'some',
      });
      if (c.draft.displayQuestTo === 'some') {
        await expect(ui.page.getByRole('listitem', { name: /^Condition \d+$/ })).toHaveCount(
          c.draft.targetConditions.length,
        );
        for (const [i, cond] of c.draft.targetConditions.entries())
          await expect(condition(ui, i).getByLabel('Value', { exact: true })).toHaveValue(cond.value);
      }
      // The rules in words, once a save was tried.
      if (c.errors.countries) await expect(group(ui, /^Countries/).getByText(CHOOSE_COUNTRY)).toBeVisible();
      else await expect(ui.page.getByText(CHOOSE_COUNTRY)).toHaveCount(0);
      if (c.errors.refPublicPrice) await expect(ui.page.getByText(ENTER_PRICE)).toBeVisible();
      else await expect(ui.page.getByText(ENTER_PRICE)).toHaveCount(0);
      if (c.errors.minAcceptedPrice === ABOVE_REFERENCE) await expect(ui.page.getByText(ABOVE_REFERENCE)).toBeVisible();
      // The save's words: its reason, the server's words for a 409, ours for a crash.
      if (c.error) await expect(ui.page.getByRole('alert').filter({ hasText: c.error }).first()).toBeVisible();
      if (isCrash(via) && statusOf(via) === 500)
        await expect(ui.page.getByRole('alert').filter({ hasText: CREATE_FAILED }).first()).toBeVisible();
      await expect(saveButton(ui)).toBeEnabled();
    },
    'monetizeForm.saving': async (ui) => {
      await expect(saveButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
  },
  timeout: 120_000,
};
