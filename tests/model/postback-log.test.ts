/**
 * Paths of the postback log machine (src/machines/postback-log/postback-log.machine.ts): every state reachable; the
 * first page, then more pages appended by cursor; a filter or CLEAR starts again from the first page with the right
 * query; the search and the device id are asked for 500 ms after the last keystroke, trimmed; a failed first page
 * offers Try again, a failed next page keeps the rows; the CSV download says how it went.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  EXPORT_DONE,
  EXPORT_FAILED,
  LOAD_FAILED,
  MORE_FAILED,
  postbackLogMachine,
  queryOf,
  TYPE_DEBOUNCE_MS,
} from '../../src/machines/postback-log/postback-log.machine';
import { selectPostbackLog } from '../../src/machines/postback-log/postback-log.selectors';
import type { PostbackLogPage, PostbackLogQuery, PostbackLogRow } from '../../src/contracts/postbacks';
import {
  after,
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  serverCrash,
  shortestPaths,
  spyActions,
  unreachedStateNodeIds,
} from './graph-harness';

const INPUT = { appId: 'dragon-merge-ios', source: 'appsflyer' };
const DEBOUNCE = 'xstate.after.typeDebounce.postbackLog.debouncing';
const row = (id: string, outcome: PostbackLogRow['outcome'] = 'stored'): PostbackLogRow => ({
  id,
  receivedAt: Date.parse('2026-11-26T10:00:00.000Z'),
  eventName: 'af_purchase',
  outcome,
  reasonCode: outcome === 'refused' ? 'malformed' : outcome === 'duplicate' ? 'already_received' : null,
  reason: outcome === 'refused' ? 'event_time is not a time' : outcome === 'duplicate' ? 'already received' : null,
  advertisingId: 'AEBE…6239',
});
const page = (ids: string[], nextCursor: string | null): PostbackLogPage => ({
  success: true,
  entries: ids.map((id) => row(id, id === '2' ? 'refused' : 'stored')),
  nextCursor,
  searchedTo: null,
});

const model = defineModel(postbackLogMachine, {
  FILTER: [
    { type: 'FILTER', field: 'outcome', value: 'refused' },
    { type: 'FILTER', field: 'outcome', value: '' },
  ],
  TYPE: [
    { type: 'TYPE', field: 'q', text: ' purch' },
    { type: 'TYPE', field: 'device', text: ' AEBE52E7-03EE-455A-B3C4-E57283966239 ' },
  ],
  CLEAR: { type: 'CLEAR' },
  MORE: { type: 'MORE' },
  RETRY: { type: 'RETRY' },
  EXPORT: { type: 'EXPORT' },
  [DEBOUNCE]: after(DEBOUNCE),
  'xstate.done.actor.loadPage': [
    done('loadPage', page(['3', '2'], 'cursor-1')),
    done('loadPage', page([], null)),
    done('loadPage', { ...page([], 'cursor-w'), searchedTo: Date.parse('2026-11-20T08:00:00.000Z') }),
  ],
  'xstate.error.actor.loadPage': failed('loadPage', serverCrash()),
  'xstate.done.actor.loadMore': done('loadMore', page(['1'], null)),
  'xstate.error.actor.loadMore': failed('loadMore', new TypeError('Failed to fetch')),
  'xstate.done.actor.exportAll': done('exportAll', undefined),
  'xstate.error.actor.exportAll': failed('exportAll', serverCrash()),
});
const ev = {
  refusedOnly: fixture(model, 'FILTER', 0),
  anyOutcome: fixture(model, 'FILTER', 1),
  typeSearch: fixture(model, 'TYPE', 0),
  typeDevice: fixture(model, 'TYPE', 1),
  clear: fixture(model, 'CLEAR'),
  more: fixture(model, 'MORE'),
  retry: fixture(model, 'RETRY'),
  export: fixture(model, 'EXPORT'),
  waited: fixture(model, DEBOUNCE),
  page: fixture(model, 'xstate.done.actor.loadPage', 0),
  emptyPage: fixture(model, 'xstate.done.actor.loadPage', 1),
  windowPage: fixture(model, 'xstate.done.actor.loadPage', 2),
  pageFailed: fixture(model, 'xstate.error.actor.loadPage'),
  morePage: fixture(model, 'xstate.done.actor.loadMore'),
  moreFailed: fixture(model, 'xstate.error.actor.loadMore'),
};
const path = (events: Parameters<typeof pathOf>[1]) => pathOf(postbackLogMachine, events, INPUT);
const ids = (entries: readonly PostbackLogRow[]) => entries.map((e) => e.id);

describe('postback log machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(postbackLogMachine, model.events, { input: INPUT });
    expect(unreachedStateNodeIds(postbackLogMachine, paths)).toEqual([]);
  });

  it('shows the first page, then appends the next one until no cursor is left', () => {
    const journey = path([ev.page, ev.more, ev.morePage]);
    expect(journey.steps[1]!.state.matches('ready')).toBe(true);
    expect(journey.steps[2]!.state.matches('loadingMore')).toBe(true);
    expect(queryOf(journey.steps[2]!.state.context, journey.steps[2]!.state.context.nextCursor)).toEqual({
      cursor: 'cursor-1',
    });
    expect(ids(journey.state.context.entries)).toEqual(['3', '2', '1']);
    expect(journey.state.can(ev.more)).toBe(false);
    expect(selectPostbackLog(journey.state)).toMatchObject({ canLoadMore: false, empty: false, loading: false });
    expect(selectPostbackLog(journey.state).rows[1]).toMatchObject({
      outcomeLabel: 'Refused',
      reason: 'event_time is not a time',
      reasonCode: 'malformed',
      device: 'AEBE…6239',
      at: '2026-11-26T10:00:00.000Z',
    });
  });

  it('an empty answer is the empty state, not an error', () => {
    expect(selectPostbackLog(path([ev.emptyPage]).state)).toMatchObject({ empty: true, error: null, rows: [] });
  });

  it('a page a filter stopped early is not the empty state: it says how far it searched and offers more', () => {
    const view = selectPostbackLog(path([ev.windowPage]).state);
    expect(view).toMatchObject({ empty: false, canLoadMore: true, rows: [], searchedTo: '2026-11-20T08:00:00.000Z' });
    expect(path([ev.windowPage, ev.more]).state.matches('loadingMore')).toBe(true);
    expect(selectPostbackLog(path([ev.windowPage, ev.more, ev.morePage]).state).searchedTo).toBeNull();
  });

  it('a filter starts again from the first page with the filter in the query; an empty value removes it', () => {
    const journey = path([ev.page, ev.more, ev.refusedOnly]);
    expect(journey.state.matches('loading')).toBe(true);
    expect(queryOf(journey.state.context)).toEqual({ outcome: 'refused' });
    expect(queryOf(path([ev.page, ev.refusedOnly, ev.page, ev.anyOutcome]).state.context)).toEqual({});
  });

  it('the search and device id are asked for after the wait, trimmed; CLEAR empties them and every filter', () => {
    const journey = path([ev.page, ev.typeSearch, ev.typeDevice, ev.waited]);
    expect(journey.steps[2]!.state.matches('debouncing')).toBe(true);
    expect(journey.state.matches('loading')).toBe(true);
    expect(queryOf(journey.state.context)).toEqual({ q: 'purch', device: 'AEBE52E7-03EE-455A-B3C4-E57283966239' });
    const cleared = path([ev.page, ev.refusedOnly, ev.page, ev.typeSearch, ev.waited, ev.page, ev.clear]);
    expect(cleared.state.context).toMatchObject({ filters: {}, typed: { q: '', device: '' } });
    expect(queryOf(cleared.state.context)).toEqual({});
    expect(selectPostbackLog(cleared.state).filtered).toBe(false);
  });

  it('a failed first page offers Try again; a failed next page keeps the rows and says so', () => {
    expect(selectPostbackLog(path([ev.pageFailed]).state).error).toBe(
      'We could not load the postback log. Please try again.',
    );
    expect(LOAD_FAILED).toBe('We could not load the postback log. Please try again.');
    expect(path([ev.pageFailed, ev.retry, ev.page]).state.matches('ready')).toBe(true);
    const failedMore = path([ev.page, ev.more, ev.moreFailed]);
    expect(ids(failedMore.state.context.entries)).toEqual(['3', '2']);
    expect(selectPostbackLog(failedMore.state)).toMatchObject({ canLoadMore: true, error: null });
    expect(selectPostbackLog(failedMore.state).moreError).toBe('We could not load more postbacks. Please try again.');
    expect(MORE_FAILED).toBe('We could not load more postbacks. Please try again.');
  });

  it('the CSV download says how it went', async () => {
    const { machine, spies } = spyActions(postbackLogMachine, ['notify']);
    const ok = createActor(
      machine.provide({
        actors: { loadPage: fromPromise(async () => page(['3'], null)), exportAll: fromPromise(async () => {}) },
      }),
      { input: INPUT },
    ).start();
    await vi.waitFor(() => expect(ok.getSnapshot().matches('ready')).toBe(true));
    ok.send({ type: 'EXPORT' });
    await vi.waitFor(() =>
      expect(spies.notify).toHaveBeenCalledWith({ message: 'Postback log downloaded.', kind: 'success' }),
    );
    expect(EXPORT_DONE).toBe('Postback log downloaded.');
    const bad = createActor(
      machine.provide({
        actors: {
          loadPage: fromPromise(async () => page(['3'], null)),
          exportAll: fromPromise<void, { appId: string; source: string; query: PostbackLogQuery }>(async () => {
            throw serverCrash();
          }),
        },
      }),
      { input: INPUT },
    ).start();
    await vi.waitFor(() => expect(bad.getSnapshot().matches('ready')).toBe(true));
    bad.send({ type: 'EXPORT' });
    await vi.waitFor(() =>
      expect(spies.notify).toHaveBeenCalledWith({
        message: 'We could not download the postback log. Please try again.',
        kind: 'error',
      }),
    );
    expect(EXPORT_FAILED).toBe('We could not download the postback log. Please try again.');
  });

  it('a real debounce: keystrokes within 500 ms ask once, with the last text', async () => {
    vi.useFakeTimers();
    try {
      const asked: PostbackLogQuery[] = [];
      const actor = createActor(
        postbackLogMachine.provide({
          actors: {
            loadPage: fromPromise(async ({ input }) => {
              asked.push(input.query);
              return page([], null);
            }),
          },
        }),
        { input: INPUT },
      ).start();
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'TYPE', field: 'device', text: 'AE' });
      await vi.advanceTimersByTimeAsync(TYPE_DEBOUNCE_MS - 100);
      actor.send({ type: 'TYPE', field: 'device', text: 'AEBE' });
      await vi.advanceTimersByTimeAsync(TYPE_DEBOUNCE_MS - 100);
      expect(asked).toEqual([{}]);
      await vi.advanceTimersByTimeAsync(100);
      expect(asked).toEqual([{}, { device: 'AEBE' }]);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
