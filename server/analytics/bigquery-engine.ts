/**
 * The BigQuery report engine: the same compiled reports rendered in BigQuery standard SQL against an app's
 * processed tables (`project.dataset.daily_user_metrics` and `project.dataset.events`, written by the BigQuery
 * "process data" job), through @google-cloud/bigquery.
 *
 * Every query is a job request with named, typed parameters (parameterMode NAMED, `types` for each value, lists as
 * [type]); a dry run first reports the bytes the query would scan, and a query over the limit is refused before it
 * runs; the real job carries `maximumBytesBilled` (BigQuery itself fails a job that would bill more) and a job
 * timeout. The client is injected (`BigQueryClient`, satisfied by `new BigQuery()`): this machine cannot reach
 * BigQuery, so tests use a fake client that checks the job requests.
 */
import type { Query } from '@google-cloud/bigquery';
import type { ReportRow } from '../../src/contracts/analyze';
import { formatTimestamp } from '../../src/contracts/analyze';
import type { ModelDef } from './catalogue';
import { describeModel, renderReport, type AvailableRange, type CompiledReport } from './compiler';
import { ReportTooLargeError, dateText, type ReportEngine } from './engine';
import { bigquery, renderSelect, type Dialect, type RenderedSql, type SelectQuery } from './sql';
import { DAILY_METRICS_MODEL } from './catalogue';

/** The part of a job the engine uses. */
export interface BigQueryJob {
  metadata?: { statistics?: { totalBytesProcessed?: string | number } };
  getQueryResults(options?: {
    timeoutMs?: number;
    maxResults?: number;
  }): Promise<[Record<string, unknown>[], ...unknown[]]>;
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
    const [job] = await this.client.createQueryJob({ ...request, maximumBytesBilled: String(this.maximumBytesBilled) });
    const [rows] = await job.getQueryResults({ timeoutMs: this.options.timeoutMs ?? 30_000 });
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
