/**
 * Paths of the activity machine (src/machines/activity/activity.machine.ts): every state reachable; the first page,
 * then more pages appended; a filter or a cleared search starts again from the first page with the right query; the
 * search waits 500 ms after the last keystroke (each keystroke restarts the wait); one row open at a time; a failed
 * first page offers Try again, a failed next page keeps the rows; the CSV download says how it went.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  activityMachine,
  EXPORT_DONE,
  EXPORT_FAILED,
  LOAD_FAILED,
  MORE_FAILED,
  queryOf,
  SEARCH_DEBOUNCE_MS,
} from '../../src/machines/activity/activity.machine';
import { selectActivity } from '../../src/machines/activity/activity.selectors';
import type { ActivityEntry, ActivityPage, ActivityQuery } from '../../src/contracts/activity';
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

const INPUT = { workspaceId: 'demo-studio' };
const DEBOUNCE = 'xstate.after.searchDebounce.activity.debouncing';
const entry = (id: string, verb = 'member.role_changed'): ActivityEntry => ({
  id,
  at: '2026-11-26T10:00:00.000Z',
  actor: { accountId: 'acc-admin', name: 'Ada Admin' },
  area: 'team',
  verb,
  appId: null,
  object: { type: 'member', id: `m-${id}`, name: `member${id}@demostudio.dev` },
  changes: [{ field: 'role', before: 'viewer', after: 'editor' }],
});
const page = (ids: string[], nextCursor: string | null): ActivityPage => ({
  success: true,
  entries: ids.map((id) => entry(id)),
  nextCursor,
});

const model = defineModel(activityMachine, {
  FILTER: [
    { type: 'FILTER', field: 'verb', value: 'member.invited' },
    { type: 'FILTER', field: 'verb', value: '' },
  ],
  CLEAR: { type: 'CLEAR' },
  SEARCH: [
    { type: 'SEARCH', text: ' drag' },
    { type: 'SEARCH', text: ' dragon ' },
  ],
  MORE: { type: 'MORE' },
  TOGGLE: { type: 'TOGGLE', id: '3' },
  ROUTINE: [
    { type: 'ROUTINE', show: true },
    { type: 'ROUTINE', show: false },
  ],
  RETRY: { type: 'RETRY' },
  EXPORT: { type: 'EXPORT' },
  [DEBOUNCE]: after(DEBOUNCE),
  'xstate.done.actor.loadPage': [done('loadPage', page(['3', '2'], 'cursor-1')), done('loadPage', page([], null))],
  'xstate.error.actor.loadPage': failed('loadPage', serverCrash()),
  'xstate.done.actor.loadMore': done('loadMore', page(['1'], null)),
  'xstate.error.actor.loadMore': failed('loadMore', new TypeError('Failed to fetch')),
  'xstate.done.actor.exportAll': done('exportAll', undefined),
  'xstate.error.actor.exportAll': failed('exportAll', serverCrash()),
});
const ev = {
  invitesOnly: fixture(model, 'FILTER', 0),
  anyVerb: fixture(model, 'FILTER', 1),
  clear: fixture(model, 'CLEAR'),
  typeDrag: fixture(model, 'SEARCH', 0),
  typeDragon: fixture(model, 'SEARCH', 1),
  more: fixture(model, 'MORE'),
  toggle: fixture(model, 'TOGGLE'),
  showRoutine: fixture(model, 'ROUTINE', 0),
  hideRoutine: fixture(model, 'ROUTINE', 1),
  retry: fixture(model, 'RETRY'),
  export: fixture(model, 'EXPORT'),
  waited: fixture(model, DEBOUNCE),
  page: fixture(model, 'xstate.done.actor.loadPage', 0),
  emptyPage: fixture(model, 'xstate.done.actor.loadPage', 1),
  pageFailed: fixture(model, 'xstate.error.actor.loadPage'),
  morePage: fixture(model, 'xstate.done.actor.loadMore'),
  moreFailed: fixture(model, 'xstate.error.actor.loadMore'),
  exported: fixture(model, 'xstate.done.actor.exportAll'),
  exportFailed: fixture(model, 'xstate.error.actor.exportAll'),
};
const path = (events: Parameters<typeof pathOf>[1]) => pathOf(activityMachine, events, INPUT);
const ids = (entries: readonly ActivityEntry[]) => entries.map((e) => e.id);

describe('activity machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(activityMachine, model.events, { input: INPUT });
    expect(unreachedStateNodeIds(activityMachine, paths)).toEqual([]);
  });

  it('shows the first page, then appends the next one until no cursor is left', () => {
    const journey = path([ev.page, ev.more, ev.morePage]);
    expect(journey.steps[1]!.state.matches('ready')).toBe(true);
    expect(journey.steps[2]!.state.matches('loadingMore')).toBe(true);
    expect(ids(journey.state.context.entries)).toEqual(['3', '2', '1']);
    expect(journey.state.context.nextCursor).toBeNull();
    expect(journey.state.can(ev.more)).toBe(false);
    expect(selectActivity(journey.state)).toMatchObject({ canLoadMore: false, empty: false, loading: false });
  });

  it('an empty answer is the empty state, not an error', () => {
    const view = selectActivity(path([ev.emptyPage]).state);
    expect(view).toMatchObject({ empty: true, error: null, rows: [] });
  });

  it('a filter starts again from the first page with the filter in the query; an empty value removes it', () => {
    const journey = path([ev.page, ev.more, ev.invitesOnly]);
    expect(journey.state.matches('loading')).toBe(true);
    expect(queryOf(journey.state.context)).toEqual({ verb: 'member.invited' });
    const cleared = path([ev.page, ev.invitesOnly, ev.page, ev.anyVerb]);
    expect(queryOf(cleared.state.context)).toEqual({ routine: 'hide' });
  });

  it('the routine entries are left out at first, shown on request (from the first page), and moot with an action', () => {
    expect(queryOf(path([]).state.context)).toEqual({ routine: 'hide' });
    const shown = path([ev.page, ev.more, ev.showRoutine]);
    expect(shown.state.matches('loading')).toBe(true);
    expect(queryOf(shown.state.context)).toEqual({});
    expect(selectActivity(shown.state)).toMatchObject({ routine: true, routineMoot: false });
    expect(queryOf(path([ev.page, ev.showRoutine, ev.page, ev.hideRoutine]).state.context)).toEqual({
      routine: 'hide',
    });
    const byAction = path([ev.page, ev.invitesOnly]);
    expect(selectActivity(byAction.state)).toMatchObject({ routine: false, routineMoot: true });
  });

  it('the search is asked for 500 ms after the last keystroke, trimmed; CLEAR empties it and every filter', () => {
    const journey = path([ev.page, ev.typeDrag, ev.typeDragon, ev.waited]);
    expect(journey.steps[2]!.state.matches('debouncing')).toBe(true);
    expect(journey.state.matches('loading')).toBe(true);
    expect(queryOf(journey.state.context)).toEqual({ q: 'dragon', routine: 'hide' });
    const cleared = path([ev.page, ev.invitesOnly, ev.page, ev.typeDrag, ev.waited, ev.page, ev.clear]);
    expect(cleared.state.context).toMatchObject({ filters: {}, search: '', q: '' });
    expect(queryOf(cleared.state.context)).toEqual({ routine: 'hide' });
  });

  it('opens one row at a time and closes it again', () => {
    const opened = path([ev.page, ev.toggle]);
    expect(selectActivity(opened.state).rows.map((r) => r.expanded)).toEqual([true, false]);
    expect(path([ev.page, ev.toggle, ev.toggle]).state.context.expanded).toBeNull();
  });

  it('a failed first page offers Try again; a failed next page keeps the rows and says so', () => {
    const failedFirst = path([ev.pageFailed]);
    expect(selectActivity(failedFirst.state).error).toBe(LOAD_FAILED);
    expect(path([ev.pageFailed, ev.retry, ev.page]).state.matches('ready')).toBe(true);
    const failedMore = path([ev.page, ev.more, ev.moreFailed]);
    expect(ids(failedMore.state.context.entries)).toEqual(['3', '2']);
    expect(selectActivity(failedMore.state)).toMatchObject({ moreError: MORE_FAILED, canLoadMore: true, error: null });
  });

  it('the CSV download says how it went', () => {
    const { machine, spies } = spyActions(activityMachine, ['notify']);
    const ok = createActor(
      machine.provide({
        actors: { loadPage: fromPromise(async () => page(['3'], null)), exportAll: fromPromise(async () => {}) },
      }),
      { input: INPUT },
    );
    ok.start();
    return vi
      .waitFor(() => expect(ok.getSnapshot().matches('ready')).toBe(true))
      .then(async () => {
        ok.send({ type: 'EXPORT' });
        await vi.waitFor(() => expect(spies.notify).toHaveBeenCalledWith({ message: EXPORT_DONE, kind: 'success' }));
        const bad = createActor(
          machine.provide({
            actors: {
              loadPage: fromPromise(async () => page(['3'], null)),
              exportAll: fromPromise<void, { workspaceId: string; query: ActivityQuery }>(async () => {
                throw serverCrash();
              }),
            },
          }),
          { input: INPUT },
        );
        bad.start();
        await vi.waitFor(() => expect(bad.getSnapshot().matches('ready')).toBe(true));
        bad.send({ type: 'EXPORT' });
        await vi.waitFor(() => expect(spies.notify).toHaveBeenCalledWith({ message: EXPORT_FAILED, kind: 'error' }));
      });
  });

  it('a real debounce: keystrokes within 500 ms ask once, with the last text', async () => {
    vi.useFakeTimers();
    try {
      const asked: ActivityQuery[] = [];
      const actor = createActor(
        activityMachine.provide({
          actors: {
            loadPage: fromPromise(async ({ input }) => {
              asked.push(input.query);
              return page([], null);
            }),
          },
        }),
        { input: { workspaceId: 'demo-studio', filters: { app: 'dragon-merge-ios' } } },
      ).start();
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'SEARCH', text: 'dr' });
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 100);
      actor.send({ type: 'SEARCH', text: 'dragon' });
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 100);
      expect(asked).toEqual([{ app: 'dragon-merge-ios', routine: 'hide' }]);
      await vi.advanceTimersByTimeAsync(100);
      expect(asked).toEqual([
        { app: 'dragon-merge-ios', routine: 'hide' },
        { app: 'dragon-merge-ios', q: 'dragon', routine: 'hide' },
      ]);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
