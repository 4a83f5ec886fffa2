/**
 * The questions of "Ask Analyze in plain words", written the way publishers ask them (typos and synonyms included),
 * each with the report it must become, against the demo catalogue on a fixed day. Used by the table-driven test
 * (tests/unit/analytics/ask-questions.test.ts) and `npm run bench:ask` (scripts/bench-ask.ts), which prints the share
 * understood exactly, for this table, for EARLIER and for the held-out questions of tests/fixtures/ask/held-out.ts,
 * which only the benchmark reads.
 */
import { DAILY_METRICS_MODEL, EVENTS_MODEL, type ModelDef } from '../server/analytics/catalogue';
import { modelConfiguration } from '../server/analytics/engine';
import type { AskModel, Understanding } from '../server/areas/ask/parse';

export const TODAY = '2026-06-15';
export const FIRST_DAY = '2026-03-18';

const SAMPLES: Record<string, unknown> = {
  sample_country: 'US',
  sample_platform: 'IOS',
  sample_app_version: '1.6.0',
  sample_media_source: 'organic',
  sample_event_name: 'level_end',
  sample_level: 3,
  sample_ad_format: 'interstitial',
  sample_device_category: 'mobile',
  date_min: FIRST_DAY,
  date_max: TODAY,
};
const askModel = (model: ModelDef): AskModel => ({
  id: model.id,
  name: model.name,
  config: modelConfiguration(model, SAMPLES),
});
/** The demo app's catalogue (both data models), as GET …/report/config/{model} answers it. */
export const DEMO_MODELS: AskModel[] = [askModel(DAILY_METRICS_MODEL), askModel(EVENTS_MODEL)];

/** A report in short: what a row of the table expects. Absent keys mean "not set" (the builder's defaults). */
export interface Expected {
  model?: string;
  metrics: string[];
  group: string;
  dates?: [string, string];
  limit?: number;
  order?: [string, 'ASC' | 'DESC'][];
  where?: [string, string, string | number | boolean][];
}

export function shortForm(
  u: Understanding,
): Required<Omit<Expected, 'dates' | 'limit'>> & { dates: [string, string] | null; limit: number | null } {
  const c = u.report.configuration;
  return {
    model: u.report.model_id,
    metrics: c.select.map((m) => m.column_name),
    group: c.group_by[0]?.column_name ?? '',
    dates: c.date_range?.[0] ? [c.date_range[0].date_start, c.date_range[0].date_end] : null,
    limit: c.limit?.[0]?.value ?? null,
    order: (c.order_by ?? []).map((o) => [o.column_name, o.order]),
    where: sortConditions(
      (c.where ?? []).map((w) => [w.column_name ?? w.label, w.comparison, w.value as string | number | boolean]),
    ),
  };
}
/** Conditions are and-ed: their order carries no meaning, so both sides are compared in one order. */
const sortConditions = (where: [string, string, string | number | boolean][]) =>
  [...where].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
export const expectedForm = (e: Expected): ReturnType<typeof shortForm> => ({
  model: e.model ?? 'daily_metrics',
  metrics: e.metrics,
  group: e.group,
  dates: e.dates ?? null,
  limit: e.limit ?? null,
  order: e.order ?? [],
  where: sortConditions(e.where ?? []),
});

const last = (n: number): [string, string] => {
  const start = new Date(Date.parse(`${TODAY}T00:00:00Z`) - (n - 1) * 86_400_000).toISOString().slice(0, 10);
  return [start, TODAY];
};

export const QUESTIONS: [string, Expected][] = [
  // the issue's own examples
  [
    'retention d1 and d7 by country for the last 30 days, only iOS',
    {
      metrics: ['retention_d1', 'retention_d7'],
      group: 'country',
      dates: last(30),
      where: [['platform', 'equals', 'IOS']],
    },
  ],
  [
    'ad revenue per DAU by week since March',
    { metrics: ['ad_revenue', 'dau'], group: 'week', dates: ['2026-03-01', TODAY] },
  ],
  [
    'top 10 levels by completion rate',
    {
      model: 'daily_metrics',
      metrics: ['completion_rate'],
      group: 'date',
      limit: 10,
      order: [['completion_rate', 'DESC']],
    },
  ],
  // users
  ['DAU by day last 7 days', { metrics: ['dau'], group: 'date', dates: last(7) }],
  ['daily active users by country', { metrics: ['dau'], group: 'country' }],
  [
    'how many installs per day this month',
    { metrics: ['new_users'], group: 'date', dates: ['2026-06-01', '2026-06-30'] },
  ],
  [
    'new users by platform last week',
    { metrics: ['new_users'], group: 'platform', dates: ['2026-06-08', '2026-06-14'] },
  ],
  [
    'installs by media source in may',
    { metrics: ['new_users'], group: 'media_source', dates: ['2026-05-01', '2026-05-31'] },
  ],
  ['new usres by contry', { metrics: ['new_users'], group: 'country' }],
  ['dau and new users weekly', { metrics: ['dau', 'new_users'], group: 'week' }],
  ['share of new users by day', { metrics: ['new_users_per'], group: 'date' }],
  ['new players by app version', { metrics: ['new_players'], group: 'app_version' }],
  ['active users in Germany by week', { metrics: ['dau'], group: 'week', where: [['country', 'equals', 'DE']] }],
  [
    'DAU in US, GB and DE by country',
    { metrics: ['dau'], group: 'country', where: [['country', 'is_one_of', 'US,GB,DE']] },
  ],
  ['dau ios vs android', { metrics: ['dau'], group: 'platform' }],
  ['compare iphone and android installs', { metrics: ['new_users'], group: 'platform' }],
  [
    'dau excluding organic by media source',
    { metrics: ['dau'], group: 'media_source', where: [['media_source', 'not_equals', 'organic']] },
  ],
  [
    'installs from applovin by day',
    { metrics: ['new_users'], group: 'date', where: [['media_source', 'equals', 'applovin_int']] },
  ],
  // retention
  ['D1 retention by install date', { metrics: ['retention_d1'], group: 'install_date' }],
  ['day 7 retention by country last 90 days', { metrics: ['retention_d7'], group: 'country', dates: last(90) }],
  ['retention d1, d3 and d7 by week', { metrics: ['retention_d1', 'retention_d3', 'retention_d7'], group: 'week' }],
  ['retension d1 by platfrom', { metrics: ['retention_d1'], group: 'platform' }],
  ['w1 and w2 retention by cohort', { metrics: ['retention_w1', 'retention_w2'], group: 'install_date' }],
  ['retention by country', { metrics: ['retention_d1'], group: 'country' }],
  [
    'd1 d7 retention android only',
    { metrics: ['retention_d1', 'retention_d7'], group: 'date', where: [['platform', 'equals', 'ANDROID']] },
  ],
  [
    'week 1 retention by media source for organic and unity',
    {
      metrics: ['retention_w1'],
      group: 'media_source',
      where: [['media_source', 'is_one_of', 'organic,unityads_int']],
    },
  ],
  ['D30 retention by country', { metrics: [], group: 'country' }],
  // monetization
  ['iap revenue by day', { metrics: ['iap_revenue'], group: 'date' }],
  [
    'revenue from in-app purchases by country last month',
    { metrics: ['iap_revenue'], group: 'country', dates: ['2026-05-01', '2026-05-31'] },
  ],
  ['payers and conversion rate by platform', { metrics: ['payers', 'conversion_rate'], group: 'platform' }],
  [
    'top 5 countries by iap revenue',
    { metrics: ['iap_revenue'], group: 'country', limit: 5, order: [['iap_revenue', 'DESC']] },
  ],
  ['paying users per week since april', { metrics: ['payers'], group: 'week', dates: ['2026-04-01', TODAY] }],
  ['convertion rate by country', { metrics: ['conversion_rate'], group: 'country' }],
  ['ecpm by country last 30 days', { metrics: ['ecpm'], group: 'country', dates: last(30) }],
  ['ad revenue and impressions by day', { metrics: ['ad_revenue', 'impressions'], group: 'date' }],
  ['ad revnue by week', { metrics: ['ad_revenue'], group: 'week' }],
  ['impressions per dau by platform', { metrics: ['impressions_per_dau'], group: 'platform' }],
  ['top 10 countries by ecpm', { metrics: ['ecpm'], group: 'country', limit: 10, order: [['ecpm', 'DESC']] }],
  [
    'worst 3 countries by ad revenue last 7 days',
    { metrics: ['ad_revenue'], group: 'country', dates: last(7), limit: 3, order: [['ad_revenue', 'ASC']] },
  ],
  ['rewarded ads watched by day', { metrics: ['ads_completed'], group: 'date' }],
  ['ad viewers by country', { metrics: ['ad_viewers'], group: 'country' }],
  ['whales by country', { metrics: [], group: 'country' }],
  // play time and sessions
  ['playtime per user by platform', { metrics: ['mins_per_day'], group: 'platform' }],
  ['session length by app version', { metrics: ['mins_per_session'], group: 'app_version' }],
  ['sessions per dau daily', { metrics: ['sessions_per_dau'], group: 'date' }],
  [
    'sesions by country for new users only',
    { metrics: ['sessions'], group: 'country', where: [['is_new_user', 'is_true', 'is_true']] },
  ],
  ['level starts and completions by day', { metrics: ['level_starts', 'level_completions'], group: 'date' }],
  [
    'completion rate by week on android',
    { metrics: ['completion_rate'], group: 'week', where: [['platform', 'equals', 'ANDROID']] },
  ],
  [
    'minutes per session for version 1.2.0',
    { metrics: ['mins_per_session'], group: 'date', where: [['app_version', 'equals', '1.2.0']] },
  ],
  ['dau by days since install', { metrics: ['dau'], group: 'days_since_install' }],
  [
    'dau for returning users by week',
    { metrics: ['dau'], group: 'week', where: [['is_new_user', 'is_false', 'is_false']] },
  ],
  // events model
  ['event count by event name', { model: 'events', metrics: ['event_count'], group: 'event_name' }],
  [
    'top 10 events by count yesterday',
    {
      model: 'events',
      metrics: ['event_count'],
      group: 'event_name',
      dates: ['2026-06-14', '2026-06-14'],
      limit: 10,
      order: [['event_count', 'DESC']],
    },
  ],
  [
    'how many level_end events per level',
    { model: 'events', metrics: ['event_count'], group: 'level', where: [['event_name', 'equals', 'level_end']] },
  ],
  ['users by ad format', { model: 'events', metrics: ['users'], group: 'ad_format' }],
  ['unique users by device category', { model: 'events', metrics: ['users'], group: 'device_category' }],
  [
    'events per user by event name on tablets',
    {
      model: 'events',
      metrics: ['events_per_user'],
      group: 'event_name',
      where: [['device_category', 'equals', 'tablet']],
    },
  ],
  [
    'engagement minutes by level for levels above 10',
    { model: 'events', metrics: ['engagement_minutes'], group: 'level', where: [['level', 'greater_than', 10]] },
  ],
  [
    'event count by ad network for rewarded',
    { model: 'events', metrics: ['event_count'], group: 'ad_source', where: [['ad_format', 'equals', 'rewarded']] },
  ],
  ['number of events by hour', { model: 'events', metrics: ['event_count'], group: 'event_timestamp' }],
  [
    'players by level name sorted by users ascending',
    { model: 'events', metrics: ['users'], group: 'level_name', order: [['users', 'ASC']] },
  ],
  [
    'event value in usd by country from march 1 to april 15',
    { model: 'events', metrics: ['event_value_usd'], group: 'country', dates: ['2026-03-01', '2026-04-15'] },
  ],
  // dates and limits
  ['dau between 2026-05-01 and 2026-05-31', { metrics: ['dau'], group: 'date', dates: ['2026-05-01', '2026-05-31'] }],
  ['installs past 2 weeks by day', { metrics: ['new_users'], group: 'date', dates: last(14) }],
  ['new users this week', { metrics: ['new_users'], group: 'date', dates: ['2026-06-15', '2026-06-21'] }],
  ['dau by country limit 20', { metrics: ['dau'], group: 'country', limit: 20 }],
  [
    'ad revenue by country sorted by ad revenue desc',
    { metrics: ['ad_revenue'], group: 'country', order: [['ad_revenue', 'DESC']] },
  ],
  ['dau by country in the last 3 months', { metrics: ['dau'], group: 'country', dates: last(90) }],
  // grammar: a negation's scope is the list of values after it, multi-word names included
  [
    'dau by week leaving out the netherlands',
    { metrics: ['dau'], group: 'week', where: [['country', 'not_equals', 'NL']] },
  ],
  [
    'installs apart from saudi arabia and south africa by platform',
    { metrics: ['new_users'], group: 'platform', where: [['country', 'is_not_one_of', 'SA,ZA']] },
  ],
  [
    'retention d1 not in the uk',
    { metrics: ['retention_d1'], group: 'date', where: [['country', 'not_equals', 'GB']] },
  ],
  [
    'payers except in new zealand by week',
    { metrics: ['payers'], group: 'week', where: [['country', 'not_equals', 'NZ']] },
  ],
  [
    'sessions in japan, not android',
    {
      metrics: ['sessions'],
      group: 'date',
      where: [
        ['country', 'equals', 'JP'],
        ['platform', 'not_equals', 'ANDROID'],
      ],
    },
  ],
  // grammar: a lower-case "us" is the pronoun after a verb, the country after a place word, before people or in a list
  [
    'email us the ecpm in the US and canada',
    { metrics: ['ecpm'], group: 'date', where: [['country', 'is_one_of', 'US,CA']] },
  ],
  ['give us the us dau', { metrics: ['dau'], group: 'date', where: [['country', 'equals', 'US']] }],
  ['dau for us and japan', { metrics: ['dau'], group: 'date', where: [['country', 'is_one_of', 'US,JP']] }],
  ['us payers by week', { metrics: ['payers'], group: 'week', where: [['country', 'equals', 'US']] }],
  ['show us conversion by platform', { metrics: ['conversion_rate'], group: 'platform' }],
  // grammar: lists joined by commas, "and", "or", "&"
  [
    'retention d7 in brazil, argentina, chile and colombia',
    { metrics: ['retention_d7'], group: 'date', where: [['country', 'is_one_of', 'BR,AR,CL,CO']] },
  ],
  [
    'sessions for germany or austria',
    { metrics: ['sessions'], group: 'date', where: [['country', 'is_one_of', 'DE,AT']] },
  ],
  [
    'impressions in FR, DE & IT',
    { metrics: ['impressions'], group: 'date', where: [['country', 'is_one_of', 'FR,DE,IT']] },
  ],
  ['ecpm for japan vs korea', { metrics: ['ecpm'], group: 'country', where: [['country', 'is_one_of', 'JP,KR']] }],
  // grammar: a column only the Events model has → Events, with the Events equivalent of a Daily measure
  ['users by ad network', { model: 'events', metrics: ['users'], group: 'ad_source' }],
  [
    'ad revenue per level',
    {
      model: 'events',
      metrics: ['event_value_usd'],
      group: 'level',
      where: [['event_name', 'equals', 'ad_impression']],
    },
  ],
  [
    'impressions by level name',
    {
      model: 'events',
      metrics: ['event_count'],
      group: 'level_name',
      where: [['event_name', 'equals', 'ad_impression']],
    },
  ],
  [
    'players per device on ios',
    { model: 'events', metrics: ['users'], group: 'device_category', where: [['platform', 'equals', 'IOS']] },
  ],
  [
    'tutorial completions by device category',
    {
      model: 'events',
      metrics: ['event_count'],
      group: 'device_category',
      where: [['event_name', 'equals', 'tutorial_complete']],
    },
  ],
  // grammar: a player's own columns (that day's sessions and minutes, new or not, days since install) are conditions
  [
    'dau for users with 2 sessions that day',
    { metrics: ['dau'], group: 'date', where: [['user_sessions', 'equals', 2]] },
  ],
  [
    'payers among players with less than 10 minutes that day',
    { metrics: ['payers'], group: 'date', where: [['user_minutes', 'less_than', 10]] },
  ],
  [
    'sessions for users with 4 or more sessions',
    { metrics: ['sessions'], group: 'date', where: [['user_sessions', 'greater_than_or_equal', 4]] },
  ],
  [
    'ad revenue for users that are new by country',
    { metrics: ['ad_revenue'], group: 'country', where: [['is_new_user', 'is_true', 'is_true']] },
  ],
  [
    'conversion for players who are returning',
    { metrics: ['conversion_rate'], group: 'date', where: [['is_new_user', 'is_false', 'is_false']] },
  ],
  [
    'dau where days since install is at least 30',
    { metrics: ['dau'], group: 'date', where: [['days_since_install', 'greater_than_or_equal', 30]] },
  ],
  // grammar: "per day" / "per week" is a grouping, never the end of a metric's name ("new users per" of new_users_per)
  ['payers per day in april', { metrics: ['payers'], group: 'date', dates: ['2026-04-01', '2026-04-30'] }],
  ['new users per week since may', { metrics: ['new_users'], group: 'week', dates: ['2026-05-01', TODAY] }],
  ['new users per day', { metrics: ['new_users'], group: 'date' }],
  ['level completions per day', { metrics: ['level_completions'], group: 'date' }],
];

/**
 * The first reader's held-out questions, written after it and measured apart; seen since (the reader was rewritten
 * with them in view), so bench:ask reports them as "earlier" and the figure on unseen questions comes from
 * tests/fixtures/ask/held-out.ts.
 */
export const EARLIER: [string, Expected][] = [
  ['what was our DAU yesterday', { metrics: ['dau'], group: 'date', dates: ['2026-06-14', '2026-06-14'] }],
  ['new installs per country over the past 30 days', { metrics: ['new_users'], group: 'country', dates: last(30) }],
  [
    'show d7 retention for ios users by week',
    { metrics: ['retention_d7'], group: 'week', where: [['platform', 'equals', 'IOS']] },
  ],
  ['ecpm per ad format', { model: 'events', metrics: [], group: 'ad_format' }],
  ['revenue by country', { metrics: ['iap_revenue', 'ad_revenue'], group: 'country' }],
  [
    'top 20 countries by installs last month',
    {
      metrics: ['new_users'],
      group: 'country',
      dates: ['2026-05-01', '2026-05-31'],
      limit: 20,
      order: [['new_users', 'DESC']],
    },
  ],
  ['dau in japan and korea', { metrics: ['dau'], group: 'date', where: [['country', 'is_one_of', 'JP,KR']] }],
  [
    'average session length weekly for android',
    { metrics: ['mins_per_session'], group: 'week', where: [['platform', 'equals', 'ANDROID']] },
  ],
  [
    'paying users by media source since may 1',
    { metrics: ['payers'], group: 'media_source', dates: ['2026-05-01', TODAY] },
  ],
  ['level completion rate by app version', { metrics: ['completion_rate'], group: 'app_version' }],
  [
    'conversion rate in brazil by day',
    { metrics: ['conversion_rate'], group: 'date', where: [['country', 'equals', 'BR']] },
  ],
  [
    'impressions by platform this month',
    { metrics: ['impressions'], group: 'platform', dates: ['2026-06-01', '2026-06-30'] },
  ],
  [
    'sessions per user by country top 5',
    { metrics: ['sessions_per_dau'], group: 'country', limit: 5, order: [['sessions_per_dau', 'DESC']] },
  ],
  ['retention day 1 and day 7 by install date', { metrics: ['retention_d1', 'retention_d7'], group: 'install_date' }],
  [
    'how many ad_impression events by ad source',
    {
      model: 'events',
      metrics: ['event_count'],
      group: 'ad_source',
      where: [['event_name', 'equals', 'ad_impression']],
    },
  ],
  ['users per event name last 7 days', { model: 'events', metrics: ['users'], group: 'event_name', dates: last(7) }],
  [
    'installs not from organic by week',
    { metrics: ['new_users'], group: 'week', where: [['media_source', 'not_equals', 'organic']] },
  ],
  ['ad revenue on ios vs android', { metrics: ['ad_revenue'], group: 'platform' }],
  ['daily active users in april', { metrics: ['dau'], group: 'date', dates: ['2026-04-01', '2026-04-30'] }],
  [
    'playtime by country for new users',
    { metrics: ['mins_per_day'], group: 'country', where: [['is_new_user', 'is_true', 'is_true']] },
  ],
  [
    'ecpm and ad revenue by week in the us',
    { metrics: ['ecpm', 'ad_revenue'], group: 'week', where: [['country', 'equals', 'US']] },
  ],
  ['dau by version', { metrics: ['dau'], group: 'app_version' }],
  ['w1 retention by media sorce', { metrics: ['retention_w1'], group: 'media_source' }],
  [
    'lowest 10 levels by users',
    { model: 'events', metrics: ['users'], group: 'level', limit: 10, order: [['users', 'ASC']] },
  ],
  [
    'iap revenue by day from 2026-04-01 to 2026-04-30',
    { metrics: ['iap_revenue'], group: 'date', dates: ['2026-04-01', '2026-04-30'] },
  ],
  // the first reader placed no metric for these three; the Events equivalents of Daily measures read them now
  [
    'new users by day on tablets',
    {
      model: 'events',
      metrics: ['users'],
      group: 'date',
      where: [
        ['device_category', 'equals', 'tablet'],
        ['event_name', 'equals', 'first_open'],
      ],
    },
  ],
  ['rewarded ad completion rate by platform', { metrics: ['ads_completed_rate'], group: 'platform' }],
  ['dau per week for the last 180 days', { metrics: ['dau'], group: 'week', dates: last(180) }],
  [
    'completions per level for failed level_end events',
    {
      model: 'events',
      metrics: ['event_count'],
      group: 'level',
      where: [
        ['success', 'is_false', 'is_false'],
        ['event_name', 'equals', 'level_end'],
      ],
    },
  ],
  [
    'payers in germany, france and spain last week',
    {
      metrics: ['payers'],
      group: 'date',
      dates: ['2026-06-08', '2026-06-14'],
      where: [['country', 'is_one_of', 'DE,FR,ES']],
    },
  ],
  // second batch, written at the end and run once (README gives its first-run figure)
  [
    'how much ad revenue did we make yesterday by country',
    { metrics: ['ad_revenue'], group: 'country', dates: ['2026-06-14', '2026-06-14'] },
  ],
  ['installs by os', { metrics: ['new_users'], group: 'platform' }],
  [
    'retention d3 for organic users by week',
    { metrics: ['retention_d3'], group: 'week', where: [['media_source', 'equals', 'organic']] },
  ],
  [
    'session count per country, top 15',
    { metrics: ['sessions'], group: 'country', limit: 15, order: [['sessions', 'DESC']] },
  ],
  [
    'conversion rate and payers for version 1.4.0 by day',
    { metrics: ['conversion_rate', 'payers'], group: 'date', where: [['app_version', 'equals', '1.4.0']] },
  ],
  ['ecpm by week since april 1', { metrics: ['ecpm'], group: 'week', dates: ['2026-04-01', TODAY] }],
  [
    'daily new users on android last 14 days',
    { metrics: ['new_users'], group: 'date', dates: last(14), where: [['platform', 'equals', 'ANDROID']] },
  ],
  [
    'impressions per user by country excluding US',
    { metrics: ['impressions_per_dau'], group: 'country', where: [['country', 'not_equals', 'US']] },
  ],
  [
    'number of events by platform yesterday',
    { model: 'events', metrics: ['event_count'], group: 'platform', dates: ['2026-06-14', '2026-06-14'] },
  ],
  ['engagement time by app version', { model: 'events', metrics: ['engagement_minutes'], group: 'app_version' }],
  [
    'd7 retention by install date in may',
    { metrics: ['retention_d7'], group: 'install_date', dates: ['2026-05-01', '2026-05-31'] },
  ],
  ['dau by week for india and brazil', { metrics: ['dau'], group: 'week', where: [['country', 'is_one_of', 'IN,BR']] }],
  [
    'level completions per app version last month',
    { metrics: ['level_completions'], group: 'app_version', dates: ['2026-05-01', '2026-05-31'] },
  ],
  ['minutes per dau by media source', { metrics: ['mins_per_day'], group: 'media_source' }],
  [
    'users by event name for in_app_purchase',
    { model: 'events', metrics: ['users'], group: 'event_name', where: [['event_name', 'equals', 'in_app_purchase']] },
  ],
  [
    'ad revenue by ad format',
    {
      model: 'events',
      metrics: ['event_value_usd'],
      group: 'ad_format',
      where: [['event_name', 'equals', 'ad_impression']],
    },
  ],
  [
    'payers, iap revenue and conversion by country sorted by iap revenue',
    { metrics: ['payers', 'iap_revenue', 'conversion_rate'], group: 'country', order: [['iap_revenue', 'DESC']] },
  ],
  ['new users vs dau weekly', { metrics: ['new_users', 'dau'], group: 'week' }],
  ['retention w1 by country for the last 90 days', { metrics: ['retention_w1'], group: 'country', dates: last(90) }],
  [
    'top 3 media sources by installs this month',
    {
      metrics: ['new_users'],
      group: 'media_source',
      dates: ['2026-06-01', '2026-06-30'],
      limit: 3,
      order: [['new_users', 'DESC']],
    },
  ],
];
