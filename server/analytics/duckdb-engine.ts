/**
 * The DuckDB report engine: renders compiled reports in the DuckDB dialect and runs them on the locked-down
 * embedded event store (event-store.ts), binding every value as a parameter ($name; is-one-of as a VARCHAR list).
 */
import { BIGINT, DOUBLE, LIST, VARCHAR, listValue, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import type { ReportRow } from '../../src/contracts/analyze';
import type { ModelDef } from './catalogue';
import { describeModel, renderReport, type CompiledReport } from './compiler';
import type { ReportEngine } from './engine';
import type { EventStore } from './event-store';
import { duckdb, renderSelect, type RenderedSql } from './sql';

/** DuckDB bindings for a rendered query: plain JS values, lists as LIST(VARCHAR) values. */
export function duckdbBindings(rendered: RenderedSql): {
  values: Record<string, DuckDBValue>;
  types: Record<string, DuckDBType>;
} {
  const values: Record<string, DuckDBValue> = {};
  const types: Record<string, DuckDBType> = {};
  for (const name of rendered.order) {
    const value = rendered.params[name]!;
    if (Array.isArray(value)) {
      values[name] = listValue(value);
      types[name] = LIST(VARCHAR);
    } else {
      values[name] = value;
      // Numbers get their declared type: inferred from the JS value, a whole FLOAT64 such as 2^63 would overflow BIGINT.
      if (typeof value === 'number') types[name] = rendered.types[name] === 'INT64' ? BIGINT : DOUBLE;
    }
  }
  return { values, types };
}

export class DuckDbReportEngine implements ReportEngine {
  readonly kind = 'duckdb' as const;
  readonly dialect = duckdb;

  constructor(readonly store: EventStore) {}

  render(compiled: CompiledReport): RenderedSql {
    return renderReport(compiled, duckdb);
  }

  async run(compiled: CompiledReport, rendered = this.render(compiled)): Promise<ReportRow[]> {
    return this.rows({ ...rendered, heavy: rendered.heavy ?? compiled.model.table === 'events' });
  }

  async rows(rendered: RenderedSql): Promise<ReportRow[]> {
    const { values, types } = duckdbBindings(rendered);
    return (await this.store.rows(rendered.sql, values, types, { heavy: rendered.heavy, cache: true })) as ReportRow[];
  }

  dataRange(appId: string) {
    return this.store.dataRange(appId);
  }

  async describe(model: ModelDef, appId: string) {
    const rendered = renderSelect(describeModel(model, appId), duckdb);
    const { values, types } = duckdbBindings(rendered);
    const [row] = await this.store.rows(rendered.sql, values, types, { cache: true });
    return row?.date_min ? row : null;
  }
}
