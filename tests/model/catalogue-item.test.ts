/**
 * Paths of the catalogue-item machine (src/machines/catalogue-item/catalogue-item.machine.ts): every state reachable;
 * adding an item (the rules blocking a save: name, sku format and uniqueness against the listed items, price,
 * subscription period), editing one (its own sku allowed), removing with a confirmation and cancel; failures keeping
 * the draft (a sku taken meanwhile on the SKU field, a viewer's 403 in the server's words, others generic).
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { catalogueItemMachine } from '../../src/machines/catalogue-item/catalogue-item.machine';
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

const VIEW_ONLY =
  'You currently have view-only access and cannot make any changes. Please contact your administrator if you need edit permissions.';
const chest = {
  id: 'item-1',
  name: 'Chest of Gems',
  sku: 'gems_chest',
  type: 'consumable' as const,
  priceUsd: 9.99,
  period: null,
};
const pass = {
  id: 'item-2',
  name: 'Dragon Pass',
  sku: 'dragon_pass',
  type: 'subscription' as const,
  priceUsd: 7.99,
  period: 'month' as const,
};
const INPUT = { appId: 'dragon-merge-android', items: [chest, pass] };
const model = defineModel(catalogueItemMachine, {
  SYNC: { type: 'SYNC', items: [chest] },
  ADD: { type: 'ADD' },
  EDIT: { type: 'EDIT', item: chest },
  REMOVE: { type: 'REMOVE', item: pass },
  CHANGE: [
    { type: 'CHANGE', field: 'name', value: 'Sack of Coins' },
    { type: 'CHANGE', field: 'sku', value: 'coins_sack' },
    { type: 'CHANGE', field: 'price', value: '1.99' },
    { type: 'CHANGE', field: 'sku', value: 'dragon_pass' },
    { type: 'CHANGE', field: 'price', value: '1.999' },
    { type: 'CHANGE', field: 'type', value: 'subscription' },
    { type: 'CHANGE', field: 'period', value: 'year' },
  ],
  SUBMIT: { type: 'SUBMIT' },
  CONFIRM: { type: 'CONFIRM' },
  CANCEL: { type: 'CANCEL' },
  'xstate.done.actor.saveItem': [
    done('saveItem', {
      success: true,
      data: { ...chest, id: 'item-3', name: 'Sack of Coins', sku: 'coins_sack', priceUsd: 1.99 },
    }),
    done('saveItem', { success: false, data: chest }),
  ],
  'xstate.error.actor.saveItem': [
    failed('saveItem', apiError(400, 'Another item of this app already uses this SKU.', 'sku_taken')),
    failed('saveItem', apiError(403, VIEW_ONLY, 'access_missing_role_for_action')),
    failed('saveItem', serverCrash()),
  ],
  'xstate.done.actor.removeItem': [
    done('removeItem', { success: true, message: 'Item removed from the catalogue.' }),
    done('removeItem', { success: false }),
  ],
  'xstate.error.actor.removeItem': failed('removeItem', serverCrash()),
});
const ev = {
  sync: fixture(model, 'SYNC'),
  add: fixture(model, 'ADD'),
  edit: fixture(model, 'EDIT'),
  remove: fixture(model, 'REMOVE'),
  name: fixture(model, 'CHANGE', 0),
  sku: fixture(model, 'CHANGE', 1),
  price: fixture(model, 'CHANGE', 2),
  takenSku: fixture(model, 'CHANGE', 3),
  badPrice: fixture(model, 'CHANGE', 4),
  subscription: fixture(model, 'CHANGE', 5),
  yearly: fixture(model, 'CHANGE', 6),
  submit: fixture(model, 'SUBMIT'),
  confirm: fixture(model, 'CONFIRM'),
  cancel: fixture(model, 'CANCEL'),
};
const save = {
  ok: fixture(model, 'xstate.done.actor.saveItem', 0),
  refused: fixture(model, 'xstate.done.actor.saveItem', 1),
  taken: fixture(model, 'xstate.error.actor.saveItem', 0),
  viewer: fixture(model, 'xstate.error.actor.saveItem', 1),
  crashed: fixture(model, 'xstate.error.actor.saveItem', 2),
};
const removal = {
  ok: fixture(model, 'xstate.done.actor.removeItem', 0),
  refused: fixture(model, 'xstate.done.actor.removeItem', 1),
  crashed: fixture(model, 'xstate.error.actor.removeItem'),
};
const path = (events: EventObject[]) => pathOf(catalogueItemMachine, events, INPUT);
const pending = catalogueItemMachine.provide({ actors: { saveItem: pendingForever(), removeItem: pendingForever() } });
const FILLED = [ev.add, ev.name, ev.sku, ev.price];

describe('catalogue-item machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(catalogueItemMachine, model.events, {
      input: INPUT,
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.target?.id ?? null,
          s.context.error,
          Object.keys(s.context.errors as object).length,
        ]),
    });
    expect(unreachedStateNodeIds(catalogueItemMachine, paths)).toEqual([]);
  });

  it("adds an item: the request carries the price in dollars; 'Item added to the catalogue.', the list refreshed", async () => {
    const journey = path([...FILLED, ev.submit, save.ok]);
    const saving = journey.steps[5]!.state;
    expect(saving.matches('saving')).toBe(true);
    expect(saving.context.draft).toEqual({
      name: 'Sack of Coins',
      sku: 'coins_sack',
      type: 'consumable',
      price: '1.99',
      period: null,
    });
    expect(journey.state.matches('idle')).toBe(true);
    const { machine, spies } = spyActions(pending, ['notify', 'changed']);
    await replay(machine, journey, INPUT);
    expect(spies.notify).toHaveBeenCalledWith({ message: 'Item added to the catalogue.', kind: 'success' });
    expect(spies.changed).toHaveBeenCalledWith({ appId: INPUT.appId });
  });

  it('the rules block a save with field errors: empty fields, a listed sku, a third decimal, a subscription period', () => {
    const blank = path([ev.add, ev.submit]);
    expect(blank.state.matches('editing')).toBe(true);
    expect(blank.state.context.errors).toEqual({
      name: 'Name is required.',
      sku: 'SKU is required.',
      price: 'Enter a price from 0.00 to 999.99 USD, with at most two decimals.',
    });
    const taken = path([...FILLED, ev.takenSku, ev.badPrice, ev.subscription, ev.submit]);
    expect(taken.state.context.errors).toEqual({
      sku: 'Another item of this app already uses this SKU.',
      price: 'Enter a price from 0.00 to 999.99 USD, with at most two decimals.',
      period: 'Choose how often the subscription renews.',
    });
    // Once the other item is gone from the list (SYNC), its sku is free.
    expect(path([...FILLED, ev.takenSku, ev.sync, ev.submit]).state.matches('saving')).toBe(true);
    expect(path([...FILLED, ev.subscription, ev.yearly, ev.submit]).state.matches('saving')).toBe(true);
  });

  it("edits an item keeping its own sku: 'Item updated.'", async () => {
    const journey = path([ev.edit, ev.name, ev.submit, save.ok]);
    expect(journey.steps[1]!.state.context.draft).toEqual({
      name: 'Chest of Gems',
      sku: 'gems_chest',
      type: 'consumable',
      price: '9.99',
      period: null,
    });
    expect(journey.steps[3]!.state.matches('saving')).toBe(true);
    const { machine, spies } = spyActions(pending, ['notify']);
    await replay(machine, journey, INPUT);
    expect(spies.notify).toHaveBeenCalledWith({ message: 'Item updated.', kind: 'success' });
  });

  it('a failed save keeps the draft: a sku taken meanwhile on its field, the viewer 403, others generic', () => {
    const cases: Array<[EventObject, string | null, Record<string, string>]> = [
      [save.taken, null, { sku: 'Another item of this app already uses this SKU.' }],
      [save.viewer, VIEW_ONLY, {}],
      [save.crashed, 'Something went wrong when saving the item. Try again later!', {}],
      [save.refused, 'Something went wrong when saving the item. Try again later!', {}],
    ];
    for (const [failure, error, errors] of cases) {
      const journey = path([...FILLED, ev.submit, failure]);
      expect(journey.state.matches('editing')).toBe(true);
      expect(journey.state.context.error).toBe(error);
      expect(journey.state.context.errors).toEqual(errors);
      expect(journey.state.context.draft.name).toBe('Sack of Coins');
    }
  });

  it("removes after a confirmation: 'Item removed from the catalogue.'; cancel and failures", async () => {
    const journey = path([ev.remove, ev.confirm, removal.ok]);
    expect(journey.steps[1]!.state.matches('confirmingRemove')).toBe(true);
    expect(journey.state.matches('idle')).toBe(true);
    const { machine, spies } = spyActions(pending, ['notify', 'changed']);
    await replay(machine, journey, INPUT);
    expect(spies.notify).toHaveBeenCalledWith({ message: 'Item removed from the catalogue.', kind: 'success' });
    expect(spies.changed).toHaveBeenCalledTimes(1);
    expect(path([ev.remove, ev.cancel]).state.matches('idle')).toBe(true);
    for (const failure of [removal.refused, removal.crashed]) {
      const failedRemove = path([ev.remove, ev.confirm, failure]);
      expect(failedRemove.state.matches('confirmingRemove')).toBe(true);
      expect(failedRemove.state.context.error).toBe('Something went wrong when removing the item. Try again later!');
    }
    expect(path([...FILLED, ev.cancel]).state.matches('idle')).toBe(true);
    expect(path([...FILLED, ev.cancel, ev.add]).state.context.draft.name).toBe('');
  });
});
