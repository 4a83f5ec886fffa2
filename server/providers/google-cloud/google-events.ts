/**
 * The events an app logs, read from its Firebase → BigQuery export (the real Google Cloud adapter's `firebaseEvents`):
 * the project's `analytics_<property>` dataset, its daily `events_YYYYMMDD` and `events_intraday_YYYYMMDD` tables
 * (`events_*`), over the last `days` days, for the app's `app_info.id` (package name / bundle id) and platform:
 * each distinct event_name, the keys of its event_params with the type of the value they carry, and the newest
 * event_timestamp (µs). Identifiers (project, dataset) are allow-listed by pattern before they enter the SQL text;
 * every value is a bound, typed parameter; the job carries maximumBytesBilled.
 */
import type { Query } from '@google-cloud/bigquery';
import type { FirebaseEventInfo } from './types';

/** The part of `new BigQuery({projectId, authClient})` used here (tests give a fake over recorded answers). */
export interface FirebaseExportClient {
  getDatasets(): Promise<[{ id?: string }[], ...unknown[]]>;
  query(options: Query): Promise<[Record<string, unknown>[], ...unknown[]]>;
}

export class ExportMissingError extends Error {}

/** GCP project ids (optionally domain-scoped, `example.com:project`) and the export's dataset names. */
const PROJECT_ID = /^(?:[a-z0-9.-]{1,63}:)?[a-z][a-z0-9-]{4,61}[a-z0-9]$/;
const EXPORT_DATASET = /^analytics_\d{1,20}$/;

/** The export dataset of a project: the first `analytics_<property>` one (a Firebase project links one property). */
export async function exportDataset(client: FirebaseExportClient, project: string): Promise<string> {
  const [datasets] = await client.getDatasets();
  const dataset = datasets
    .map((d) => d.id ?? '')
    .filter((id) => EXPORT_DATASET.test(id))
    .sort()[0];
  if (!dataset) {
    throw new ExportMissingError(
      `The GCP project ${project} has no Google Analytics export (an analytics_<property> dataset): link Firebase to BigQuery in the Firebase console first.`,
    );
  }
  return dataset;
}

export function eventsQuery(
  project: string,
  dataset: string,
  options: { appId: string; platform: 'ANDROID' | 'IOS'; since: string; maximumBytesBilled: number },
): Query {
  if (!PROJECT_ID.test(project)) throw new Error(`Not a GCP project id: ${project}`);
  if (!EXPORT_DATASET.test(dataset)) throw new Error(`Not a Google Analytics export dataset: ${dataset}`);
  const query = [
    'SELECT event_name, param.key AS param_key,',
    "  CASE WHEN param.value.string_value IS NOT NULL THEN 'STRING'",
    "       WHEN param.value.int_value IS NOT NULL THEN 'INT64'",
    "       WHEN param.value.double_value IS NOT NULL OR param.value.float_value IS NOT NULL THEN 'DOUBLE' END AS param_type,",
    '  MAX(event_timestamp) AS last_timestamp',
    `FROM \`${project}.${dataset}.events_*\` LEFT JOIN UNNEST(event_params) AS param`,
    // Daily tables are events_YYYYMMDD, the intraday ones events_intraday_YYYYMMDD ('i' sorts after every digit).
    'WHERE _TABLE_SUFFIX >= @since AND app_info.id = @app_id AND platform = @platform',
    'GROUP BY event_name, param_key, param_type',
    'ORDER BY event_name, param_key',
    'LIMIT 20000',
  ].join('\n');
  return {
    query,
    params: { since: options.since, app_id: options.appId, platform: options.platform },
    types: { since: 'STRING', app_id: 'STRING', platform: 'STRING' },
    useLegacySql: false,
    maximumBytesBilled: String(options.maximumBytesBilled),
    jobTimeoutMs: 60_000,
  };
}

/** INT64 values come as numbers, or as strings / `{value}` objects when the client wraps integers. */
const toNumber = (value: unknown) =>
  Number(typeof value === 'object' && value !== null && 'value' in value ? (value as { value: unknown }).value : value);

/** A row of eventsQuery: its STRING columns (null when absent) and the INT64 last_timestamp. */
type EventRow = {
  event_name: string | null;
  param_key: string | null;
  param_type: string | null;
  last_timestamp: unknown;
};

/** The query's rows folded into one entry per event (µs → ms; a parameter's first non-null type wins). */
export function eventsFromRows(rows: readonly Record<string, unknown>[]): FirebaseEventInfo[] {
  const events = new Map<string, FirebaseEventInfo>();
  for (const row of rows as readonly EventRow[]) {
    const name = String(row.event_name ?? '');
    if (!name) continue;
    const event = events.get(name) ?? { eventName: name, params: {}, lastReceivedAt: 0 };
    const key = row.param_key == null ? '' : String(row.param_key);
    if (key && row.param_type != null && !(key in event.params)) event.params[key] = String(row.param_type);
    const last = Math.floor(toNumber(row.last_timestamp) / 1000);
    if (Number.isFinite(last) && last > event.lastReceivedAt) event.lastReceivedAt = last;
    events.set(name, event);
  }
  return [...events.values()].sort((a, b) => a.eventName.localeCompare(b.eventName));
}

/** YYYYMMDD of `days` days before `now` (UTC), the first table suffix read. */
export function suffixSince(now: number, days: number): string {
  return new Date(now - days * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
}
