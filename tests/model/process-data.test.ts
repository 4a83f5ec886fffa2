/**
 * Paths of the process-data machine (src/machines/process-data; docs/integrations.md §Rules and limits "Process Data needs start and end dates, a
 * plugin with credentials, and no processing in progress", §API endpoints start BigQuery reprocess with dates): every state
 * reachable; each precondition blocks; started → notice and reload; refused and thrown → the failure notice.
 */
import { describe, expect, it } from 'vitest';
import { canProcess, processDataMachine } from '../../src/machines/process-data/process-data.machine';
import { selectProcessForm } from '../../src/machines/process-data/process-data.selectors';
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

const input = { pluginId: 'plugin-1', appId: 'app-1', start: '2026-11-01', end: '2026-11-14' };
const bounds = { today: '2026-11-20', earliest: '2026-10-01' };
const ready = { hasCredentials: true, inProgress: false, ...bounds };
const ESTIMATE = { success: true as const, bytes: 1_842_937_856, estimated: false, costUsd: 0.0105, usdPerTiB: 6.25 };
const model = defineModel(processDataMachine, {
  SET_START: { type: 'SET_START', value: '2026-11-02' },
  SET_END: [
    { type: 'SET_END', value: '2026-11-10' },
    { type: 'SET_END', value: '' },
    { type: 'SET_END', value: '2026-11-21' },
  ],
  PROCESS: [
    { type: 'PROCESS', ...ready },
    { type: 'PROCESS', hasCredentials: false, inProgress: false, ...bounds },
    { type: 'PROCESS', hasCredentials: true, inProgress: true, ...bounds },
  ],
  CONFIRM: { type: 'CONFIRM' },
  DISMISS: { type: 'DISMISS' },
  'xstate.done.actor.estimateProcessing': done('estimateProcessing', ESTIMATE),
  'xstate.error.actor.estimateProcessing': failed(
    'estimateProcessing',
    apiError(503, 'The cost could not be estimated. You can still start processing.', 'estimate_failed'),
  ),
  'xstate.done.actor.startProcessing': [
    done('startProcessing', { success: true, jobId: 'job-1' }),
    done('startProcessing', { success: false }),
  ],
  'xstate.error.actor.startProcessing': failed(
    'startProcessing',
    apiError(409, 'Data is already being processed for this plugin.', 'processing_in_progress'),
  ),
});
const ev = {
  start: fixture(model, 'SET_START'),
  end: fixture(model, 'SET_END', 0),
  clearEnd: fixture(model, 'SET_END', 1),
  future: fixture(model, 'SET_END', 2),
  process: fixture(model, 'PROCESS', 0),
  noCredentials: fixture(model, 'PROCESS', 1),
  busy: fixture(model, 'PROCESS', 2),
  confirm: fixture(model, 'CONFIRM'),
  dismiss: fixture(model, 'DISMISS'),
  estimated: fixture(model, 'xstate.done.actor.estimateProcessing'),
  estimateFailed: fixture(model, 'xstate.error.actor.estimateProcessing'),
  started: fixture(model, 'xstate.done.actor.startProcessing', 0),
  refused: fixture(model, 'xstate.done.actor.startProcessing', 1),
  thrown: fixture(model, 'xstate.error.actor.startProcessing'),
};
const spied = () =>
  spyActions(
    processDataMachine.provide({
      actors: { startProcessing: pendingForever(), estimateProcessing: pendingForever() },
    }),
    ['notify', 'started', 'logError'],
  );

describe('process-data machine paths', () => {
  it('the start dialog shows the estimate before anything starts; dismissing it starts nothing', () => {
    const estimating = pathOf(processDataMachine, [ev.process], input).state;
    expect(selectProcessForm(estimating, ready).dialog).toMatchObject({ open: true, estimating: true, estimate: null });
    const confirming = pathOf(processDataMachine, [ev.process, ev.estimated], input).state;
    expect(selectProcessForm(confirming, ready).dialog).toEqual({
      open: true,
      estimating: false,
      starting: false,
      estimate: ESTIMATE,
      estimateError: null,
    });
    const dismissed = pathOf(processDataMachine, [ev.process, ev.estimated, ev.dismiss], input).state;
    expect(dismissed.matches('idle')).toBe(true);
    expect(selectProcessForm(dismissed, ready).dialog.open).toBe(false);
  });

  it('an estimate that fails says so in the dialog, and starting stays possible', () => {
    const failedEstimate = pathOf(processDataMachine, [ev.process, ev.estimateFailed], input).state;
    expect(failedEstimate.matches('confirming')).toBe(true);
    expect(selectProcessForm(failedEstimate, ready).dialog).toMatchObject({
      estimate: null,
      estimateError: 'The cost could not be estimated. You can still start processing.',
    });
    expect(failedEstimate.can(ev.confirm)).toBe(true);
    // A new estimate forgets the old error.
    const again = pathOf(processDataMachine, [ev.process, ev.estimateFailed, ev.dismiss, ev.process], input).state;
    expect(again.context.estimateError).toBeNull();
  });

  it('reaches every state node', () => {
    expect(
      unreachedStateNodeIds(processDataMachine, shortestPaths(processDataMachine, model.events, { input })),
    ).toEqual([]);
  });

  it('the docs/integrations.md §Rules and limits preconditions: both dates, credentials, nothing in progress', () => {
    expect(canProcess({ start: '2026-11-01', end: '2026-11-02' }, ready)).toBe(true);
    expect(canProcess({ start: '', end: '2026-11-02' }, ready)).toBe(false);
    expect(canProcess({ start: '2026-11-03', end: '2026-11-02' }, ready)).toBe(false);
    const idle = pathOf(processDataMachine, [], input).state;
    expect(idle.can(ev.noCredentials)).toBe(false);
    expect(idle.can(ev.busy)).toBe(false);
    const cleared = pathOf(processDataMachine, [ev.clearEnd], input).state;
    expect(cleared.can(ev.process)).toBe(false);
    expect(selectProcessForm(cleared, ready).canProcess).toBe(false);
  });

  it('the pickers are bounded by the data range and today (UTC); an end after today or a start before the data cannot be processed', () => {
    const idle = pathOf(processDataMachine, [], input).state;
    expect(selectProcessForm(idle, ready).bounds).toEqual({
      start: { min: '2026-10-01', max: '2026-11-14' },
      end: { min: '2026-11-01', max: '2026-11-20' },
    });
    expect(selectProcessForm(idle, { ...ready, earliest: null }).bounds).toEqual({
      start: { min: undefined, max: '2026-11-14' },
      end: { min: '2026-11-01', max: '2026-11-20' },
    });
    const future = pathOf(processDataMachine, [ev.future], input).state;
    expect(future.can(ev.process)).toBe(false);
    expect(selectProcessForm(future, ready)).toMatchObject({
      canProcess: false,
      datesError: 'The end date must be today (2026-11-20, UTC) or earlier: there is no data after today.',
      bounds: { start: { max: '2026-11-20' } },
    });
    expect(canProcess({ start: '2026-11-20', end: '2026-11-20' }, ready)).toBe(true);
    expect(canProcess({ start: '2026-09-30', end: '2026-11-02' }, ready)).toBe(false);
    expect(
      selectProcessForm(pathOf(processDataMachine, [], { ...input, start: '2026-09-30' }).state, ready).datesError,
    ).toBe('The start date must be 2026-10-01 or later: the data range starts then.');
  });

  it('started: the dates chosen go out, the notice names them, the plugins reload', async () => {
    const path = pathOf(
      processDataMachine,
      [ev.start, ev.end, ev.process, ev.estimated, ev.confirm, ev.started],
      input,
    );
    expect(path.steps[5]!.state.matches('starting')).toBe(true);
    expect(path.state.matches('idle')).toBe(true);
    const { machine, spies } = spied();
    (await replay(machine, path, input)).stop();
    expect(spies.notify.mock.calls).toEqual([
      [{ message: 'Processing data from 2026-11-02 to 2026-11-10 started.', kind: 'info' }],
    ]);
    expect(spies.started.mock.calls).toEqual([[{ appId: 'app-1' }]]);
  });

  it('a refusal and a thrown call (the server refusing a second run) say why', async () => {
    const refused = pathOf(processDataMachine, [ev.process, ev.estimated, ev.confirm, ev.refused], input);
    let { machine, spies } = spied();
    (await replay(machine, refused, input)).stop();
    expect(spies.notify.mock.calls).toEqual([[{ message: 'Processing could not be started.', kind: 'error' }]]);
    const thrown = pathOf(processDataMachine, [ev.process, ev.estimated, ev.confirm, ev.thrown], input);
    ({ machine, spies } = spied());
    (await replay(machine, thrown, input)).stop();
    expect(spies.notify.mock.calls).toEqual([
      [{ message: 'Data is already being processed for this plugin.', kind: 'error' }],
    ]);
    expect(spies.logError).toHaveBeenCalledTimes(1);
  });
});
