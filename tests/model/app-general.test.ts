/**
 * Paths of the app-general machine (src/machines/app-general/app-general.machine.ts): every state reachable; a valid
 * save ('App settings saved.', the session refreshed); the docs/app-settings.md §App settings states store-status field rules (package / bundle required
 * when not NotReady, store URL only when InStore) and real formats blocking a save; a too-large icon refused at once;
 * a viewer's 403 in the server's words; other failures keep every edit; Discard changes restores the saved values.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { appGeneralMachine } from '../../src/machines/app-general/app-general.machine';
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
const INPUT = {
  appId: 'pixel-racer-android',
  data: {
    appName: 'Pixel Racer',
    googleStatus: 'InDev' as const,
    googlePackageName: 'dev.demostudio.pixelracer',
    googleStoreUrl: null,
    appleStatus: 'NotReady' as const,
    appleBundleId: null,
    applePackageName: null,
    appleStoreUrl: null,
  },
};
const model = defineModel(appGeneralMachine, {
  CHANGE: [
    { type: 'CHANGE', field: 'appName', value: 'Pixel Racer Turbo' },
    { type: 'CHANGE', field: 'googlePackageName', value: 'pixel racer' },
    {
      type: 'CHANGE',
      field: 'googleStoreUrl',
      value: 'https://play.google.com/store/apps/details?id=dev.demostudio.pixelracer',
    },
  ],
  SET_STATUS: [
    { type: 'SET_STATUS', store: 'google', status: 'InStore' },
    { type: 'SET_STATUS', store: 'apple', status: 'InDev' },
  ],
  PICK_ICON: [
    { type: 'PICK_ICON', file: { name: 'icon.png', size: 4096, type: 'image/png' } },
    { type: 'PICK_ICON', file: { name: 'huge.png', size: 1_000_001, type: 'image/png' } },
  ],
  SUBMIT: { type: 'SUBMIT' },
  RESET: { type: 'RESET' },
  SYNC: { type: 'SYNC', data: { ...INPUT.data, appName: 'Renamed Elsewhere' } },
  'xstate.done.actor.updateGeneral': [
    done('updateGeneral', {
      success: true,
      data: {
        id: 'pixel-racer-android',
        appName: 'Pixel Racer Turbo',
        platform: 'android' as const,
        enabled: true,
        image: null,
        plugins: [],
      },
    }),
    done('updateGeneral', {
      success: false,
      data: {
        id: 'pixel-racer-android',
        appName: 'Pixel Racer',
        platform: 'android' as const,
        enabled: true,
        image: null,
        plugins: [],
      },
    }),
  ],
  'xstate.error.actor.updateGeneral': [
    failed('updateGeneral', apiError(403, VIEW_ONLY, 'access_missing_role_for_action')),
    failed('updateGeneral', apiError(413, 'File is too large!', 'file_too_large')),
    failed('updateGeneral', serverCrash()),
    failed('updateGeneral', apiError(409, 'This app is already in this workspace.', 'app_exists')),
  ],
});
const ev = {
  rename: fixture(model, 'CHANGE', 0),
  badPackage: fixture(model, 'CHANGE', 1),
  storeUrl: fixture(model, 'CHANGE', 2),
  googleInStore: fixture(model, 'SET_STATUS', 0),
  appleInDev: fixture(model, 'SET_STATUS', 1),
  icon: fixture(model, 'PICK_ICON', 0),
  hugeIcon: fixture(model, 'PICK_ICON', 1),
  submit: fixture(model, 'SUBMIT'),
  reset: fixture(model, 'RESET'),
  sync: fixture(model, 'SYNC'),
};
const outcome = {
  saved: fixture(model, 'xstate.done.actor.updateGeneral', 0),
  refused: fixture(model, 'xstate.done.actor.updateGeneral', 1),
  viewer: fixture(model, 'xstate.error.actor.updateGeneral', 0),
  tooLarge: fixture(model, 'xstate.error.actor.updateGeneral', 1),
  crashed: fixture(model, 'xstate.error.actor.updateGeneral', 2),
  duplicate: fixture(model, 'xstate.error.actor.updateGeneral', 3),
};
const path = (events: EventObject[]) => pathOf(appGeneralMachine, events, INPUT);
const pending = appGeneralMachine.provide({ actors: { updateGeneral: pendingForever() } });

describe('app-general machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(appGeneralMachine, model.events, {
      input: INPUT,
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.values.appName,
          s.context.values.googleStatus,
          s.context.error,
          Object.keys(s.context.errors as object).length,
        ]),
    });
    expect(unreachedStateNodeIds(appGeneralMachine, paths)).toEqual([]);
  });

  it("saves name, icon and InStore with its URL: 'App settings saved.', the session refreshed", async () => {
    const journey = path([ev.rename, ev.icon, ev.googleInStore, ev.storeUrl, ev.submit, outcome.saved]);
    expect(journey.steps[5]!.state.matches('saving')).toBe(true);
    expect(journey.state.matches('editing')).toBe(true);
    expect(journey.state.context.saved).toMatchObject({ appName: 'Pixel Racer Turbo', googleStatus: 'InStore' });
    expect(journey.state.context.icon).toBeNull();
    const { machine, spies } = spyActions(pending, ['saved', 'notify']);
    await replay(machine, journey, INPUT);
    expect(spies.notify).toHaveBeenCalledWith({ message: 'App settings saved.', kind: 'success' });
    expect(spies.saved).toHaveBeenCalledTimes(1);
  });

  it('store-status rules block a save: InStore needs its URL, a bad package name, InDev on iOS needs a bundle id', () => {
    const noUrl = path([ev.googleInStore, ev.submit]);
    expect(noUrl.state.matches('editing')).toBe(true);
    expect(noUrl.state.context.errors).toEqual({ googleStoreUrl: 'Store URL is required.' });
    const badPackage = path([ev.badPackage, ev.submit]);
    expect(badPackage.state.context.errors.googlePackageName).toBe(
      'Enter a valid package name, such as com.example.game.',
    );
    const noBundle = path([ev.appleInDev, ev.submit]);
    expect(noBundle.state.context.errors).toEqual({ appleBundleId: 'Bundle ID is required.' });
    expect(noBundle.state.matches('editing')).toBe(true);
  });

  it('an icon over 1,000,000 bytes is refused when picked and blocks the save', () => {
    const huge = path([ev.hugeIcon]);
    expect(huge.state.context.errors.icon).toBe('File is too large!');
    expect(path([ev.hugeIcon, ev.submit]).state.matches('editing')).toBe(true);
  });

  it("failures keep every edit: the viewer's 403 and a duplicate in the server's words, others the generic words", async () => {
    const cases: Array<[EventObject, string]> = [
      [outcome.viewer, VIEW_ONLY],
      [outcome.duplicate, 'This app is already in this workspace.'],
      [outcome.refused, 'Something went wrong when saving the app settings. Try again later!'],
      [outcome.crashed, 'Something went wrong when saving the app settings. Try again later!'],
      [outcome.tooLarge, 'File is too large!'],
    ];
    for (const [failure, message] of cases) {
      const journey = path([ev.rename, ev.submit, failure]);
      expect(journey.state.matches('editing')).toBe(true);
      expect(journey.state.context.values.appName).toBe('Pixel Racer Turbo');
      expect(journey.state.context.saved.appName).toBe('Pixel Racer');
      expect(journey.state.context.error).toBe(message);
      const { machine, spies } = spyActions(pending, ['saved', 'notify']);
      await replay(machine, journey, INPUT);
      expect(spies.notify).toHaveBeenCalledWith({ message, kind: 'error' });
      expect(spies.saved).not.toHaveBeenCalled();
    }
  });

  it('cancel: Discard changes restores the saved values; a change made elsewhere syncs in when nothing is edited', () => {
    const discarded = path([ev.rename, ev.googleInStore, ev.submit, ev.reset]);
    expect(discarded.state.context).toMatchObject({ values: INPUT.data, errors: {}, error: null });
    expect(path([ev.sync]).state.context.values.appName).toBe('Renamed Elsewhere');
    expect(path([ev.rename, ev.sync]).state.context.values.appName).toBe('Pixel Racer Turbo');
    expect(path([ev.rename, ev.submit]).state.can(ev.reset)).toBe(false);
  });
});
