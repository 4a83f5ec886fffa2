/**
 * The BigQuery report engine: the same compiled reports rendered in BigQuery standard SQL against an app's
 * processed tables (`project.dataset.daily_user_metrics` and `project.dataset.events`, written by the BigQuery
 * "process data" job), through @google-cloud/bigquery.
 *
 * Every query is a job request with named, typed parameters (parameterMode NAMED, `types` for each value, lists as
 * [type]); a dry run first reports the bytes the query would scan, and a query over the limit is refused before it
 * runs; the real job carries `maximumBytesBilled` (BigQuery itself fails a job that would bill more) and a job
 * timeout. Inside a query job (query-scope.ts) each job's statistics are recorded and a cancel cancels the BigQuery
 * job (runQueryJob). The client is injected (`BigQueryClient`, satisfied by `new BigQuery()`): this machine cannot reach
 * BigQuery, so tests use a fake client that checks the job requests.
 */
import type { Query } from '@google-cloud/bigquery';
import type bigqueryTypes from '@google-cloud/bigquery/build/src/types';
import type { ReportRow } from '../../src/contracts/analyze';
import { formatTimestamp } from '../../src/contracts/analyze';
import type { ModelDef } from './catalogue';
import { describeModel, renderReport, type AvailableRange, type CompiledReport } from './compiler';
import { ReportTooLargeError, dateText, type ReportEngine } from './engine';
import { bigquery, renderSelect, type Dialect, type RenderedSql, type SelectQuery } from './sql';
import { DAILY_METRICS_MODEL } from './catalogue';
import { QueryCancelledError, currentQueryScope, int64, throwIfCancelled, type StatementFigures } from './query-scope';

/** The parts of a job resource (jobs.get, jobs.insert's answer) the engine reads: its reference and statistics. */
export type BigQueryJobMetadata = Pick<bigqueryTypes.IJob, 'jobReference' | 'statistics'>;
/** The part of a job the engine uses (the library's Job: getMetadata is jobs.get, cancel is jobs.cancel). */
export interface BigQueryJob {
  metadata?: BigQueryJobMetadata;
  getQueryResults(options?: {
    timeoutMs?: number;
    maxResults?: number;
  }): Promise<[Record<string, unknown>[], ...unknown[]]>;
  getMetadata?(): Promise<[BigQueryJobMetadata, ...unknown[]]>;
  cancel?(): Promise<unknown>;
}
/** The part of the BigQuery client the engine uses (`new BigQuery({projectId, credentials})` satisfies it). */
export interface BigQueryClient {
  createQueryJob(options: Query): Promise<[BigQueryJob, ...unknown[]]>;
}

export interface BigQueryEngineOptions {
  project: string;
  dataset: string;
  location?: string;
  /** Refuse (dry run) and cap (maximumBytesBilled) queries above this many bytes. Default 10 GB. */
  maximumBytesBilled?: number;
  timeoutMs?: number;
}

export const DEFAULT_MAXIMUM_BYTES_BILLED = 10 * 1024 ** 3;

/**
 * A standard-SQL query job with named parameters, each with its BigQuery type. DATE and TIMESTAMP values go as
 * `{value}` objects (what BigQuery.date()/timestamp() make): the client reads `.value` for those types.
 */
export function namedQueryJob(
  statement: { query: string; params: Record<string, unknown>; types: Record<string, unknown> },
  options: { location?: string; timeoutMs: number; label: string },
): Query {
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(statement.params)) {
    const type = statement.types[name];
    params[name] = type === 'DATE' || type === 'TIMESTAMP' ? { value } : value;
  }
  return {
    query: statement.query,
    params,
    types: statement.types as Query['types'],
    parameterMode: 'NAMED',
    useLegacySql: false,
    location: options.location,
    jobTimeoutMs: options.timeoutMs,
    labels: { source: options.label },
  };
}

/** A job resource's figures (docs/integrations.md §Job history): bytes processed and billed, and the job id. */
export function jobFigures(metadata: BigQueryJobMetadata | undefined): StatementFigures {
  const statistics = metadata?.statistics;
  const reference = metadata?.jobReference;
  return {
    bytesProcessed: int64(statistics?.query?.totalBytesProcessed ?? statistics?.totalBytesProcessed),
    bytesBilled: int64(statistics?.query?.totalBytesBilled),
    jobId: reference?.jobId
      ? `${reference.projectId ?? ''}:${reference.location ? `${reference.location}.` : ''}${reference.jobId}`
      : undefined,
  };
}

/**
 * Sends one query job and waits for its rows. Inside a query job's scope (query-scope.ts) a cancel calls jobs.cancel
 * on the BigQuery job and the wait rejects with QueryCancelledError; the job's statistics (jobs.get) are recorded
 * whether it succeeded or not.
 */
export async function runQueryJob(
  client: BigQueryClient,
  request: Query,
  timeoutMs: number,
): Promise<Record<string, unknown>[]> {
  const scope = currentQueryScope();
  throwIfCancelled(scope);
  const [job] = await client.createQueryJob(request);
  const cancel = () => void job.cancel?.().catch(() => {});
  scope?.signal.addEventListener('abort', cancel, { once: true });
  try {
    const [rows] = await job.getQueryResults({ timeoutMs });
    return rows;
  } catch (error) {
    if (scope?.signal.aborted) throw new QueryCancelledError();
    throw error;
  } finally {
    scope?.signal.removeEventListener('abort', cancel);
    if (scope) {
      const metadata = job.getMetadata
        ? await job.getMetadata().then(
            ([m]) => m,
            () => job.metadata,
          )
        : job.metadata;
      scope.record(jobFigures(metadata));
    }
  }
}

export class BigQueryReportEngine implements ReportEngine {
  readonly kind = 'bigquery' as const;
  readonly dialect: Dialect;
  readonly maximumBytesBilled: number;

  constructor(
    private readonly client: BigQueryClient,
    private readonly options: BigQueryEngineOptions,
  ) {
    this.dialect = bigquery({ project: options.project, dataset: options.dataset });
    this.maximumBytesBilled = options.maximumBytesBilled ?? DEFAULT_MAXIMUM_BYTES_BILLED;
  }

  /** The job request of a rendered query (namedQueryJob). */
  jobRequest(rendered: RenderedSql): Query {
    return namedQueryJob(
      { query: rendered.sql, params: rendered.params, types: rendered.types },
      { location: this.options.location, timeoutMs: this.options.timeoutMs ?? 30_000, label: 'questboard-analyze' },
    );
  }

  /** Bytes the query would scan (a dry run costs nothing). */
  async dryRun(request: Query): Promise<number> {
    const [job] = await this.client.createQueryJob({ ...request, dryRun: true });
    return Number(job.metadata?.statistics?.totalBytesProcessed ?? 0);
  }

  private async execute(rendered: RenderedSql): Promise<Record<string, unknown>[]> {
    const request = this.jobRequest(rendered);
    const bytes = await this.dryRun(request);
    if (bytes > this.maximumBytesBilled) throw new ReportTooLargeError(bytes, this.maximumBytesBilled);
    const rows = await runQueryJob(
      this.client,
      { ...request, maximumBytesBilled: String(this.maximumBytesBilled) },
      this.options.timeoutMs ?? 30_000,
    );
    return rows.map(normaliseRow);
  }

  render(compiled: CompiledReport): RenderedSql {
    return renderReport(compiled, this.dialect);
  }

  async run(compiled: CompiledReport, rendered = this.render(compiled)): Promise<ReportRow[]> {
    return (await this.execute(rendered)) as ReportRow[];
  }

  async rows(rendered: RenderedSql): Promise<ReportRow[]> {
    return (await this.execute(rendered)) as ReportRow[];
  }

  async dataRange(appId: string): Promise<AvailableRange | null> {
    const q = describeModel(DAILY_METRICS_MODEL, appId);
    const rangeOnly: SelectQuery = { ...q, select: q.select.slice(0, 2) };
    const [row] = await this.execute(renderSelect(rangeOnly, this.dialect));
    return row?.date_min ? { start: dateText(row.date_min), end: dateText(row.date_max) } : null;
  }

  async describe(model: ModelDef, appId: string) {
    const [row] = await this.execute(renderSelect(describeModel(model, appId), this.dialect));
    return row?.date_min ? row : null;
  }
}

/** BigQuery cells → plain values: BigQueryDate/BigQueryTimestamp objects hold their value in `.value`. */
function normaliseRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = normaliseCell(value);
  return out;
}

function normaliseCell(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'object' && 'value' in value) {
    const inner = (value as { value: unknown }).value;
    if (typeof inner === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(inner))
      return formatTimestamp(new Date(inner));
    return typeof inner === 'string' || typeof inner === 'number' || typeof inner === 'boolean' ? inner : String(inner);
  }
  if (value instanceof Date) return formatTimestamp(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}
