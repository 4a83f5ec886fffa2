/**
 * The analytics engine as the server uses it (ctx.providers.analytics): the embedded DuckDB event store, the DuckDB
 * report engine, and (when configured) BigQuery engines for apps whose BigQuery plugin asks for them.
 *
 * Wiring (server/main.ts and the demo seed):
 *   const analytics = await openAnalytics({ dataDir: config.dataDir });   // undefined dataDir = in memory
 *   buildApp({ ..., providers: { analytics } });
 *   await closeAnalytics(analytics);                                      // on shutdown (= analytics.close())
 *
 * An app's reports run on BigQuery when its BigQuery plugin has `attributes.eventStore === 'bigquery'` and a
 * `targetProject` (dataset `attributes.dataset`, default `questboard_analytics`) and the engine was opened with a
 * `bigquery.createClient`; otherwise on the embedded DuckDB store. Its Process Data then runs on BigQuery too
 * (`bigQueryProcessorFor`, bigquery-process.ts), reading the Firebase export dataset `attributes.sourceDataset`
 * (`analytics_<property id>`, in `attributes.sourceProject`, default the target project).
 */
import { EventStore, type EventStoreOptions } from './event-store';
import { DuckDbReportEngine } from './duckdb-engine';
import { BigQueryReportEngine } from './bigquery-engine';
import { BigQueryProcessor, type BigQueryProcessClient } from './bigquery-process';
import { generateEvents, type GenerateOptions, type GenerateResult } from './generator';
import { MODELS, type ModelDef } from './catalogue';
import type { ReportEngine } from './engine';

export interface AnalyticsOptions extends EventStoreOptions {
  bigquery?: {
    /** A client for a GCP project (e.g. `(projectId) => new BigQuery({ projectId })`). */
    createClient(projectId: string): BigQueryProcessClient;
    maximumBytesBilled?: number;
    location?: string;
  };
}

/** The slice of a plugin row the engine choice needs. */
export interface PluginLike {
  attributes: Record<string, unknown> | null;
}

export interface AnalyticsEngine {
  readonly store: EventStore;
  readonly duckdb: DuckDbReportEngine;
  readonly models: readonly ModelDef[];
  /** The engine that serves an app, from its BigQuery plugin. */
  engineFor(plugin: PluginLike | null): ReportEngine;
  /** The BigQuery processing of an app whose reports run on BigQuery, else null (processing runs embedded). */
  bigQueryProcessorFor(plugin: PluginLike | null): BigQueryProcessor | null;
  /** Replaces an app's events with generated ones (deterministic from the seed). */
  generate(options: GenerateOptions): Promise<GenerateResult>;
  close(): Promise<void>;
}

export const DEFAULT_BIGQUERY_DATASET = 'questboard_analytics';

/** Where an app's events live on BigQuery, from its plugin's attributes (see the header), or null: the embedded store. */
function bigQueryStoreOf(plugin: PluginLike | null) {
  const attributes = plugin?.attributes ?? {};
  const text = (key: string) => (typeof attributes[key] === 'string' ? (attributes[key] as string) : undefined);
  const project = text('targetProject');
  if (attributes.eventStore !== 'bigquery' || !project) return null;
  return {
    project,
    dataset: text('dataset') ?? DEFAULT_BIGQUERY_DATASET,
    sourceProject: text('sourceProject'),
    sourceDataset: text('sourceDataset'),
  };
}

export async function openAnalytics(opts: AnalyticsOptions = {}): Promise<AnalyticsEngine> {
  const store = await EventStore.open(opts);
  const duckdb = new DuckDbReportEngine(store);
  return {
    store,
    duckdb,
    models: MODELS,
    engineFor(plugin) {
      const target = bigQueryStoreOf(plugin);
      if (!target || !opts.bigquery) return duckdb;
      const { project, dataset } = target;
      return new BigQueryReportEngine(opts.bigquery.createClient(project), {
        project,
        dataset,
        location: opts.bigquery.location,
        maximumBytesBilled: opts.bigquery.maximumBytesBilled,
        timeoutMs: opts.queryTimeoutMs,
      });
    },
    bigQueryProcessorFor(plugin) {
      const target = bigQueryStoreOf(plugin);
      if (!target || !opts.bigquery) return null;
      return new BigQueryProcessor(opts.bigquery.createClient(target.project), {
        ...target,
        location: opts.bigquery.location,
      });
    },
    generate: (options) => generateEvents(store, options),
    close: () => store.close(),
  };
}

/** Closes the event store (waits for statements in flight, checkpoints the file). Same as `engine.close()`. */
export const closeAnalytics = (engine: AnalyticsEngine) => engine.close();

export interface DemoApp {
  id: string;
  platform: 'android' | 'ios';
}

export type { GenerateOptions, GenerateResult } from './generator';
export type { ReportEngine } from './engine';
export type { BigQueryClient } from './bigquery-engine';
