/**
 * Paths of the Revenue Settings dialog (src/machines/revenue-settings; docs/integrations.md §Screens and routes Revenue Settings dialog, §Rules and limits each field
 * required, §API endpoints save / delete revenue settings, §Messages the four revenue messages): every state reachable; Save only with
 * the three fields; Delete only when settings exist; each call's success, success:false and thrown outcome; Close.
 */
import { describe, expect, it } from 'vitest';
import { revenueSettingsMachine } from '../../src/machines/revenue-settings/revenue-settings.machine';
import { selectRevenueDialog } from '../../src/machines/revenue-settings/revenue-settings.selectors';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  pendingForever,
  replay,
  shortestPaths,
  spyActions,
  unreachedStateNodeIds,
} from './graph-harness';

const input = { appId: 'app-1', eventId: 'event-1' };
const SETTINGS = { revenueEp: 'value', revenueType: 'ads' as const, currencyEp: 'currency' };
const model = defineModel(revenueSettingsMachine, {
  OPEN: [
    { type: 'OPEN', settings: SETTINGS },
    { type: 'OPEN', settings: null },
  ],
  CHANGE: [
    { type: 'CHANGE', field: 'revenueType', value: 'iap' },
    { type: 'CHANGE', field: 'revenueEp', value: 'value' },
    { type: 'CHANGE', field: 'currencyEp', value: 'currency' },
  ],
  SAVE: { type: 'SAVE' },
  DELETE: { type: 'DELETE' },
  CLOSE: { type: 'CLOSE' },
  'xstate.done.actor.saveRevenueSettings': [
    done('saveRevenueSettings', { success: true }),
    done('saveRevenueSettings', { success: false }),
  ],
  'xstate.error.actor.saveRevenueSettings': failed(
    'saveRevenueSettings',
    apiError(400, 'The event has no such parameter.', 'unknown_parameter'),
  ),
  'xstate.done.actor.deleteRevenueSettings': [
    done('deleteRevenueSettings', { success: true }),
    done('deleteRevenueSettings', { success: false }),
  ],
  'xstate.error.actor.deleteRevenueSettings': failed('deleteRevenueSettings', apiError(500, 'boom', 'internal')),
});
const ev = {
  openWith: fixture(model, 'OPEN', 0),
  openEmpty: fixture(model, 'OPEN', 1),
  type: fixture(model, 'CHANGE', 0),
  revenue: fixture(model, 'CHANGE', 1),
  currency: fixture(model, 'CHANGE', 2),
  save: fixture(model, 'SAVE'),
  del: fixture(model, 'DELETE'),
  close: fixture(model, 'CLOSE'),
  saved: fixture(model, 'xstate.done.actor.saveRevenueSettings', 0),
  saveRefused: fixture(model, 'xstate.done.actor.saveRevenueSettings', 1),
  saveThrown: fixture(model, 'xstate.error.actor.saveRevenueSettings'),
  deleted: fixture(model, 'xstate.done.actor.deleteRevenueSettings', 0),
  deleteRefused: fixture(model, 'xstate.done.actor.deleteRevenueSettings', 1),
  deleteThrown: fixture(model, 'xstate.error.actor.deleteRevenueSettings'),
};
const spied = () =>
  spyActions(
    revenueSettingsMachine.provide({
      actors: { saveRevenueSettings: pendingForever(), deleteRevenueSettings: pendingForever() },
    }),
    ['notify', 'changed', 'logError'],
  );
const stateOf = (events: Parameters<typeof pathOf>[1]) => pathOf(revenueSettingsMachine, events, input);

describe('revenue-settings machine paths', () => {
  it('reaches every state node', () => {
    expect(
      unreachedStateNodeIds(revenueSettingsMachine, shortestPaths(revenueSettingsMachine, model.events, { input })),
    ).toEqual([]);
  });

  it('a new setting: Save only once the three fields are chosen, no Delete; saved closes with the SPEC message', async () => {
    const empty = stateOf([ev.openEmpty]);
    expect(selectRevenueDialog(empty.state as never)).toMatchObject({
      open: true,
      canSave: false,
      showDelete: false,
      canDelete: false,
    });
    // Neither Save nor Delete is taken (their guards refuse).
    expect((empty.state as never as { can(e: unknown): boolean }).can(ev.save)).toBe(false);
    expect((empty.state as never as { can(e: unknown): boolean }).can(ev.del)).toBe(false);
    const partial = stateOf([ev.openEmpty, ev.type, ev.revenue]);
    expect(selectRevenueDialog(partial.state as never).canSave).toBe(false);
    expect((partial.state as never as { can(e: unknown): boolean }).can(ev.save)).toBe(false);
    const path = stateOf([ev.openEmpty, ev.type, ev.revenue, ev.currency, ev.save, ev.saved]);
    expect(selectRevenueDialog(path.steps.at(-2)!.state as never)).toMatchObject({ saving: true, canSave: false });
    expect(path.state.value).toBe('closed');
    const { machine, spies } = spied();
    (await replay(machine, path, input)).stop();
    expect(spies.notify.mock.calls).toEqual([[{ message: 'Revenue Settings saved successfully.', kind: 'success' }]]);
    expect(spies.changed.mock.calls).toEqual([[{ appId: 'app-1' }]]);
  });

  it('existing settings fill the form and offer Delete; deleted closes with the SPEC message', async () => {
    const open = stateOf([ev.openWith]);
    expect(selectRevenueDialog(open.state as never)).toMatchObject({
      form: SETTINGS,
      canSave: true,
      showDelete: true,
      canDelete: true,
    });
    const path = stateOf([ev.openWith, ev.del, ev.deleted]);
    expect(selectRevenueDialog(path.steps.at(-2)!.state as never)).toMatchObject({
      deleting: true,
      canDelete: false,
      canSave: false,
    });
    const { machine, spies } = spied();
    (await replay(machine, path, input)).stop();
    expect(spies.notify.mock.calls).toEqual([[{ message: 'Revenue Settings deleted successfully.', kind: 'success' }]]);
    expect(spies.changed.mock.calls).toEqual([[{ appId: 'app-1' }]]);
  });

  it('a refused or thrown save keeps the dialog open with the form and says so', async () => {
    for (const outcome of [ev.saveRefused, ev.saveThrown]) {
      const path = stateOf([ev.openWith, ev.type, ev.save, outcome]);
      expect(path.state.value).toBe('editing');
      expect(selectRevenueDialog(path.state as never).form).toEqual({ ...SETTINGS, revenueType: 'iap' });
      const { machine, spies } = spied();
      (await replay(machine, path, input)).stop();
      expect(spies.notify.mock.calls).toEqual([[{ message: 'Failed to save Revenue Settings.', kind: 'error' }]]);
      expect(spies.changed).not.toHaveBeenCalled();
      expect(spies.logError).toHaveBeenCalledTimes(outcome === ev.saveThrown ? 1 : 0);
    }
  });

  it('a refused or thrown delete keeps the dialog open and says so', async () => {
    for (const outcome of [ev.deleteRefused, ev.deleteThrown]) {
      const path = stateOf([ev.openWith, ev.del, outcome]);
      expect(selectRevenueDialog(path.state as never)).toMatchObject({ open: true, showDelete: true });
      const { machine, spies } = spied();
      (await replay(machine, path, input)).stop();
      expect(spies.notify.mock.calls).toEqual([[{ message: 'Failed to delete Revenue Settings.', kind: 'error' }]]);
      expect(spies.changed).not.toHaveBeenCalled();
    }
  });

  it("Close (Cancel or Escape) leaves without a call; opening again starts from the event's settings", () => {
    const path = stateOf([ev.openWith, ev.type, ev.close, ev.openWith]);
    expect(selectRevenueDialog(path.state as never).form).toEqual(SETTINGS);
    expect(stateOf([ev.openWith, ev.close]).state.value).toBe('closed');
  });
});
