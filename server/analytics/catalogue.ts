/**
 * The data models Analyze reports over, and their metric catalogue (docs/analyze.md §Entities curated metric groups, docs/domain.md
 * "Curated metrics"). A model names its table, its group-by/filter columns (dimensions) and its metrics, each
 * metric an expression over the table's columns. This catalogue is the only source of identifiers in report SQL.
 *
 * Models
 *  - daily_metrics: one row per (user, UTC day) in `daily_user_metrics`, built from the events by the processing
 *    step (event-store.ts). DAU is the row count; new users are rows on the install day; retention columns hold,
 *    on install-day rows, whether the user was active on exactly day N (ret_dN) or in days [7N, 7N+6] (ret_wN) and
 *    are NULL when the cohort is not old enough, so retention = Σ retained ÷ Σ eligible cohort (never an average of
 *    percentages), every division NULLIF-guarded.
 *  - events: one row per event in `events` (flattened Firebase export), grouped by event name and parameters.
 */
import { METRIC_GROUPS, type DataType } from '../../src/contracts/analyze';
import { and, avg, cmp, col, count, countDistinct, countOf, div, isTrue, mul, num, sum, week, type Expr } from './sql';

export interface DimensionDef {
  column_name: string;
  label: string;
  data_type: DataType;
  /** Expression over the table's columns. */
  expr: Expr;
}

export interface MetricDef {
  column_name: string;
  label: string;
  data_type: DataType;
  /** integer | decimal | percent | currency | minutes */
  format: string;
  group?: string;
  description: string;
  expr: Expr;
}

export interface ModelDef {
  id: string;
  name: string;
  description: string;
  table: 'daily_user_metrics' | 'events';
  /** The DATE column the report date range applies to. */
  dateColumn: string;
  dimensions: DimensionDef[];
  metrics: MetricDef[];
}

const dim = (column_name: string, label: string, data_type: DataType, expr: Expr = col(column_name)): DimensionDef => ({
  column_name,
  label,
  data_type,
  expr,
});

const groupOf = (metric: string) => METRIC_GROUPS.find((g) => g.metrics.includes(metric))?.name;
const metric = (
  column_name: string,
  label: string,
  data_type: DataType,
  format: string,
  description: string,
  expr: Expr,
): MetricDef => ({ column_name, label, data_type, format, group: groupOf(column_name), description, expr });

const gt0 = (name: string) => cmp(col(name), '>', num(0));
const dau = count();
const MS_PER_MINUTE = 60_000;

const DAYS = [1, 2, 3, 4, 5, 6, 7];

const dailyMetrics: MetricDef[] = [
  metric(
    'new_users',
    'New Users',
    'INT64',
    'integer',
    'Users whose install day (first first_open, else first seen) is the day.',
    count(isTrue(col('is_new'))),
  ),
  metric(
    'new_users_per',
    'New Users %',
    'FLOAT64',
    'percent',
    'New users ÷ DAU.',
    div(count(isTrue(col('is_new'))), dau),
  ),
  metric(
    'new_players',
    'New Players',
    'INT64',
    'integer',
    'New users who also played that day (level_start or tutorial_begin).',
    count(and(isTrue(col('is_new')), isTrue(col('played')))),
  ),
  metric(
    'ad_viewers',
    'Ad Viewers',
    'INT64',
    'integer',
    'Distinct users with at least one ad_impression.',
    count(gt0('impressions')),
  ),
  metric('dau', 'DAU', 'INT64', 'integer', 'Distinct users with at least one event (app_remove excluded).', dau),
  metric(
    'conversion_rate',
    'Conversion Rate',
    'FLOAT64',
    'percent',
    'Users with an in-app purchase ÷ DAU.',
    div(count(gt0('iap_count')), dau),
  ),
  metric('payers', 'Payers', 'INT64', 'integer', 'Distinct users with an in-app purchase.', count(gt0('iap_count'))),
  metric(
    'iap_revenue',
    'IAP Revenue',
    'FLOAT64',
    'currency',
    'In-app purchase revenue in USD.',
    sum(col('iap_revenue')),
  ),
  metric(
    'mins_per_day',
    'Minutes per DAU',
    'FLOAT64',
    'minutes',
    'Σ engagement_time_msec ÷ 60,000 ÷ DAU.',
    div(sum(col('engagement_ms')), mul(dau, num(MS_PER_MINUTE))),
  ),
  metric(
    'mins_per_session',
    'Minutes per Session',
    'FLOAT64',
    'minutes',
    'Σ engagement minutes ÷ sessions (distinct user, ga_session_id).',
    div(sum(col('engagement_ms')), mul(sum(col('sessions')), num(MS_PER_MINUTE))),
  ),
  metric('sessions', 'Sessions', 'INT64', 'integer', 'Distinct (user, ga_session_id).', sum(col('sessions'))),
  metric(
    'sessions_per_dau',
    'Sessions per DAU',
    'FLOAT64',
    'decimal',
    'Sessions ÷ DAU.',
    div(sum(col('sessions')), dau),
  ),
  metric('level_starts', 'Level Starts', 'INT64', 'integer', 'level_start events.', sum(col('level_starts'))),
  metric(
    'level_completions',
    'Level Completions',
    'INT64',
    'integer',
    'level_end events with success.',
    sum(col('level_completions')),
  ),
  metric(
    'completion_rate',
    'Completion Rate',
    'FLOAT64',
    'percent',
    'Level completions ÷ level starts.',
    div(sum(col('level_completions')), sum(col('level_starts'))),
  ),
  metric('ads_completed', 'Ads Completed', 'INT64', 'integer', 'ad_reward events.', sum(col('ad_rewards'))),
  metric(
    'ads_completed_rate',
    'Ads Completed %',
    'FLOAT64',
    'percent',
    'ad_reward events ÷ rewarded ad impressions.',
    div(sum(col('ad_rewards')), sum(col('rewarded_impressions'))),
  ),
  metric('impressions', 'Impressions', 'INT64', 'integer', 'ad_impression events.', sum(col('impressions'))),
  metric(
    'impressions_per_dau',
    'Impressions per DAU',
    'FLOAT64',
    'decimal',
    'Impressions ÷ DAU.',
    div(sum(col('impressions')), dau),
  ),
  metric('ad_revenue', 'Ad Revenue', 'FLOAT64', 'currency', 'Σ ad_impression value in USD.', sum(col('ad_revenue'))),
  metric(
    'ecpm',
    'eCPM',
    'FLOAT64',
    'currency',
    'Ad revenue ÷ impressions × 1000.',
    div(mul(sum(col('ad_revenue')), num(1000)), sum(col('impressions'))),
  ),
  ...(['d', 'w'] as const).flatMap((unit) =>
    DAYS.map((n) =>
      metric(
        `retention_${unit}${n}`,
        `Retention ${unit.toUpperCase()}${n}`,
        'FLOAT64',
        'percent',
        unit === 'd'
          ? `Install cohorts: users active on exactly day ${n} ÷ cohort size (cohorts at least ${n} days old).`
          : `Install cohorts: users active at least once on days ${7 * n}–${7 * n + 6} ÷ cohort size (cohorts old enough).`,
        // ret_xN is NULL on rows that are not an install day of an old-enough cohort: count(ret_xN) is Σ cohort.
        div(count(isTrue(col(`ret_${unit}${n}`))), countOf(col(`ret_${unit}${n}`))),
      ),
    ),
  ),
];

export const DAILY_METRICS_MODEL: ModelDef = {
  id: 'daily_metrics',
  name: 'Daily Metrics',
  description: 'Curated game metrics per day: users, play time, sessions, ads, conversion and retention.',
  table: 'daily_user_metrics',
  dateColumn: 'event_date',
  dimensions: [
    dim('date', 'Date', 'DATE', col('event_date')),
    dim('week', 'Week', 'DATE', week(col('event_date'))),
    dim('country', 'Country', 'STRING'),
    dim('platform', 'Platform', 'STRING'),
    dim('app_version', 'App Version', 'STRING'),
    dim('media_source', 'Media Source', 'STRING'),
    dim('install_date', 'Install Date', 'DATE'),
    dim('is_new_user', 'Is New User', 'BOOL', col('is_new')),
    dim('days_since_install', 'Days Since Install', 'INT64'),
    dim('user_sessions', 'Sessions of the User that Day', 'INTEGER', col('sessions')),
    dim('user_minutes', 'Minutes of the User that Day', 'FLOAT', div(col('engagement_ms'), num(MS_PER_MINUTE))),
  ],
  metrics: dailyMetrics,
};

export const EVENTS_MODEL: ModelDef = {
  id: 'events',
  name: 'Events',
  description: 'Raw game events by event name and parameters (flattened Firebase export).',
  table: 'events',
  dateColumn: 'event_date',
  dimensions: [
    dim('date', 'Date', 'DATE', col('event_date')),
    dim('week', 'Week', 'DATE', week(col('event_date'))),
    dim('event_name', 'Event Name', 'STRING'),
    dim('event_timestamp', 'Event Time', 'TIMESTAMP'),
    dim('platform', 'Platform', 'STRING'),
    dim('country', 'Country', 'STRING'),
    dim('app_version', 'App Version', 'STRING'),
    dim('media_source', 'Media Source', 'STRING'),
    dim('device_category', 'Device Category', 'STRING'),
    dim('level_name', 'Level Name', 'STRING'),
    dim('level', 'Level', 'INTEGER'),
    dim('success', 'Success', 'BOOL'),
    dim('ad_format', 'Ad Format', 'STRING'),
    dim('ad_source', 'Ad Source', 'STRING'),
    dim('ad_unit_name', 'Ad Unit Name', 'STRING'),
    dim('virtual_currency_name', 'Virtual Currency', 'STRING'),
    dim('currency', 'Currency', 'STRING'),
    dim('value', 'Value', 'FLOAT64'),
    dim('event_value_in_usd', 'Event Value (USD)', 'DOUBLE'),
    dim('engagement_time_msec', 'Engagement Time (ms)', 'INT64'),
    dim('ga_session_number', 'Session Number', 'INTEGER'),
  ],
  metrics: [
    metric('event_count', 'Event Count', 'INT64', 'integer', 'Number of events.', count()),
    metric(
      'users',
      'Users',
      'INT64',
      'integer',
      'Distinct users (user_pseudo_id).',
      countDistinct(col('user_pseudo_id')),
    ),
    metric(
      'events_per_user',
      'Events per User',
      'FLOAT64',
      'decimal',
      'Events ÷ distinct users.',
      div(count(), countDistinct(col('user_pseudo_id'))),
    ),
    metric(
      'event_value_usd',
      'Event Value (USD)',
      'FLOAT64',
      'currency',
      'Σ event_value_in_usd.',
      sum(col('event_value_in_usd')),
    ),
    metric('value_sum', 'Value (sum)', 'FLOAT64', 'decimal', 'Σ of the value parameter.', sum(col('value'))),
    metric('value_avg', 'Value (average)', 'FLOAT64', 'decimal', 'Average of the value parameter.', avg(col('value'))),
    metric(
      'engagement_minutes',
      'Engagement Minutes',
      'FLOAT64',
      'minutes',
      'Σ engagement_time_msec ÷ 60,000.',
      div(sum(col('engagement_time_msec')), num(MS_PER_MINUTE)),
    ),
  ],
};

export const MODELS: readonly ModelDef[] = [DAILY_METRICS_MODEL, EVENTS_MODEL];
export const findModel = (id: string) => MODELS.find((m) => m.id === id);
