/**
 * The questions `npm run bench:reports` times (scripts/bench-reports.ts) and that its `--users` mix and the dashboard
 * case of `npm run bench:report-ui` send through the server (scripts/bench-report-server.ts): five reports over the
 * last 30 days of the generated data, the 12 × 12 weekly cohort table and a 5-step funnel (docs/analyze.md §Benchmark).
 */
import { addDays, type Report } from '../src/contracts/analyze';
import type { CohortQuestion } from '../src/contracts/cohorts';
import type { FunnelQuestion } from '../src/contracts/funnels';

/** The generated data's last day and length (the benchmark's apps: `bench-big` 10 M events, `bench-small` 1 M). */
export const END = '2025-06-30';
export const DAYS = 90;
export const BIG_APP_ID = 'bench-big';
export const RANGE = [{ date_start: addDays(END, -29), date_end: END }];

const col = (column_name: string) => ({
  column_name,
  id: column_name,
  data_type: 'FLOAT64' as const,
  format: 'decimal',
});
const by = (column_name: string) => [{ column_name, data_type: 'STRING' as const, sample_value: null }];
export const REPORTS: { name: string; report: Report }[] = [
  {
    name: 'default selection by date, 30 days',
    report: {
      model_id: 'daily_metrics',
      configuration: {
        select: ['new_users', 'new_users_per', 'retention_d1'].map(col),
        group_by: by('date'),
        date_range: RANGE,
      },
    },
  },
  {
    name: 'retention d1..d7 by date',
    report: {
      model_id: 'daily_metrics',
      configuration: {
        select: [1, 2, 3, 4, 5, 6, 7].map((n) => col(`retention_d${n}`)),
        group_by: by('date'),
        date_range: RANGE,
      },
    },
  },
  {
    name: 'mins_per_session by platform',
    report: {
      model_id: 'daily_metrics',
      configuration: { select: [col('mins_per_session')], group_by: by('platform'), date_range: RANGE },
    },
  },
  {
    name: 'impressions by country, is-one-of',
    report: {
      model_id: 'daily_metrics',
      configuration: {
        select: [col('impressions')],
        group_by: by('country'),
        date_range: RANGE,
        where: [
          { label: 'country', comparison: 'is_one_of', value: 'US,DE,JP,BR,GB', checked: true, data_type: 'STRING' },
        ],
      },
    },
  },
  {
    name: 'event counts by event name, contains',
    report: {
      model_id: 'events',
      configuration: {
        select: [col('event_count')],
        group_by: by('event_name'),
        date_range: RANGE,
        where: [{ label: 'event_name', comparison: 'contains', value: 'ad_', checked: true, data_type: 'STRING' }],
      },
    },
  },
];

/** Retention cohort tables (server/analytics/cohorts.ts), timed like the reports; the default range is the latest cohorts. */
export const COHORTS: { name: string; question: CohortQuestion }[] = [
  { name: 'cohorts: 12 weekly cohorts × 12 weeks', question: { grain: 'week', periods: 12 } },
];
/** Funnels (server/analytics/funnels.ts) over the raw events, timed like the reports; entry dates: the last 30 days. */
export const FUNNELS: { name: string; question: FunnelQuestion }[] = [
  {
    name: 'funnel: 5 steps in this order, 7-day window',
    question: {
      steps: [
        { event_name: 'first_open' },
        { event_name: 'tutorial_complete' },
        {
          event_name: 'level_end',
          where: [{ label: 'success', comparison: 'is_true', checked: true, data_type: 'BOOL' }],
        },
        { event_name: 'ad_impression' },
        { event_name: 'in_app_purchase' },
      ],
      window: { value: 7, unit: 'day' },
      order: 'strict',
    },
  },
];
