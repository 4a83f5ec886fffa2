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
import { placeIfNew, placementOf } from './placements';

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

/** The slice of a plugin row the engine choice needs (its app's placement, when the plugin names the app). */
export interface PluginLike {
  attributes: Record<string, unknown> | null;
  app_id?: string;
}

/** What the server uses of analytics, whichever the store. */
export interface Analytics {
  /** The deployment's store: where an app's first data goes (ANALYTICS_STORE). */
  readonly local: AnalyticsStore;
  readonly models: readonly ModelDef[];
  /**
   * The store that holds an app's data: its placement (placements.ts; `npm run analytics:move` switches it), else the
   * deployment's store, which its first write then records as the app's placement.
   */
  storeFor(appId: string): Promise<AnalyticsStore>;
  /** The engine that serves an app: BigQuery when its plugin asks for it, else its store's. */
  engineFor(plugin: PluginLike | null): Promise<ReportEngine>;
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

export interface OpenOptions extends AnalyticsOptions {
  /** ANALYTICS_STORE=postgres: the app database's analytics schema is the deployment's store. */
  shared?: SharedStoreOptions;
  /**
   * The app database, for the apps' placements (the server passes it; scripts and tests without it read and write
   * the deployment's store only). With the embedded store, an app moved to PostgreSQL is read there.
   */
  placements?: SharedStoreOptions;
}

export async function openAnalytics(
  opts?: AnalyticsOptions & { placements?: SharedStoreOptions },
): Promise<AnalyticsEngine>;
export async function openAnalytics(opts: OpenOptions): Promise<Analytics>;
export async function openAnalytics(opts: OpenOptions = {}): Promise<Analytics> {
  const postgresOptions = (database: SharedStoreOptions) => ({
    ...database,
    queryTimeoutMs: opts.queryTimeoutMs,
    memoryLimit: opts.memoryLimit,
    threads: opts.threads,
  });
  if (opts.shared) {
    const local = await openPostgresStore(postgresOptions(opts.shared));
    return withStores(local, opts, opts.shared, () => {
      throw new Error('the embedded DuckDB store is not open on a server with ANALYTICS_STORE=postgres');
    });
  }
  const store = await EventStore.open(opts);
  const local = duckdbStore(store);
  const database = opts.placements;
  let shared: Promise<AnalyticsStore> | null = null;
  const embedded: AnalyticsEngine = {
    ...withStores(local, opts, database, () => (shared ??= openPostgresStore(postgresOptions(database!)))),
    store,
    duckdb: local.engine,
  };
  return embedded;
}

/** A store whose writes first record the app's placement (an app's first data decides where it lives). */
function placing(store: AnalyticsStore, place: () => Promise<void>): AnalyticsStore {
  return {
    ...store,
    writeSandboxExport: async (options) => (await place(), store.writeSandboxExport(options)),
    processRange: async (args, progress) => (await place(), store.processRange(args, progress)),
    generate: async (options) => (await place(), store.generate(options)),
  };
}

function withStores(
  local: AnalyticsStore,
  opts: AnalyticsOptions,
  database: SharedStoreOptions | undefined,
  other: () => Promise<AnalyticsStore>,
): Analytics {
  let opened: AnalyticsStore | null = null;
  async function storeFor(appId: string): Promise<AnalyticsStore> {
    if (!database) return local;
    const placed = await placementOf(database.db, appId);
    if (!placed) return placing(local, () => placeIfNew(database.db, appId, local.kind));
    if (placed === local.kind) return local;
    return (opened = await other());
  }
  return {
    local,
    models: MODELS,
    storeFor,
    async engineFor(plugin) {
      const target = bigQueryStoreOf(plugin);
      if (!target || !opts.bigquery) return plugin?.app_id ? (await storeFor(plugin.app_id)).engine : local.engine;
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
    generate: async (options) => (await storeFor(options.appId)).generate(options),
    async close() {
      await opened?.close();
      await local.close();
    },
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
