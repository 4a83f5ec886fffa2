/**
 * The job history of an app's query jobs (docs/integrations.md §Job history): every Process Data run (the
 * `bigquery_process_event` job) and every report run is a `query_jobs` row — start, end, outcome and error, and the bytes
 * it processed and was billed:
 *   - on BigQuery, BigQuery's own figures: each job's statistics (totalBytesProcessed, totalBytesBilled), summed over
 *     the run's jobs (server/analytics/bigquery-engine.ts runQueryJob reports them through the query scope);
 *   - on the embedded engine, an estimate labelled so (server/analytics/scan-estimate.ts), after a run that succeeded.
 * The cost is estimated when listed, at the configured on-demand price (BIGQUERY_USD_PER_TIB).
 *
 * A running job is cancelled by marking its row and aborting its scope (server/analytics/query-scope.ts): the
 * embedded engine interrupts the DuckDB statement, the BigQuery adapter cancels the BigQuery job. A job running in
 * another server process sees the mark within CANCEL_POLL_MS.
 */
import type { ServerContext } from '../../context';
import { conflict, notFound } from '../../errors';
import { decodeTimeCursor, encodeTimeCursor } from '../../db/time-cursor';
import { withQueryScope, QueryCancelledError, type StatementFigures } from '../../analytics/query-scope';
import { ALL_DAYS, estimatedBytes } from '../../analytics/scan-estimate';
import type { AnalyticsStore } from '../../analytics/store';
import {
  QUERY_JOBS_PAGE,
  QUERY_JOB_MESSAGES,
  queryCostUsd,
  type QueryJob,
  type QueryJobAnswer,
  type QueryJobEngine,
  type QueryJobKind,
  type QueryJobPage,
} from '../../../src/contracts/query-jobs';
import type { QueryJobTables } from './migrations';

/** How often a running job looks at its row for a cancel asked of another server process. */
export const CANCEL_POLL_MS = 2_000;
/** How long a cancel waits for the job to stop before it answers (the answer then shows it cancelled). */
const CANCEL_WAIT_MS = 5_000;

const jobs = (ctx: Pick<ServerContext, 'db'>) => ctx.db.withTables<QueryJobTables>();

/** The jobs running in this process: aborting one stops its statements; `settled` resolves once its row is final. */
const running = new Map<string, { controller: AbortController; settled: Promise<void> }>();

export interface QueryJobStart {
  appId: string;
  pluginId: string | null;
  kind: QueryJobKind;
  engine: QueryJobEngine;
  label: string;
}

/**
 * Runs `run` as a recorded query job: its row is written running, `run` executes in a query scope (cancellable, its
 * BigQuery statistics added up), then the row gets its outcome. `estimate` gives the embedded engine's bytes estimate
 * after a success. A cancelled run rejects with QueryCancelledError; any failure is rethrown as it came.
 */
export async function recordQueryJob<T>(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  start: QueryJobStart,
  run: () => Promise<T>,
  estimate?: () => Promise<number>,
): Promise<T> {
  const inserted = await jobs(ctx)
    .insertInto('query_jobs')
    .values({
      app_id: start.appId,
      plugin_id: start.pluginId,
      kind: start.kind,
      engine: start.engine,
      label: start.label.slice(0, 200),
      started_at: ctx.now(),
      state: 'running',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = String(inserted.id);
  const controller = new AbortController();
  let settle = () => {};
  running.set(id, { controller, settled: new Promise<void>((resolve) => (settle = resolve)) });
  const poll = setInterval(() => {
    void jobs(ctx)
      .selectFrom('query_jobs')
      .select('cancel_requested')
      .where('id', '=', id)
      .executeTakeFirst()
      .then(
        (row) => row?.cancel_requested && controller.abort(),
        () => {},
      );
  }, CANCEL_POLL_MS);
  poll.unref();

  const totals = { bytesProcessed: 0, bytesBilled: 0, reported: false, billed: false, jobId: null as string | null };
  const record = (figures: StatementFigures) => {
    if (figures.bytesProcessed !== undefined) {
      totals.bytesProcessed += figures.bytesProcessed;
      totals.reported = true;
    }
    if (figures.bytesBilled !== undefined) {
      totals.bytesBilled += figures.bytesBilled;
      totals.billed = true;
    }
    if (figures.jobId) totals.jobId = figures.jobId;
  };
  const finish = async (state: 'succeeded' | 'failed' | 'cancelled', error: string | null) => {
    let estimatedBytes: number | null = null;
    if (state === 'succeeded' && !totals.reported && estimate) estimatedBytes = await estimate().catch(() => null);
    await jobs(ctx)
      .updateTable('query_jobs')
      .set({
        state,
        finished_at: ctx.now(),
        error: error?.slice(0, 2000) ?? null,
        bytes_processed: totals.reported ? totals.bytesProcessed : estimatedBytes,
        bytes_billed: totals.billed ? totals.bytesBilled : null,
        bytes_estimated: !totals.reported && estimatedBytes !== null,
        bigquery_job_id: totals.jobId,
      })
      .where('id', '=', id)
      .execute();
  };

  try {
    const result = await withQueryScope({ signal: controller.signal, record }, run);
    await finish('succeeded', null);
    return result;
  } catch (error) {
    if (controller.signal.aborted) {
      await finish('cancelled', null);
      throw error instanceof QueryCancelledError ? error : new QueryCancelledError();
    }
    await finish('failed', error instanceof Error ? error.message : String(error));
    throw error;
  } finally {
    clearInterval(poll);
    running.delete(id);
    settle();
  }
}

/** The embedded engine's estimate of a Process Data run (scan-estimate.ts): the export's rows of the range, flattened, then the app's events read by the rebuild (those outside the range, and the range's new ones). */
export async function embeddedProcessBytes(store: AnalyticsStore, appId: string, start: string, end: string) {
  const raw = await store.rowsInRange('raw_events', { key: appId, start, end });
  const all = await store.rowsInRange('events', { key: appId, ...ALL_DAYS });
  const inRange = await store.rowsInRange('events', { key: appId, start, end });
  return estimatedBytes('raw_events', raw) + estimatedBytes('events', Math.max(0, all - inRange) + raw);
}

type Row = {
  id: string;
  kind: QueryJobKind;
  engine: QueryJobEngine;
  label: string;
  started_at: Date | string;
  finished_at: Date | string | null;
  state: QueryJob['state'];
  bytes_processed: string | number | null;
  bytes_billed: string | number | null;
  bytes_estimated: boolean;
  error: string | null;
};

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

function toJob(row: Row, usdPerTiB: number): QueryJob {
  const processed = numberOrNull(row.bytes_processed);
  const billed = numberOrNull(row.bytes_billed);
  const costBytes = billed ?? processed;
  const startedAt = new Date(row.started_at);
  return {
    id: String(row.id),
    kind: row.kind,
    engine: row.engine,
    label: row.label,
    startedAt: startedAt.toISOString(),
    durationMs: row.finished_at === null ? null : new Date(row.finished_at).getTime() - startedAt.getTime(),
    state: row.state,
    bytesProcessed: processed,
    bytesBilled: billed,
    bytesEstimated: row.bytes_estimated,
    costUsd: costBytes === null ? null : queryCostUsd(costBytes, usdPerTiB),
    error: row.error,
    cancellable: row.state === 'running' && row.engine !== 'postgres',
  };
}

const COLUMNS = [
  'id',
  'kind',
  'engine',
  'label',
  'started_at',
  'finished_at',
  'state',
  'bytes_processed',
  'bytes_billed',
  'bytes_estimated',
  'error',
] as const;

/** An app's job history, newest first, QUERY_JOBS_PAGE a page by cursor (the id of the page's last row). */
export async function listQueryJobs(ctx: ServerContext, appId: string, cursor?: string): Promise<QueryJobPage> {
  let query = jobs(ctx).selectFrom('query_jobs').select(COLUMNS).where('app_id', '=', appId);
  if (cursor) query = query.where('id', '<', decodeTimeCursor(cursor).id);
  const rows = (await query
    .orderBy('id', 'desc')
    .limit(QUERY_JOBS_PAGE + 1)
    .execute()) as Row[];
  const page = rows.slice(0, QUERY_JOBS_PAGE);
  const last = page.at(-1);
  return {
    success: true,
    entries: page.map((row) => toJob(row, ctx.config.bigqueryUsdPerTiB)),
    nextCursor:
      rows.length > QUERY_JOBS_PAGE && last
        ? encodeTimeCursor({ at: new Date(last.started_at).toISOString(), id: String(last.id) })
        : null,
    usdPerTiB: ctx.config.bigqueryUsdPerTiB,
  };
}

/**
 * Cancels a running job of the app: marks its row, aborts it when it runs in this process, and waits (briefly) for it
 * to stop; answers the job as it then is. 404 for another app's job, 409 when it is no longer running or runs on the
 * PostgreSQL analytics store (which cannot stop a statement).
 */
export async function cancelQueryJob(ctx: ServerContext, appId: string, jobId: string): Promise<QueryJobAnswer> {
  if (!/^\d{1,18}$/.test(jobId)) throw notFound('Job');
  const read = () =>
    jobs(ctx)
      .selectFrom('query_jobs')
      .select(COLUMNS)
      .where('id', '=', jobId)
      .where('app_id', '=', appId)
      .executeTakeFirst() as Promise<Row | undefined>;
  const row = await read();
  if (!row) throw notFound('Job');
  if (row.state !== 'running') throw conflict(QUERY_JOB_MESSAGES.notRunning, 'job_not_running');
  if (row.engine === 'postgres') throw conflict(QUERY_JOB_MESSAGES.notCancellable, 'job_not_cancellable');
  await jobs(ctx)
    .updateTable('query_jobs')
    .set({ cancel_requested: true })
    .where('id', '=', jobId)
    .where('state', '=', 'running')
    .execute();
  const here = running.get(jobId);
  if (here) {
    here.controller.abort();
    await Promise.race([here.settled, new Promise((resolve) => setTimeout(resolve, CANCEL_WAIT_MS).unref())]);
  }
  return { success: true, job: toJob((await read())!, ctx.config.bigqueryUsdPerTiB) };
}
