/**
 * The analytics engine as the server uses it (ctx.providers.analytics): the deployment's analytics store (`local`,
 * store.ts: the embedded DuckDB event store by default, or the app database's `analytics` schema with
 * `shared`), its report engine, and (when configured) BigQuery engines for apps whose BigQuery plugin asks for them.
 *
 * Wiring (server/main.ts and the demo seed):
 *   const analytics = await openAnalytics({ dataDir: config.dataDir });   // undefined dataDir = in memory
 *   const analytics = await openAnalytics({ shared: { db, dbKind } });      // ANALYTICS_STORE=postgres
 *   buildApp({ ..., providers: { analytics } });
 *   await closeAnalytics(analytics);                                      // on shutdown (= analytics.close())
 *
 * An app's reports run on BigQuery when its BigQuery plugin has `attributes.eventStore === 'bigquery'` and a
 * `targetProject` (dataset `attributes.dataset`, default `questboard_analytics`) and the engine was opened with a
 * `bigquery.createClient`; otherwise on the deployment's store. Its Process Data then runs on BigQuery too
 * (`bigQueryProcessorFor`, bigquery-process.ts), reading the Firebase export dataset `attributes.sourceDataset`
 * (`analytics_<property id>`, in `attributes.sourceProject`, default the target project).
 */
import type { Kysely } from 'kysely';
import { EventStore, type EventStoreOptions } from './event-store';
import type { DuckDbReportEngine } from './duckdb-engine';
import { duckdbStore, type AnalyticsStore } from './store';
import { openPostgresStore } from './postgres-store';
import { BigQueryReportEngine } from './bigquery-engine';
import { BigQueryProcessor, type BigQueryProcessClient } from './bigquery-process';
import type { GenerateOptions, GenerateResult } from './generator';
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

export interface SharedStoreOptions {
  /** The app database (its `analytics` schema holds the processed tables). */
  // oxlint-disable-next-line typescript/no-explicit-any -- any app database handle
  db: Kysely<any>;
  dbKind: 'pglite' | 'postgres';
}

/** The slice of a plugin row the engine choice needs. */
export interface PluginLike {
  attributes: Record<string, unknown> | null;
}

/** What the server uses of analytics, whichever the store. */
export interface Analytics {
  /** The deployment's store: where processing writes and every non-BigQuery report reads. */
  readonly local: AnalyticsStore;
  readonly models: readonly ModelDef[];
  /** The engine that serves an app, from its BigQuery plugin. */
  engineFor(plugin: PluginLike | null): ReportEngine;
  /** The BigQuery processing of an app whose reports run on BigQuery, else null (processing runs embedded). */
  bigQueryProcessorFor(plugin: PluginLike | null): BigQueryProcessor | null;
  /** Replaces an app's events with generated ones (deterministic from the seed). */
  generate(options: GenerateOptions): Promise<GenerateResult>;
  close(): Promise<void>;
}

/** The embedded engine (ANALYTICS_STORE=duckdb), with its DuckDB store for scripts and tests. */
export interface AnalyticsEngine extends Analytics {
  readonly store: EventStore;
  readonly duckdb: DuckDbReportEngine;
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

export async function openAnalytics(opts?: AnalyticsOptions): Promise<AnalyticsEngine>;
export async function openAnalytics(opts: AnalyticsOptions & { shared?: SharedStoreOptions }): Promise<Analytics>;
export async function openAnalytics(opts: AnalyticsOptions & { shared?: SharedStoreOptions } = {}): Promise<Analytics> {
  if (opts.shared) {
    const local = await openPostgresStore({
      ...opts.shared,
      queryTimeoutMs: opts.queryTimeoutMs,
      memoryLimit: opts.memoryLimit,
      threads: opts.threads,
    });
    return withBigQuery(local, opts);
  }
  const store = await EventStore.open(opts);
  const local = duckdbStore(store);
  const embedded: AnalyticsEngine = { ...withBigQuery(local, opts), store, duckdb: local.engine };
  return embedded;
}

function withBigQuery(local: AnalyticsStore, opts: AnalyticsOptions): Analytics {
  return {
    local,
    models: MODELS,
    engineFor(plugin) {
      const target = bigQueryStoreOf(plugin);
      if (!target || !opts.bigquery) return local.engine;
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
    generate: (options) => local.generate(options),
    close: () => local.close(),
  };
}

/** Closes the event store (waits for statements in flight, checkpoints the file). Same as `engine.close()`. */
export const closeAnalytics = (engine: Analytics) => engine.close();

export interface DemoApp {
  id: string;
  platform: 'android' | 'ios';
}

export type { GenerateOptions, GenerateResult } from './generator';
export type { ReportEngine } from './engine';
export type { AnalyticsStore, StoreKind } from './store';
export type { BigQueryClient } from './bigquery-engine';
