/**
 * Starting "Process Data" for a BigQuery plugin (docs/integrations.md §Screens and routes BigQuery Data Status card, §Plugin states in-progress operation
 * bigquery_process_event → 'Processing Data', §Rules and limits "Process Data needs start and end dates, a plugin with credentials,
 * and no processing in progress", §API endpoints "start BigQuery reprocess with dates").
 *
 *   idle ─SET_START / SET_END─► idle (dates kept; processDatesError says why dates outside the data range's first
 *                                     day … today cannot be processed)
 *        ─PROCESS [canProcess]─► estimating ─┬─ estimate ─► confirming (the dialog: bytes it would process, its cost)
 *                                            └─ thrown ───► confirming (the estimate's error; starting stays possible)
 *   confirming ─DISMISS─► idle
 *              ─CONFIRM─► starting ─┬─ success ────────► idle (the job is queued: `started`, info notice)
 *                                   ├─ success:false ──► idle (error notice)
 *                                   └─ thrown ─────────► idle (logged; the server's words when it chose them)
 *
 * The estimate (docs/integrations.md §Job history) is BigQuery's dry run of the run's statements, or the embedded
 * engine's estimate labelled so; its cost is at the server's on-demand price.
 * The job itself runs on the server (a jobs row); the page shows 'Processing Data' while the plugin's inProgress
 * holds bigquery_process_event, and its result arrives in the Latest Updates feed. `notify`, `started` and
 * `logError` are provided by process-data.actors.ts.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { processEndInFuture, type ProcessDataResponse } from '../../contracts/integrations';
import { QUERY_JOB_MESSAGES, type ProcessEstimateAnswer } from '../../contracts/query-jobs';
import { serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';
import { answerSucceeded } from '../shared/answer-guards';

export const PROCESS_FAILED = 'Processing could not be started.';
export const START_AFTER_END = 'The start date must not be after the end date.';
export const processStartBeforeData = (earliest: string) =>
  `The start date must be ${earliest} or later: the data range starts then.`;
export const processStarted = (start: string, end: string) => `Processing data from ${start} to ${end} started.`;

export interface ProcessDataInput {
  pluginId: string;
  appId: string;
  start?: string;
  end?: string;
}
export interface ProcessDataContext {
  pluginId: string;
  appId: string;
  start: string;
  end: string;
  /** The estimate of the dates being confirmed, or null (none yet, or it failed: `estimateError`). */
  estimate: ProcessEstimateAnswer | null;
  estimateError: string | null;
}
/** What the page knows of the plugin when Process Data is pressed (its preconditions), and the picker bounds. */
export interface ProcessPreconditions {
  hasCredentials: boolean;
  inProgress: boolean;
  /** Today (UTC): no data after it. */
  today: string;
  /** The first day of the plugin's data range, when it has one. */
  earliest: string | null;
}
export type ProcessDataEvent =
  | { type: 'SET_START'; value: string }
  | { type: 'SET_END'; value: string }
  | ({ type: 'PROCESS' } & ProcessPreconditions)
  | { type: 'CONFIRM' }
  | { type: 'DISMISS' };

/** Why the picked dates cannot be processed, or null (the pickers' bounds: the data range's first day to today). */
export function processDatesError(
  context: Pick<ProcessDataContext, 'start' | 'end'>,
  plugin: Pick<ProcessPreconditions, 'today' | 'earliest'>,
): string | null {
  if (context.end && context.end > plugin.today) return processEndInFuture(plugin.today);
  if (context.start && plugin.earliest && context.start < plugin.earliest)
    return processStartBeforeData(plugin.earliest);
  if (context.start && context.end && context.start > context.end) return START_AFTER_END;
  return null;
}

/** docs/integrations.md §Rules and limits, shared by the button's disabled state and the machine's guard. */
export const canProcess = (context: Pick<ProcessDataContext, 'start' | 'end'>, plugin: ProcessPreconditions) =>
  !!context.start &&
  !!context.end &&
  processDatesError(context, plugin) === null &&
  plugin.hasCredentials &&
  !plugin.inProgress;

export const processDataMachine = setup({
  types: {
    context: {} as ProcessDataContext,
    events: {} as ProcessDataEvent,
    input: {} as ProcessDataInput,
    children: {} as { startProcessing: 'startProcessing'; estimateProcessing: 'estimateProcessing' },
  },
  actors: {
    estimateProcessing: toProvide<ProcessEstimateAnswer, { pluginId: string; start: string; end: string }>(
      'estimateProcessing',
    ),
    startProcessing: toProvide<ProcessDataResponse, { pluginId: string; start: string; end: string }>(
      'startProcessing',
    ),
  },
  guards: {
    answerSucceeded,
    canProcess: ({ context, event }) => event.type === 'PROCESS' && canProcess(context, event),
  },
  actions: {
    notify,
    started: (_args, _params: { appId: string }) => {},
    logError: (_args, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'processData',
  context: ({ input }) => ({
    pluginId: input.pluginId,
    appId: input.appId,
    start: input.start ?? '',
    end: input.end ?? '',
    estimate: null,
    estimateError: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        SET_START: { actions: assign({ start: ({ event }) => event.value }) },
        SET_END: { actions: assign({ end: ({ event }) => event.value }) },
        PROCESS: { guard: 'canProcess', target: 'estimating' },
      },
    },
    estimating: {
      entry: assign({ estimate: null, estimateError: null }),
      invoke: {
        id: 'estimateProcessing',
        src: 'estimateProcessing',
        input: ({ context }) => ({ pluginId: context.pluginId, start: context.start, end: context.end }),
        onDone: { target: 'confirming', actions: assign({ estimate: ({ event }) => event.output }) },
        onError: {
          target: 'confirming',
          actions: assign({
            estimateError: ({ event }) => serverWords(event.error) ?? QUERY_JOB_MESSAGES.estimateFailed,
          }),
        },
      },
      on: { DISMISS: 'idle' },
    },
    confirming: {
      on: { CONFIRM: 'starting', DISMISS: 'idle' },
    },
    starting: {
      invoke: {
        id: 'startProcessing',
        src: 'startProcessing',
        input: ({ context }) => ({ pluginId: context.pluginId, start: context.start, end: context.end }),
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'idle',
            actions: [
              {
                type: 'notify',
                params: ({ context }) => ({ message: processStarted(context.start, context.end), kind: 'info' }),
              },
              { type: 'started', params: ({ context }) => ({ appId: context.appId }) },
            ],
          },
          { target: 'idle', actions: { type: 'notify', params: { message: PROCESS_FAILED, kind: 'error' } } },
        ],
        onError: {
          target: 'idle',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            {
              type: 'notify',
              params: ({ event }) => ({ message: serverWords(event.error) ?? PROCESS_FAILED, kind: 'error' }),
            },
            { type: 'started', params: ({ context }) => ({ appId: context.appId }) },
          ],
        },
      },
    },
  },
});

export type ProcessDataActor = ActorRefFrom<typeof processDataMachine>;
export type ProcessDataSnapshot = SnapshotFrom<typeof processDataMachine>;
