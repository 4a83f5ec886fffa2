/**
 * Paths of the add-app machine (src/machines/add-app/add-app.machine.ts): every state reachable; search from 3
 * characters after the 500 ms debounce; select → review → Add App → closed with `created`; the store-URL path with
 * each docs/apps.md §Messages error; create failures with SPEC's words (and the duplicate's own); cancel from every step.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { addAppMachine } from '../../src/machines/add-app/add-app.machine';
import { storeKey, type AppSearchResult } from '../../src/contracts/apps';
import { selectAddApp } from '../../src/machines/add-app/add-app.selectors';
import {
  after,
  apiError,
  contractError,
  defineModel,
  done,
  eventTypes,
  failed,
  fixture,
  pathOf,
  pendingForever,
  replay,
  serverCrash,
  shortestPaths,
  shortestPathTo,
  spyActions,
  unreachedStateNodeIds,
} from './graph-harness';

const INPUT = { workspaceId: 'ws-1' };
const WORD_GARDEN: AppSearchResult = {
  appId: 'dev.demostudio.wordgarden',
  title: 'Word Garden',
  developer: 'Demo Studio',
  platform: 'android',
  icon: 'data:image/png;base64,iVBORw0KGgo=',
  imageBase64: 'iVBORw0KGgo=',
  url: 'https://play.google.com/store/apps/details?id=dev.demostudio.wordgarden',
  androidPackageName: 'dev.demostudio.wordgarden',
  description: 'Grow words.',
};
const DRAGON_IOS: AppSearchResult = {
  appId: '1600000001',
  title: 'Dragon Merge',
  platform: 'ios',
  appleBundleId: 'dev.demostudio.dragonmerge',
  applePackageName: '1600000001',
};
const DEBOUNCE = 'xstate.after.searchDebounce.addApp.search.debouncing';

const model = defineModel(addAppMachine, {
  OPEN: { type: 'OPEN' },
  CLOSE: { type: 'CLOSE' },
  SET_PLATFORM: [
    { type: 'SET_PLATFORM', platform: 'ios' },
    { type: 'SET_PLATFORM', platform: 'android' },
  ],
  TYPE: [
    { type: 'TYPE', query: 'wo' },
    { type: 'TYPE', query: 'word' },
  ],
  SELECT: { type: 'SELECT', result: WORD_GARDEN },
  USE_URL: { type: 'USE_URL' },
  CHANGE_URL: [
    { type: 'CHANGE_URL', url: 'not a url' },
    { type: 'CHANGE_URL', url: 'https://apps.apple.com/us/app/dragon-merge/id1600000001' },
  ],
  SUBMIT_URL: { type: 'SUBMIT_URL' },
  BACK: { type: 'BACK' },
  PICK_ICON: [
    { type: 'PICK_ICON', file: { name: 'icon.png', size: 1_000_000, type: 'image/png' } },
    { type: 'PICK_ICON', file: { name: 'huge.png', size: 1_000_001, type: 'image/png' } },
    { type: 'PICK_ICON', file: { name: 'notes.txt', size: 20, type: 'text/plain' } },
  ],
  ADD: { type: 'ADD' },
  [DEBOUNCE]: after(DEBOUNCE),
  'xstate.done.actor.search': [
    done('search', { success: true, data: [WORD_GARDEN], catalogue: 'sandbox' as const }),
    done('search', { success: true, data: [], catalogue: 'sandbox' as const }),
    done('search', { success: false, data: [] }),
  ],
  'xstate.error.actor.search': [
    failed('search', serverCrash()),
    failed('search', apiError(503, 'The app store could not be searched.', 'store_unavailable')),
  ],
  'xstate.done.actor.lookup': [
    done('lookup', { success: true, data: DRAGON_IOS, catalogue: 'sandbox' as const }),
    done('lookup', { success: false, message: 'invalid_url' }),
    done('lookup', { success: false, message: 'cant_load_data' }),
    done('lookup', { success: false, message: 'cant_get_app_data' }),
    done('lookup', { success: false, message: 'something_else' }),
  ],
  'xstate.error.actor.lookup': [
    failed('lookup', serverCrash()),
    failed('lookup', contractError('/api/app/store-lookup')),
  ],
  'xstate.done.actor.createApp': [
    done('createApp', { success: true, message: 'App created successfully.', data: { id: 'app-new' } }),
    done('createApp', { success: false, message: 'No.' }),
  ],
  'xstate.error.actor.createApp': [
    failed('createApp', apiError(409, 'This app is already in this workspace.', 'app_exists')),
    failed('createApp', apiError(400, 'File is too large!', 'file_too_large')),
    failed('createApp', apiError(400, 'googlePackageName is required', 'bad_request')),
    failed('createApp', serverCrash()),
    failed('createApp', new TypeError('Failed to fetch')),
  ],
});

const ev = {
  open: fixture(model, 'OPEN'),
  close: fixture(model, 'CLOSE'),
  ios: fixture(model, 'SET_PLATFORM', 0),
  short: fixture(model, 'TYPE', 0),
  word: fixture(model, 'TYPE', 1),
  debounce: fixture(model, DEBOUNCE),
  select: fixture(model, 'SELECT'),
  useUrl: fixture(model, 'USE_URL'),
  badUrl: fixture(model, 'CHANGE_URL', 0),
  goodUrl: fixture(model, 'CHANGE_URL', 1),
  submitUrl: fixture(model, 'SUBMIT_URL'),
  back: fixture(model, 'BACK'),
  icon: fixture(model, 'PICK_ICON', 0),
  hugeIcon: fixture(model, 'PICK_ICON', 1),
  textIcon: fixture(model, 'PICK_ICON', 2),
  add: fixture(model, 'ADD'),
};
const search = {
  found: fixture(model, 'xstate.done.actor.search', 0),
  none: fixture(model, 'xstate.done.actor.search', 1),
  refused: fixture(model, 'xstate.done.actor.search', 2),
  crashed: fixture(model, 'xstate.error.actor.search', 0),
  unavailable: fixture(model, 'xstate.error.actor.search', 1),
};
const lookup = {
  found: fixture(model, 'xstate.done.actor.lookup', 0),
  invalid: fixture(model, 'xstate.done.actor.lookup', 1),
  cantLoad: fixture(model, 'xstate.done.actor.lookup', 2),
  cantGet: fixture(model, 'xstate.done.actor.lookup', 3),
  unknown: fixture(model, 'xstate.done.actor.lookup', 4),
  crashed: fixture(model, 'xstate.error.actor.lookup', 0),
  contract: fixture(model, 'xstate.error.actor.lookup', 1),
};
const create = {
  created: fixture(model, 'xstate.done.actor.createApp', 0),
  refused: fixture(model, 'xstate.done.actor.createApp', 1),
  duplicate: fixture(model, 'xstate.error.actor.createApp', 0),
  tooLarge: fixture(model, 'xstate.error.actor.createApp', 1),
  badRequest: fixture(model, 'xstate.error.actor.createApp', 2),
  crashed: fixture(model, 'xstate.error.actor.createApp', 3),
  offline: fixture(model, 'xstate.error.actor.createApp', 4),
};

/**
 * Traversals tell states apart by their value and the context facts that steer guards (query long enough, a valid
 * URL, an icon error, created): the full context (every query, URL and icon combination) would explode the graph.
 */
const explore = {
  input: INPUT,
  serializeState: (s: { value: unknown; context: Record<string, unknown> }) =>
    JSON.stringify([
      s.value,
      String(s.context.query).length >= 3,
      s.context.url,
      s.context.iconError,
      s.context.createdId,
      s.context.selected !== null,
    ]),
};
const path = (events: EventObject[]) => pathOf(addAppMachine, events, INPUT);
const toResults = [ev.open, ev.word, ev.debounce, search.found];
const pending = addAppMachine.provide({
  actors: { search: pendingForever(), lookup: pendingForever(), createApp: pendingForever() },
});

describe('add-app machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(addAppMachine, model.events, explore);
    expect(unreachedStateNodeIds(addAppMachine, paths, ['addApp.search.check'])).toEqual([]);
  });

  it('search → select → review → Add App: closed with the new app, `created` called', async () => {
    const journey = path([...toResults, ev.select, ev.add, create.created]);
    expect(journey.steps[2]!.state.matches({ search: 'debouncing' })).toBe(true);
    expect(journey.steps[3]!.state.matches({ search: 'searching' })).toBe(true);
    expect(journey.steps[4]!.state.context).toMatchObject({ results: [WORD_GARDEN], catalogue: 'sandbox' });
    expect(journey.steps[5]!.state.matches({ review: 'ready' })).toBe(true);
    expect(journey.steps[6]!.state.matches({ review: 'adding' })).toBe(true);
    expect(journey.state.matches('closed')).toBe(true);
    expect(journey.state.context.createdId).toBe('app-new');

    const { machine, spies } = spyActions(pending, ['created', 'notify']);
    await replay(machine, journey, INPUT);
    expect(spies.created).toHaveBeenCalledWith({ id: 'app-new' });
    expect(spies.notify).not.toHaveBeenCalled();
  });

  it('the shortest way to a created app types a query, waits 500 ms, selects and adds', () => {
    const shortest = shortestPathTo(addAppMachine, model.events, {
      ...explore,
      toState: (s) => s.context.createdId !== null,
    });
    expect(eventTypes(shortest)).toEqual([
      'OPEN',
      'TYPE',
      DEBOUNCE,
      'xstate.done.actor.search',
      'SELECT',
      'ADD',
      'xstate.done.actor.createApp',
    ]);
  });

  it('searches only from 3 characters; each keystroke or platform change restarts the debounce', () => {
    expect(path([ev.open, ev.short]).state.matches({ search: 'idle' })).toBe(true);
    expect(path([ev.open, ev.short]).state.can(ev.debounce)).toBe(false);
    const restarted = path([ev.open, ev.word, ev.ios]);
    expect(restarted.state.matches({ search: 'debouncing' })).toBe(true);
    expect(restarted.state.context.platform).toBe('ios');
    // Shortening the query under 3 characters drops the results.
    const shortened = path([...toResults, ev.short]);
    expect(shortened.state.matches({ search: 'idle' })).toBe(true);
    expect(shortened.state.context.results).toEqual([]);
    expect(path([ev.open, ev.word, ev.debounce, search.none]).state.matches({ search: 'results' })).toBe(true);
  });

  it('a failed search shows the search_failed message (docs/apps.md §Messages)', () => {
    for (const outcome of [search.refused, search.crashed, search.unavailable]) {
      const failedSearch = path([ev.open, ev.word, ev.debounce, outcome]);
      expect(failedSearch.state.matches({ search: 'failed' })).toBe(true);
      expect(failedSearch.state.context.searchError).toBe('Failed to search for apps. Please try again.');
    }
    // Typing again searches again.
    expect(path([ev.open, ev.word, ev.debounce, search.crashed, ev.word]).state.matches({ search: 'debouncing' })).toBe(
      true,
    );
  });

  it('adds by store URL: a bad URL is refused before any call, a good one is looked up and reviewed', () => {
    const bad = path([ev.open, ev.useUrl, ev.badUrl, ev.submitUrl]);
    expect(bad.state.matches({ url: 'editing' })).toBe(true);
    expect(bad.state.context.urlError).toBe('Please enter a valid URL for your app.');
    const good = path([ev.open, ev.useUrl, ev.goodUrl, ev.submitUrl, lookup.found, ev.add, create.created]);
    expect(good.steps[4]!.state.matches({ url: 'looking' })).toBe(true);
    expect(good.steps[5]!.state.context.selected).toEqual(DRAGON_IOS);
    expect(good.state.matches('closed')).toBe(true);
  });

  it('each lookup failure shows its docs/apps.md §Messages words and keeps the URL', () => {
    const cases: Array<[EventObject, string]> = [
      [lookup.invalid, 'Please enter a valid URL for your app.'],
      [lookup.cantLoad, "Can't load data from the provided URL."],
      [lookup.cantGet, "Can't get app data from the provided URL."],
      [lookup.unknown, 'Failed to get app details. Please try again.'],
      [lookup.crashed, 'Failed to get app details. Please try again.'],
      [lookup.contract, 'Failed to get app details. Please try again.'],
    ];
    for (const [outcome, message] of cases) {
      const after = path([ev.open, ev.useUrl, ev.goodUrl, ev.submitUrl, outcome]);
      expect(after.state.matches({ url: 'editing' })).toBe(true);
      expect(after.state.context.urlError).toBe(message);
      expect(after.state.context.url).toBe('https://apps.apple.com/us/app/dragon-merge/id1600000001');
    }
  });

  it("create failures stay on review with SPEC's words; a duplicate says so in the server's words", async () => {
    const cases: Array<[EventObject, string]> = [
      [create.refused, 'Error creating app.'],
      [create.duplicate, 'This app is already in this workspace.'],
      [create.tooLarge, 'File is too large!'],
      [create.badRequest, 'Error creating app.'],
      [create.crashed, 'An unexpected error occurred while creating the app.'],
      [create.offline, 'An unexpected error occurred while creating the app.'],
    ];
    for (const [outcome, message] of cases) {
      const journey = path([...toResults, ev.select, ev.add, outcome]);
      expect(journey.state.matches({ review: 'ready' })).toBe(true);
      expect(journey.state.context.error).toBe(message);
      expect(journey.state.context.selected).toEqual(WORD_GARDEN);
      const { machine, spies } = spyActions(pending, ['notify', 'created']);
      await replay(machine, journey, INPUT);
      expect(spies.notify).toHaveBeenCalledWith({ message, kind: 'error' });
      expect(spies.created).not.toHaveBeenCalled();
    }
  });

  it('the app icon validator: over 1,000,000 bytes or not an image blocks Add App', () => {
    const huge = path([...toResults, ev.select, ev.hugeIcon]);
    expect(huge.state.context.iconError).toBe('File is too large!');
    expect(huge.state.can(ev.add)).toBe(false);
    expect(path([...toResults, ev.select, ev.textIcon]).state.context.iconError).toBe(
      'Icon must be a PNG, JPG or GIF image.',
    );
    const fixed = path([...toResults, ev.select, ev.hugeIcon, ev.icon, ev.add]);
    expect(fixed.state.matches({ review: 'adding' })).toBe(true);
  });

  it('cancel: CLOSE from search, URL and review closes; BACK returns to the results; nothing is created', () => {
    for (const events of [
      [ev.open, ev.word],
      [...toResults, ev.useUrl],
      [...toResults, ev.select],
    ]) {
      const cancelled = path([...events, ev.close]);
      expect(cancelled.state.matches('closed')).toBe(true);
      expect(cancelled.state.context.createdId).toBeNull();
    }
    const back = path([...toResults, ev.select, ev.back]);
    expect(back.state.matches({ search: 'debouncing' })).toBe(true);
    expect(back.state.context.query).toBe('word');
    expect(path([ev.open, ev.useUrl, ev.back]).state.matches({ search: 'idle' })).toBe(true);
    // No cancel while the app is being added.
    expect(path([...toResults, ev.select, ev.add]).state.can(ev.close)).toBe(false);
    // Opening again starts empty.
    expect(path([...toResults, ev.close, ev.open]).state.context).toMatchObject({
      query: '',
      results: [],
      selected: null,
    });
  });

  it('a listing the workspace already has is shown as such: it cannot be picked, nor added from a store URL review', () => {
    const existing = [storeKey('android', 'DEV.demostudio.wordgarden'), storeKey('ios', 'dev.demostudio.dragonmerge')];
    const withApps = (events: EventObject[]) => pathOf(addAppMachine, events, { ...INPUT, existing });
    const results = withApps(toResults);
    expect(results.state.can(ev.select)).toBe(false);
    expect(selectAddApp(results.state as never).results).toEqual([{ result: WORD_GARDEN, inWorkspace: true }]);
    const review = withApps([ev.open, ev.useUrl, ev.goodUrl, ev.submitUrl, lookup.found]);
    expect(review.state.matches({ review: 'ready' })).toBe(true);
    expect(selectAddApp(review.state as never).selectedInWorkspace).toBe(true);
    expect(review.state.can(ev.add)).toBe(false);
    // Another workspace's apps do not count: the same listing is addable there.
    expect(path(toResults).state.can(ev.select)).toBe(true);
  });
});
