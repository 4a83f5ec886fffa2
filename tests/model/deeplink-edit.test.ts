/**
 * Paths of the deeplink-edit machine (src/machines/deeplink-edit/deeplink-edit.machine.ts): every state reachable; a
 * valid new url saved ('Deep link updated.', the list reloaded); the url rules checked as typed and blocking a save;
 * an unsupported platform never opens; an unchanged url sends nothing; success:false, the server's refusals and a
 * crash keep the dialog open with the typed url; Cancel closes without a call.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { deeplinkEditMachine } from '../../src/machines/deeplink-edit/deeplink-edit.machine';
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
const INPUT = { appId: 'dragon-merge-android' };
const ONELINK = {
  id: 'dl-dragon-android-onelink',
  type: 'OneLink',
  url: 'https://dragonmerge.onelink.me/Qb7x',
  platform: 'appsFlyer',
};
const ADJUST = {
  id: 'dl-dragon-android-adjust',
  type: 'AdjustLink',
  url: 'https://app.adjust.com/abc123x',
  platform: 'adjust',
};

const model = defineModel(deeplinkEditMachine, {
  EDIT: [
    { type: 'EDIT', link: ONELINK },
    { type: 'EDIT', link: ADJUST },
  ],
  CHANGE: [
    { type: 'CHANGE', url: ' https://dragonmerge.onelink.me/New1 ' },
    { type: 'CHANGE', url: 'https://evil.example.com/x' },
    { type: 'CHANGE', url: ONELINK.url },
  ],
  SUBMIT: { type: 'SUBMIT' },
  CANCEL: { type: 'CANCEL' },
  'xstate.done.actor.updateDeeplink': [
    done('updateDeeplink', { success: true }),
    done('updateDeeplink', { success: false }),
  ],
  'xstate.error.actor.updateDeeplink': [
    failed('updateDeeplink', apiError(403, VIEW_ONLY, 'access_missing_role_for_action')),
    failed('updateDeeplink', apiError(404, 'Deep link not found.', 'not_found')),
    failed('updateDeeplink', serverCrash()),
  ],
});
const ev = {
  edit: fixture(model, 'EDIT', 0),
  editAdjust: fixture(model, 'EDIT', 1),
  good: fixture(model, 'CHANGE', 0),
  offDomain: fixture(model, 'CHANGE', 1),
  same: fixture(model, 'CHANGE', 2),
  submit: fixture(model, 'SUBMIT'),
  cancel: fixture(model, 'CANCEL'),
};
const outcome = {
  saved: fixture(model, 'xstate.done.actor.updateDeeplink', 0),
  refused: fixture(model, 'xstate.done.actor.updateDeeplink', 1),
  viewer: fixture(model, 'xstate.error.actor.updateDeeplink', 0),
  gone: fixture(model, 'xstate.error.actor.updateDeeplink', 1),
  crashed: fixture(model, 'xstate.error.actor.updateDeeplink', 2),
};
const path = (events: EventObject[]) => pathOf(deeplinkEditMachine, events, INPUT);
const pending = deeplinkEditMachine.provide({ actors: { updateDeeplink: pendingForever() } });

describe('deeplink-edit machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(deeplinkEditMachine, model.events, {
      input: INPUT,
      serializeState: (s) => JSON.stringify([s.value, s.context.url, s.context.failure, s.context.fieldError]),
    });
    expect(unreachedStateNodeIds(deeplinkEditMachine, paths)).toEqual([]);
  });

  it("saves a new url (trimmed): 'Deep link updated.', the links reloaded, the dialog closed", async () => {
    const journey = path([ev.edit, ev.good, ev.submit, outcome.saved]);
    expect(journey.steps[3]!.state.matches('saving')).toBe(true);
    expect(journey.state.matches('idle')).toBe(true);
    expect(journey.state.context.link).toBeNull();
    const { machine, spies } = spyActions(pending, ['saved', 'notify']);
    await replay(machine, journey, INPUT);
    expect(spies.notify).toHaveBeenCalledWith({ message: 'Deep link updated.', kind: 'success' });
    expect(spies.saved).toHaveBeenCalledWith({ appId: INPUT.appId });
  });

  it('the url rules show as typed and block a save; an unchanged url sends nothing; an unsupported platform never opens', () => {
    const off = path([ev.edit, ev.offDomain]);
    expect(off.state.context.fieldError).toBe('An AppsFlyer link must be on onelink.me or app.appsflyer.com.');
    expect(path([ev.edit, ev.offDomain, ev.submit]).state.matches('editing')).toBe(true);
    expect(path([ev.edit, ev.good]).state.context.fieldError).toBeNull();
    expect(path([ev.edit, ev.same, ev.submit]).state.matches('idle')).toBe(true);
    expect(path([]).state.can(ev.editAdjust)).toBe(false);
    expect(path([]).state.can(ev.edit)).toBe(true);
  });

  it("failures keep the dialog and the typed url: success:false and a crash in SPEC-style words, 403 / 404 in the server's", async () => {
    const cases: Array<[EventObject, string]> = [
      [outcome.refused, 'Failed to update deep link.'],
      [outcome.crashed, 'Failed to update deep link.'],
      [outcome.viewer, VIEW_ONLY],
      [outcome.gone, 'Deep link not found.'],
    ];
    for (const [failure, message] of cases) {
      const journey = path([ev.edit, ev.good, ev.submit, failure]);
      expect(journey.state.matches('editing')).toBe(true);
      expect(journey.state.context.url).toBe(' https://dragonmerge.onelink.me/New1 ');
      expect(journey.state.context.failure).toBe(message);
      const { machine, spies } = spyActions(pending, ['saved', 'notify']);
      await replay(machine, journey, INPUT);
      expect(spies.notify).toHaveBeenCalledWith({ message, kind: 'error' });
      expect(spies.saved).not.toHaveBeenCalled();
    }
    // A retry after a failure saves.
    expect(path([ev.edit, ev.good, ev.submit, outcome.crashed, ev.submit, outcome.saved]).state.matches('idle')).toBe(
      true,
    );
  });

  it('cancel closes without a call and forgets the typed url; no cancel while saving', () => {
    const cancelled = path([ev.edit, ev.good, ev.cancel]);
    expect(cancelled.state.matches('idle')).toBe(true);
    expect(cancelled.state.context).toMatchObject({ link: null, failure: null, fieldError: null });
    expect(path([ev.edit, ev.good, ev.submit]).state.can(ev.cancel)).toBe(false);
    expect(path([ev.edit, ev.cancel, ev.edit]).state.context.url).toBe(ONELINK.url);
  });
});
