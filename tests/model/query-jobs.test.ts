/**
 * Paths of the query-jobs machine (src/machines/query-jobs; docs/integrations.md §Job history): every state reachable;
 * pages appended by cursor; a load failure and a page failure say why; Cancel only for a cancellable (running) job,
 * confirmed first, then the list reloads; a refused cancel keeps the dialog open with the server's words.
 */
import { describe, expect, it } from 'vitest';
import { queryJobsMachine } from '../../src/machines/query-jobs/query-jobs.machine';
import { selectQueryJobs } from '../../src/machines/query-jobs/query-jobs.selectors';
import type { QueryJob } from '../../src/contracts/query-jobs';
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

const input = { appId: 'app-1' };
const job = (id: string, state: QueryJob['state']): QueryJob => ({
  id,
  kind: 'process',
  engine: 'duckdb',
  label: '2026-11-01 to 2026-11-14',
  startedAt: '2026-11-20T10:00:00.000Z',
  durationMs: state === 'running' ? null : 1200,
  state,
  bytesProcessed: state === 'running' ? null : 1_000_000,
  bytesBilled: null,
  bytesEstimated: state !== 'running',
  costUsd: state === 'running' ? null : 0.0000057,
  error: null,
  cancellable: state === 'running',
});
const page1 = {
  success: true as const,
  entries: [job('9', 'running'), job('8', 'succeeded')],
  nextCursor: 'c1',
  usdPerTiB: 6.25,
};
const page2 = { success: true as const, entries: [job('7', 'failed')], nextCursor: null, usdPerTiB: 6.25 };
const model = defineModel(queryJobsMachine, {
  MORE: { type: 'MORE' },
  RETRY: { type: 'RETRY' },
  REFRESH: { type: 'REFRESH' },
  CANCEL: [
    { type: 'CANCEL', id: '9' },
    { type: 'CANCEL', id: '8' },
  ],
  CONFIRM: { type: 'CONFIRM' },
  DISMISS: { type: 'DISMISS' },
  'xstate.done.actor.loadPage': [done('loadPage', page1), done('loadPage', page2)],
  'xstate.error.actor.loadPage': failed('loadPage', new TypeError('Failed to fetch')),
  'xstate.done.actor.loadMore': done('loadMore', page2),
  'xstate.error.actor.loadMore': failed('loadMore', new TypeError('Failed to fetch')),
  'xstate.done.actor.cancelJob': done('cancelJob', { success: true as const, job: job('9', 'cancelled') }),
  'xstate.error.actor.cancelJob': failed(
    'cancelJob',
    apiError(409, 'This job is no longer running.', 'job_not_running'),
  ),
});
const ev = {
  more: fixture(model, 'MORE'),
  retry: fixture(model, 'RETRY'),
  cancelRunning: fixture(model, 'CANCEL', 0),
  cancelDone: fixture(model, 'CANCEL', 1),
  confirm: fixture(model, 'CONFIRM'),
  dismiss: fixture(model, 'DISMISS'),
  loaded: fixture(model, 'xstate.done.actor.loadPage', 0),
  loadFailed: fixture(model, 'xstate.error.actor.loadPage'),
  more2: fixture(model, 'xstate.done.actor.loadMore'),
  moreFailed: fixture(model, 'xstate.error.actor.loadMore'),
  cancelled: fixture(model, 'xstate.done.actor.cancelJob'),
  refused: fixture(model, 'xstate.error.actor.cancelJob'),
};

describe('query-jobs machine paths', () => {
  it('reaches every state node', () => {
    expect(unreachedStateNodeIds(queryJobsMachine, shortestPaths(queryJobsMachine, model.events, { input }))).toEqual(
      [],
    );
  });

  it('pages are appended by cursor; a page that fails keeps the rows and says why', () => {
    const more = pathOf(queryJobsMachine, [ev.loaded, ev.more, ev.more2], input).state;
    expect(selectQueryJobs(more).entries.map((j) => j.id)).toEqual(['9', '8', '7']);
    expect(selectQueryJobs(more).hasMore).toBe(false);
    expect(more.can(ev.more)).toBe(false);
    const broken = pathOf(queryJobsMachine, [ev.loaded, ev.more, ev.moreFailed], input).state;
    expect(selectQueryJobs(broken)).toMatchObject({
      moreError: 'We could not load more jobs. Please try again.',
      hasMore: true,
    });
    expect(selectQueryJobs(broken).entries).toHaveLength(2);
  });

  it('a list that cannot load says why and retries', () => {
    const failedLoad = pathOf(queryJobsMachine, [ev.loadFailed], input).state;
    expect(selectQueryJobs(failedLoad).error).toBe('We could not load the job history. Please try again.');
    expect(pathOf(queryJobsMachine, [ev.loadFailed, ev.retry], input).state.matches('loading')).toBe(true);
  });

  it('Cancel only for a running job, confirmed first; then the notice and the list reloads', async () => {
    const ready = pathOf(queryJobsMachine, [ev.loaded], input).state;
    expect(ready.can(ev.cancelDone)).toBe(false);
    const confirming = pathOf(queryJobsMachine, [ev.loaded, ev.cancelRunning], input).state;
    expect(selectQueryJobs(confirming).confirm).toMatchObject({
      open: true,
      title: 'Cancel job?',
      message: 'Cancel this job? Its work so far is undone.',
      busy: false,
    });
    const dismissed = pathOf(queryJobsMachine, [ev.loaded, ev.cancelRunning, ev.dismiss], input).state;
    expect(dismissed.matches('ready')).toBe(true);
    const path = pathOf(queryJobsMachine, [ev.loaded, ev.cancelRunning, ev.confirm, ev.cancelled], input);
    expect(path.steps[3]!.state.matches('cancelling')).toBe(true);
    expect(path.state.matches('loading')).toBe(true);
    const { machine, spies } = spyActions(
      queryJobsMachine.provide({ actors: { loadPage: pendingForever(), cancelJob: pendingForever() } }),
      ['notify'],
    );
    (await replay(machine, path, input)).stop();
    expect(spies.notify.mock.calls).toEqual([[{ message: 'Job cancelled.', kind: 'info' }]]);
  });

  it("a refused cancel keeps the dialog open with the server's words", () => {
    const refused = pathOf(queryJobsMachine, [ev.loaded, ev.cancelRunning, ev.confirm, ev.refused], input).state;
    expect(refused.matches('confirmingCancel')).toBe(true);
    expect(selectQueryJobs(refused).confirm.error).toBe('This job is no longer running.');
  });
});
