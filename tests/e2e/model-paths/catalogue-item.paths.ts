/**
 * One catalogue item (src/machines/catalogue-item, src/views/settings/CatalogueTab.tsx; docs/app-settings.md
 * §Entities App.catalogue; the rules and words in src/contracts/catalogue.ts): each event → what the admin does on
 * App Settings → Catalogue, each state → the 'Add item' / 'Edit item' dialog, the 'Remove item?' question, the list.
 *
 * Data: every test adds its own app to a throwaway workspace; the edit-and-remove journey starts from one item made
 * through the API. Saves and removes succeed on the real server; refusals, a taken SKU (409) and crashes are routed.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  catalogueItemMachine,
  type CatalogueItemContext,
  type CatalogueItemEvent,
} from '../../../src/machines/catalogue-item/catalogue-item.machine';
import type { CatalogueItem } from '../../../src/contracts/catalogue';
import { ApiError } from '../../../src/services/http';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { Modal } from '../pages/modal';
import { appPath } from '../pages/demo';
import { appByApi, throwawayWorkspace } from '../pages/apps.page';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

// src/contracts/catalogue.ts, literally.
const ITEM_ADDED = 'Item added to the catalogue.';
const ITEM_UPDATED = 'Item updated.';
const ITEM_REMOVED = 'Item removed from the catalogue.';
const ITEM_SAVE_FAILED = 'Something went wrong when saving the item. Try again later!';
const ITEM_REMOVE_FAILED = 'Something went wrong when removing the item. Try again later!';
const SKU_TAKEN = 'Another item of this app already uses this SKU.';

const ITEM: CatalogueItem = {
  id: 'item',
  name: 'Gem Pack',
  sku: 'gems_100',
  type: 'consumable',
  priceUsd: 0.99,
  period: null,
};

interface CatalogueUi extends Ui {
  shell: Shell;
  appId: string;
  workspaceId: string;
}

type Ev<K extends CatalogueItemEvent['type']> = Extract<CatalogueItemEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as CatalogueItemContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const statusOf = (event: EventObject) => {
  const error = (event as EventObject & { error?: unknown }).error;
  return error instanceof ApiError ? error.status : 500;
};
const succeeded = (event: EventObject) =>
  !isCrash(event) && (event as EventObject & { output: { success: boolean } }).output.success;

const E = {
  sync: { type: 'SYNC', items: [ITEM] },
  add: { type: 'ADD' },
  edit: { type: 'EDIT', item: ITEM },
  remove: { type: 'REMOVE', item: ITEM },
  name: { type: 'CHANGE', field: 'name', value: 'Coin Chest' },
  sku: { type: 'CHANGE', field: 'sku', value: 'coins_500' },
  otherSku: { type: 'CHANGE', field: 'sku', value: 'coins_1000' },
  price: { type: 'CHANGE', field: 'price', value: '4.99' },
  newPrice: { type: 'CHANGE', field: 'price', value: '1.99' },
  submit: { type: 'SUBMIT' },
  confirm: { type: 'CONFIRM' },
  cancel: { type: 'CANCEL' },
  saved: doneEvent('saveItem', { success: true, data: ITEM }),
  saveRefused: doneEvent('saveItem', { success: false }),
  saveCrashed: crashEvent('saveItem'),
  skuTaken: { type: 'xstate.error.actor.saveItem', error: new ApiError(409, SKU_TAKEN, 'sku_taken') } as EventObject,
  removed: doneEvent('removeItem', { success: true }),
  removeRefused: doneEvent('removeItem', { success: false }),
  removeCrashed: crashEvent('removeItem'),
} satisfies Record<string, CatalogueItemEvent | EventObject>;

const call = (method: string, url: RegExp, name: string) =>
  outcome<CatalogueUi>(
    { method, url },
    (event) => {
      if (!isCrash(event)) return succeeded(event) ? answers.server : answers.refused();
      if (statusOf(event) === 409)
        return { status: 409, json: { success: false, message: SKU_TAKEN, code: 'sku_taken' } };
      return answers.crash;
    },
    (event) => `${name} ${isCrash(event) ? statusOf(event) : succeeded(event) ? '✓' : 'refused'}`,
  );
const addCall = call('POST', /\/api\/app\/[^/]+\/catalogue$/, 'add');
const updateCall = call('PUT', /\/api\/app\/[^/]+\/catalogue\/[^/]+$/, 'update');
const removeCall = call('DELETE', /\/api\/app\/[^/]+\/catalogue\/[^/]+$/, 'remove');

const itemDialog = (ui: CatalogueUi, isNew: boolean) => new Modal(ui.page, isNew ? 'Add item' : 'Edit item');
const removeDialog = (ui: CatalogueUi) => new Modal(ui.page, 'Remove item?');
const anyDialog = (ui: CatalogueUi) => ui.page.getByRole('dialog');
const LABELS = { name: 'Name', sku: 'SKU', price: 'Price (USD)' } as const;
const row = (ui: CatalogueUi, name: string) => ui.page.getByRole('row').filter({ hasText: name });

export const catalogueItemTable: FlowTable<CatalogueUi> = {
  flow: 'catalogue-item',
  machine: catalogueItemMachine,
  serialize: (state) => JSON.stringify(state.value),
  async setup(page, events) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    const workspace = await throwawayWorkspace(page.request, token);
    const appId = await appByApi(page.request, token, workspace.id, 'Path Catalogue');
    if (events.some((event) => event.type === 'EDIT' || event.type === 'REMOVE')) {
      const { id: _id, ...input } = ITEM;
      const res = await page.request.post(`/api/app/${appId}/catalogue`, {
        headers: { authorization: `Bearer ${token}` },
        data: input,
      });
      expect(res.status(), `the item to edit: ${await res.text()}`).toBeLessThan(300);
    }
    return { page, appId, workspaceId: workspace.id, shell: new Shell(page) };
  },
  traversals: [
    {
      name: 'add, cancelled',
      kind: 'shortest',
      input: { appId: 'app', items: [] },
      open: (ui) => ui.page.goto(appPath(ui.appId, 'settings/catalogue', ui.workspaceId)).then(() => undefined),
      events: [E.add, E.cancel],
    },
    {
      // Add shows what is missing; the save refused and crashed keep the draft with our words; a SKU taken
      // meanwhile lands on the SKU field; another SKU is added.
      name: 'add',
      kind: 'journey',
      input: { appId: 'app', items: [] },
      open: (ui) => ui.page.goto(appPath(ui.appId, 'settings/catalogue', ui.workspaceId)).then(() => undefined),
      events: [
        E.add,
        E.submit,
        E.name,
        E.sku,
        E.price,
        E.submit,
        E.saveRefused,
        E.submit,
        E.saveCrashed,
        E.submit,
        E.skuTaken,
        E.otherSku,
        E.submit,
        E.saved,
      ],
    },
    {
      // The list read (SYNC); edit and save; remove asks (cancel keeps it); refused and crashed ask again with our
      // words; removed.
      name: 'edit and remove',
      kind: 'journey',
      input: { appId: 'app', items: [] },
      open: (ui) => ui.page.goto(appPath(ui.appId, 'settings/catalogue', ui.workspaceId)).then(() => undefined),
      events: [
        E.sync,
        E.edit,
        E.newPrice,
        E.submit,
        E.saved,
        E.remove,
        E.cancel,
        E.remove,
        E.confirm,
        E.removeRefused,
        E.confirm,
        E.removeCrashed,
        E.confirm,
        E.removed,
      ],
    },
  ],
  events: {
    SYNC: {
      act: async (ui) => {
        await ui.page.reload();
        await expect(row(ui, ITEM.name)).toBeVisible();
      },
      label: () => 'SYNC (the list read)',
    },
    ADD: { act: (ui) => ui.page.getByRole('button', { name: 'Add item', exact: true }).first().click() },
    EDIT: { act: (ui, event: Ev<'EDIT'>) => ui.page.getByRole('button', { name: `Edit ${event.item.name}` }).click() },
    REMOVE: {
      act: (ui, event: Ev<'REMOVE'>) => ui.page.getByRole('button', { name: `Remove ${event.item.name}` }).click(),
    },
    CHANGE: {
      act: (ui, event: Ev<'CHANGE'>) =>
        anyDialog(ui)
          .getByLabel(LABELS[event.field as keyof typeof LABELS], { exact: true })
          .fill(event.value),
      label: (event: Ev<'CHANGE'>) => `${event.field} '${event.value}'`,
    },
    SUBMIT: {
      act: (_ui, _event, before) => {
        const c = ctx(before);
        return itemDialog(_ui, c.target === null)
          .root.getByRole('button', { name: c.target === null ? 'Add item' : 'Save item', exact: true })
          .click();
      },
    },
    CONFIRM: { act: (ui) => removeDialog(ui).root.getByRole('button', { name: 'Remove', exact: true }).click() },
    CANCEL: { act: (ui) => anyDialog(ui).getByRole('button', { name: 'Cancel', exact: true }).click() },
    'xstate.done.actor.saveItem': {
      arrange: async (ui, event) => {
        await addCall.arrange!(ui, event);
        await updateCall.arrange!(ui, event);
      },
      act: async (ui, event, before) => (ctx(before).target ? updateCall : addCall).act(ui, event, before),
      label: (event) => `save ${succeeded(event) ? '✓' : 'refused'}`,
    },
    'xstate.error.actor.saveItem': addCall,
    'xstate.done.actor.removeItem': removeCall,
    'xstate.error.actor.removeItem': removeCall,
  },
  states: {
    'catalogueItem.idle': async (ui, state, via) => {
      const c = ctx(state);
      if (via.type === 'xstate.done.actor.saveItem')
        await expect(ui.shell.snackbar(c.target ? ITEM_UPDATED : ITEM_ADDED)).toBeVisible();
      if (via.type === 'xstate.done.actor.removeItem') await expect(ui.shell.snackbar(ITEM_REMOVED)).toBeVisible();
      await expect(anyDialog(ui)).toHaveCount(0);
      if (via.type === 'xstate.done.actor.removeItem') await expect(row(ui, ITEM.name)).toHaveCount(0);
      else if (via.type === 'xstate.done.actor.saveItem') {
        const saved = row(ui, c.draft.name);
        await expect(saved).toContainText(c.draft.sku);
        await expect(saved).toContainText(`$${Number(c.draft.price).toFixed(2)}`);
      }
      // (the page's first load may take a while on a busy machine)
      await expect(ui.page.getByRole('button', { name: 'Add item', exact: true }).first()).toBeEnabled({
        timeout: 30_000,
      });
    },
    'catalogueItem.editing': async (ui, state, via) => {
      const c = ctx(state);
      const dialog = itemDialog(ui, c.target === null);
      await dialog.expectOpen();
      await expect(dialog.root.getByLabel('Name', { exact: true })).toHaveValue(c.draft.name);
      await expect(dialog.root.getByLabel('SKU', { exact: true })).toHaveValue(c.draft.sku);
      await expect(dialog.root.getByLabel('Price (USD)', { exact: true })).toHaveValue(c.draft.price);
      for (const name of ['name', 'sku', 'price'] as const) {
        const input = dialog.root.getByLabel(LABELS[name], { exact: true });
        if (c.errors[name]) await expect(input).toHaveAttribute('aria-invalid', 'true');
        else await expect(input).not.toHaveAttribute('aria-invalid', 'true');
      }
      if (isCrash(via) && statusOf(via) === 409) await expect(dialog.root.getByText(SKU_TAKEN)).toBeVisible();
      if (c.error) await expect(dialog.root.getByRole('alert')).toHaveText(ITEM_SAVE_FAILED);
      else await expect(dialog.root.getByRole('alert')).toHaveCount(0);
    },
    'catalogueItem.saving': async (ui, state) => {
      const isNew = ctx(state).target === null;
      await expect(
        itemDialog(ui, isNew).root.getByRole('button', { name: isNew ? 'Add item' : 'Save item', exact: true }),
      ).toHaveAttribute('aria-busy', 'true');
    },
    'catalogueItem.confirmingRemove': async (ui, state) => {
      const dialog = removeDialog(ui);
      await dialog.expectOpen();
      await expect(dialog.root).toContainText(
        `${ITEM.name} (${ITEM.sku}) will be removed from the catalogue. Quests that offer it will no longer find it.`,
      );
      if (ctx(state).error) await expect(dialog.root.getByText(ITEM_REMOVE_FAILED)).toBeVisible();
      // (the list behind the dialog is hidden from the accessibility tree, not gone)
      await expect(
        ui.page.getByRole('row', { includeHidden: true }).filter({ hasText: ITEM.name }).first(),
      ).toBeAttached();
    },
    'catalogueItem.removing': async (ui) => {
      await expect(removeDialog(ui).root.getByRole('button', { name: 'Remove', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
  },
  timeout: 90_000,
};
