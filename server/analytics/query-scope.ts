/**
 * The query job a statement belongs to (docs/integrations.md §Job history): while a Process Data run or a report runs
 * inside `withQueryScope`, every statement an engine sends reads the scope to
 *   - stop when the job is cancelled: the embedded store interrupts the DuckDB connection running the statement (the
 *     same interrupt as its timeout, event-store.ts), the BigQuery adapters cancel the BigQuery job (jobs.cancel);
 *   - add what the engine reports of it: BigQuery's job statistics (totalBytesProcessed, totalBytesBilled) and job id.
 * Outside a scope (scripts, the demo seed, health checks) nothing is recorded and nothing can be cancelled.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** What one statement reported (BigQuery's job statistics; the embedded engine reports nothing per statement). */
export interface StatementFigures {
  bytesProcessed?: number;
  bytesBilled?: number;
  /** The BigQuery job id (`project:location.id`). */
  jobId?: string;
}

export interface QueryScope {
  readonly signal: AbortSignal;
  record(figures: StatementFigures): void;
}

/** A statement stopped because its job was cancelled (docs/integrations.md §Job history). */
export class QueryCancelledError extends Error {
  constructor() {
    super(QUERY_CANCELLED_MESSAGE);
    this.name = 'QueryCancelledError';
  }
}
export const QUERY_CANCELLED_MESSAGE = 'The job was cancelled.';

const storage = new AsyncLocalStorage<QueryScope>();

/** The scope of the statement being sent, if any. */
export const currentQueryScope = (): QueryScope | undefined => storage.getStore();

export const withQueryScope = <T>(scope: QueryScope, fn: () => Promise<T>): Promise<T> => storage.run(scope, fn);

/** Throws QueryCancelledError when the current job was cancelled (before a statement starts). */
export function throwIfCancelled(scope = currentQueryScope()) {
  if (scope?.signal.aborted) throw new QueryCancelledError();
}

/** A BigQuery int64 statistic (sent as a string) as a number, or undefined. */
export const int64 = (value: string | number | undefined | null): number | undefined =>
  value === undefined || value === null || value === '' ? undefined : Number(value);
