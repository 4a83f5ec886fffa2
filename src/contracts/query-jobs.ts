/**
 * The job history of an app's query jobs (docs/integrations.md §Job history): each Process Data run and each report run,
 * with its start, duration, bytes processed and billed, cost estimate at BigQuery's on-demand price, outcome and
 * error; a running one can be cancelled (editors and admins); Process Data's estimate before it starts.
 *
 *   GET  /api/app/:appId/query-jobs?cursor=…                (viewer) → QueryJobPage (newest first, 25 a page)
 *   POST /api/app/:appId/query-jobs/:jobId/cancel           (editor) → QueryJobAnswer
 *   POST /api/plugins/:pluginId/process/estimate {start,end} (editor) → ProcessEstimateAnswer
 *
 * Pure: io-ts and the shared codec helpers only.
 */
import * as t from 'io-ts';
import { struct, nullable, line, Id, MAX, AppParams } from './codecs';
import { endpoint } from './endpoint';
import { PluginParams, ProcessDataRequest } from './integrations';

export const QUERY_JOBS_PAGE = 25;

export const QueryJobKind = t.keyof({ process: null, report: null }, 'QueryJobKind');
export type QueryJobKind = t.TypeOf<typeof QueryJobKind>;
export const QueryJobEngine = t.keyof({ bigquery: null, duckdb: null, postgres: null }, 'QueryJobEngine');
export type QueryJobEngine = t.TypeOf<typeof QueryJobEngine>;
export const QueryJobState = t.keyof(
  { running: null, succeeded: null, failed: null, cancelled: null },
  'QueryJobState',
);
export type QueryJobState = t.TypeOf<typeof QueryJobState>;

export const QUERY_JOB_KIND_LABELS: Record<QueryJobKind, string> = { process: 'Process Data', report: 'Report' };
export const QUERY_JOB_ENGINE_LABELS: Record<QueryJobEngine, string> = {
  bigquery: 'BigQuery',
  duckdb: 'Embedded',
  postgres: 'Embedded (PostgreSQL)',
};
export const QUERY_JOB_STATE_LABELS: Record<QueryJobState, string> = {
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** docs/integrations.md §Messages (ours). */
export const QUERY_JOB_MESSAGES = {
  loadFailed: 'We could not load the job history. Please try again.',
  moreFailed: 'We could not load more jobs. Please try again.',
  cancelled: 'Job cancelled.',
  cancelFailed: 'We could not cancel the job. Please try again.',
  notRunning: 'This job is no longer running.',
  notCancellable: 'Jobs on the PostgreSQL analytics store cannot be cancelled.',
  estimateFailed: 'The cost could not be estimated. You can still start processing.',
  confirmCancel: 'Cancel this job? Its work so far is undone.',
} as const;

/** The plugin's feed when a Process Data run was cancelled. */
export const PROCESSING_CANCELLED = 'Processing data cancelled.';

export const QueryJob = struct(
  {
    id: t.string,
    kind: QueryJobKind,
    engine: QueryJobEngine,
    /** What ran: the processed dates, or the report's title. */
    label: t.string,
    startedAt: t.string,
    /** Milliseconds from start to end; null while running. */
    durationMs: nullable(t.number),
    state: QueryJobState,
    bytesProcessed: nullable(t.number),
    /** BigQuery's bytes billed; null on the embedded engine (nothing is billed) and while running. */
    bytesBilled: nullable(t.number),
    /** The bytes are an estimate (the embedded engine: scan-estimate.ts on the server), not the engine's figure. */
    bytesEstimated: t.boolean,
    /** At the configured on-demand price: of the bytes billed, else of the bytes processed. */
    costUsd: nullable(t.number),
    error: nullable(t.string),
    /** Running, and on an engine that can stop it (BigQuery, DuckDB). */
    cancellable: t.boolean,
  },
  {},
  'QueryJob',
);
export type QueryJob = t.TypeOf<typeof QueryJob>;

export const QueryJobQuery = struct({}, { cursor: line(MAX.token) }, 'QueryJobQuery');
export type QueryJobQuery = t.TypeOf<typeof QueryJobQuery>;
export const QueryJobPage = struct(
  {
    success: t.literal(true),
    entries: t.array(QueryJob),
    nextCursor: nullable(t.string),
    /** The on-demand price the costs are estimated at (USD per TiB). */
    usdPerTiB: t.number,
  },
  {},
  'QueryJobPage',
);
export type QueryJobPage = t.TypeOf<typeof QueryJobPage>;
export const QueryJobAnswer = struct({ success: t.literal(true), job: QueryJob }, {}, 'QueryJobAnswer');
export type QueryJobAnswer = t.TypeOf<typeof QueryJobAnswer>;
export const QueryJobParams = struct({ appId: Id, jobId: Id }, {}, 'QueryJobParams');

export const ProcessEstimateAnswer = struct(
  {
    success: t.literal(true),
    bytes: t.number,
    /** An estimate of the embedded engine (not a BigQuery dry run). */
    estimated: t.boolean,
    costUsd: t.number,
    usdPerTiB: t.number,
  },
  {},
  'ProcessEstimateAnswer',
);
export type ProcessEstimateAnswer = t.TypeOf<typeof ProcessEstimateAnswer>;

export const TIB = 2 ** 40;
/** The on-demand cost of `bytes` at `usdPerTiB` (BigQuery prices analysis per TiB, 2^40 bytes). */
export const queryCostUsd = (bytes: number, usdPerTiB: number) => (Math.max(0, bytes) / TIB) * usdPerTiB;

/** A cost as it reads: '$0.00' for none, '< $0.01' under a cent, else dollars and cents. */
export function formatUsd(usd: number): string {
  if (usd <= 0) return '$0.00';
  if (usd < 0.01) return '< $0.01';
  return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Bytes in binary units, as BigQuery's console shows them (B, KiB, MiB, GiB, TiB). */
export function formatByteCount(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}

/** A duration as it reads: '850 ms', '12.3 s', '4 min 05 s'. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

export const queryJobEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/app/:appId/query-jobs',
    params: AppParams,
    query: QueryJobQuery,
    response: QueryJobPage,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/app/:appId/query-jobs/:jobId/cancel',
    params: QueryJobParams,
    response: QueryJobAnswer,
  }),
  estimate: endpoint({
    method: 'POST',
    path: '/api/plugins/:pluginId/process/estimate',
    params: PluginParams,
    body: ProcessDataRequest,
    response: ProcessEstimateAnswer,
  }),
};
