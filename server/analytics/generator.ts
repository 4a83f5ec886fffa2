/**
 * Synthetic game events for the embedded event store: a believable free-to-play game with the parameters of
 * docs/domain.md ("A believable demo game"), generated entirely in SQL inside DuckDB (never row by row from JS), and
 * deterministic: every random draw is hash(seed, salt, keys…) of the row's identity, so the same options give the
 * same events on any machine and with any thread count.
 *
 * Shape: installs per day (weekends +20 %) → users (platform 40/60 iOS/Android, ~30 countries, 30–50 % organic,
 * paid sources such as unityads_int) → active days (classic retention ≈ D1·n^-0.55, D1 32 % Android / 35 % iOS,
 * scaled by a per-user engagement factor) → 1–6 sessions a day (log-normal length, median 6 min) → events
 * (session_start, user_engagement, first_open, tutorial_*, level_start/level_end, post_score, level_up,
 * ad_impression/ad_reward/ad_click, in_app_purchase, earn/spend_virtual_currency, app_update, app_remove).
 * The number of installs is scaled so the total lands near the requested event count.
 */
import { addDays, utcToday } from '../../src/contracts/analyze';
import type { EventStore } from './event-store';

export interface GenerateOptions {
  appId: string;
  /** Days of data, ending on `endDate`. */
  days: number;
  /** Approximate number of events wanted. */
  events: number;
  seed: number;
  /** Last day (YYYY-MM-DD, UTC); default today. */
  endDate?: string;
  /** Platforms of the app; both (40 % iOS) by default. */
  platforms?: ('ANDROID' | 'IOS')[];
  /**
   * Write the generated rows elsewhere than `events` (the sandbox export nests them straight into raw_events): in one
   * transaction `clear` runs, then `insert` wraps each batch's SELECT (named columns as `events`); `values` are their
   * extra parameters and `stats` counts what was written (events, users). The daily metrics are then not rebuilt.
   */
  into?: { clear: string; insert(select: string): string; values: Record<string, string | number>; stats: string };
}

export interface GenerateResult {
  appId: string;
  events: number;
  users: number;
  start: string;
  end: string;
  ms: number;
}

/** Events per active user-day and extra events on the install day, measured from the generator (calibration). */
const EVENTS_PER_ACTIVE_DAY = 28.6;
const EXTRA_EVENTS_PER_INSTALL = 3.1;
const D1 = { ANDROID: 0.32, IOS: 0.35 };
const RETENTION_EXPONENT = -0.55;
const MAX_SESSIONS = 6;
const MAX_LEVELS = 3;
const MAX_ADS = 6;
/** Days per release: app_version moves to the next minor version every two weeks. */
const RELEASE_DAYS = 14;

const COUNTRIES: [string, number][] = [
  ['US', 22],
  ['BR', 8],
  ['IN', 8],
  ['DE', 5],
  ['GB', 5],
  ['FR', 4],
  ['JP', 4],
  ['MX', 4],
  ['RU', 3.5],
  ['ID', 3.5],
  ['TR', 3],
  ['KR', 3],
  ['CA', 3],
  ['IT', 2.5],
  ['ES', 2.5],
  ['PH', 2],
  ['VN', 2],
  ['TH', 2],
  ['PL', 1.5],
  ['AU', 1.5],
  ['AR', 1.5],
  ['CO', 1.2],
  ['SA', 1.2],
  ['EG', 1.2],
  ['NL', 1],
  ['UA', 1],
  ['MY', 1],
  ['CL', 0.8],
  ['SE', 0.7],
  ['ZA', 0.7],
];
const PAID_SOURCES: [string, number][] = [
  ['unityads_int', 30],
  ['applovin_int', 30],
  ['googleadwords_int', 25],
  ['ironsource_int', 15],
];
const AD_SOURCES: [string, number][] = [
  ['AdMob Network', 40],
  ['AppLovin', 25],
  ['Unity Ads', 20],
  ['ironSource', 15],
];
const PRICES: [number, number][] = [
  [0.99, 50],
  [4.99, 25],
  [9.99, 15],
  [19.99, 7],
  [49.99, 3],
];
const ANDROID_MODELS = ['Galaxy S23', 'Galaxy A54', 'Pixel 8', 'Redmi Note 12', 'Moto G54', 'Galaxy Tab S9'];
const IOS_MODELS = ['iPhone 15', 'iPhone 14', 'iPhone 13', 'iPhone SE', 'iPhone 15 Pro', 'iPad Air'];

/** A uniform draw in [0, 1) from the row identity: hash(seed, salt, keys…). */
const u = (salt: string, ...keys: string[]) => `((hash($seed, '${salt}', ${keys.join(', ')}) % 1000003) / 1000003.0)`;

/** A CASE picking a value by cumulative weight for the draw `x` (an SQL expression). */
function weighted<T extends string | number>(x: string, table: [T, number][], quote = true): string {
  const total = table.reduce((s, [, w]) => s + w, 0);
  let acc = 0;
  const branches = table.slice(0, -1).map(([v, w]) => {
    acc += w / total;
    return `WHEN ${x} < ${acc.toFixed(6)} THEN ${quote ? `'${v}'` : v}`;
  });
  const last = table[table.length - 1]![0];
  return `CASE ${branches.join(' ')} ELSE ${quote ? `'${last}'` : last} END`;
}

const EVENT_COLUMNS = [
  'app_id',
  'event_date',
  'event_timestamp',
  'event_name',
  'user_pseudo_id',
  'user_id',
  'user_first_touch_timestamp',
  'platform',
  'country',
  'device_category',
  'device_model',
  'os_version',
  'app_version',
  'install_source',
  'media_source',
  'campaign',
  'event_value_in_usd',
  'ga_session_id',
  'ga_session_number',
  'engagement_time_msec',
  'level_name',
  'level',
  'success',
  'ad_platform',
  'ad_source',
  'ad_format',
  'ad_unit_name',
  'value',
  'currency',
  'virtual_currency_name',
  'params',
] as const;
type EventColumn = (typeof EVENT_COLUMNS)[number];

/** One SELECT of the events UNION: session columns by default, `at` = seconds after midnight. */
function eventSelect(
  name: string,
  at: string,
  from: string,
  where: string,
  cols: Partial<Record<EventColumn, string>> = {},
) {
  const base: Partial<Record<EventColumn, string>> = {
    app_id: '$app_id',
    event_date: 's.day',
    event_timestamp: `CAST(s.day AS TIMESTAMP) + to_microseconds(CAST((${at}) * 1000000 AS BIGINT))`,
    event_name: `'${name}'`,
    user_pseudo_id: 's.user_pseudo_id',
    user_first_touch_timestamp: 's.first_touch',
    platform: 's.platform',
    country: 's.country',
    device_category: 's.device_category',
    device_model: 's.device_model',
    os_version: 's.os_version',
    app_version: 's.app_version',
    install_source: 's.install_source',
    media_source: 's.media_source',
    campaign: 's.campaign',
    ga_session_id: 's.ga_session_id',
    ga_session_number: 's.ga_session_number',
  };
  const all = { ...base, ...cols };
  return `SELECT ${EVENT_COLUMNS.map((c) => `${all[c] ?? 'NULL'} AS ${c}`).join(', ')}\nFROM ${from}\nWHERE ${where}`;
}

function eventsUnion(): string {
  const S = 'gen_sessions s';
  const inBatch = 's.day_idx BETWEEN $batch_from AND $batch_to';
  const levelAt = (offset: string) => `s.start_sec + s.len_sec * ((j + ${offset}) / (s.levels + 1.0))`;
  const adAt = `s.start_sec + s.len_sec * ((j + 0.5) / s.ads)`;
  const adFormat = `CASE WHEN ${u('fmt', 's.uid', 's.dsi', 's.k', 'j')} < 0.6 THEN 'interstitial' WHEN ${u('fmt', 's.uid', 's.dsi', 's.k', 'j')} < 0.85 THEN 'rewarded' ELSE 'banner' END`;
  const ads = `(SELECT s.*, j, ${adFormat} AS ad_format, ${adAt} AS at FROM ${S}, range(${MAX_ADS}) r(j) WHERE ${inBatch} AND j < s.ads) s`;
  const adCols = (extra: Partial<Record<EventColumn, string>> = {}) => ({
    ad_platform: `'AdMob'`,
    ad_source: weighted(u('src', 's.uid', 's.dsi', 's.k', 's.j'), AD_SOURCES),
    ad_format: 's.ad_format',
    ad_unit_name: `CASE s.ad_format WHEN 'interstitial' THEN 'interstitial_level_end' WHEN 'rewarded' THEN 'rewarded_coins' ELSE 'banner_bottom' END`,
    ...extra,
  });
  const ecpm = `(CASE s.ad_format WHEN 'interstitial' THEN 13.0 WHEN 'rewarded' THEN 20.0 ELSE 2.5 END)`;
  const levels = `(SELECT s.*, j, s.dsi * 3 + s.k + j + 1 AS level_no FROM ${S}, range(${MAX_LEVELS}) r(j) WHERE ${inBatch} AND j < s.levels) s`;
  const won = `${u('win', 's.uid', 's.dsi', 's.k', 's.j')} < 0.7`;
  const price = weighted(u('price', 's.uid', 's.dsi'), PRICES, false);
  const parts = [
    eventSelect('session_start', 's.start_sec', S, inBatch),
    eventSelect('user_engagement', 's.start_sec + s.len_sec', S, inBatch, {
      engagement_time_msec: 'CAST(s.len_sec * 1000 AS BIGINT)',
    }),
    eventSelect('first_open', 's.start_sec', S, `${inBatch} AND s.dsi = 0 AND s.k = 0`, {
      params: `MAP {'previous_first_open_count': '0'}`,
    }),
    eventSelect('tutorial_begin', 's.start_sec + 5', S, `${inBatch} AND s.dsi = 0 AND s.k = 0`),
    eventSelect(
      'tutorial_complete',
      's.start_sec + 60',
      S,
      `${inBatch} AND s.dsi = 0 AND s.k = 0 AND ${u('tut', 's.uid')} < 0.85`,
    ),
    eventSelect('level_start', levelAt('0.1'), levels, 'TRUE', {
      level: 's.level_no',
      level_name: `'Level ' || s.level_no`,
    }),
    eventSelect('level_end', levelAt('0.9'), levels, 'TRUE', {
      level: 's.level_no',
      level_name: `'Level ' || s.level_no`,
      success: won,
    }),
    eventSelect(
      'post_score',
      `${levelAt('0.9')} + 1`,
      levels,
      `${won} AND ${u('score', 's.uid', 's.dsi', 's.k', 's.j')} < 0.25`,
      {
        level: 's.level_no',
        params: `MAP {'score': CAST(100 * s.level_no + CAST(${u('pts', 's.uid', 's.dsi', 's.k', 's.j')} * 900 AS INTEGER) AS VARCHAR)}`,
      },
    ),
    eventSelect(
      'level_up',
      's.start_sec + s.len_sec / 2',
      S,
      `${inBatch} AND s.k = 0 AND ${u('lvup', 's.uid', 's.dsi')} < 0.15`,
      { level: 's.dsi + 2' },
    ),
    eventSelect(
      'ad_impression',
      's.at',
      ads,
      'TRUE',
      adCols({
        value: `round(${ecpm} / 1000.0 * (0.6 + 0.8 * ${u('ecpm', 's.uid', 's.dsi', 's.k', 's.j')}), 6)`,
        currency: `'USD'`,
      }),
    ),
    eventSelect(
      'ad_reward',
      's.at + 30',
      ads,
      `s.ad_format = 'rewarded' AND ${u('rwd', 's.uid', 's.dsi', 's.k', 's.j')} < 0.9`,
      adCols({ virtual_currency_name: `'coins'`, value: '50' }),
    ),
    eventSelect('ad_click', 's.at + 2', ads, `${u('clk', 's.uid', 's.dsi', 's.k', 's.j')} < 0.03`, adCols()),
    eventSelect(
      'in_app_purchase',
      's.start_sec + s.len_sec / 3',
      S,
      `${inBatch} AND s.k = 0 AND ${u('iap', 's.uid', 's.dsi')} < 0.0045`,
      {
        event_value_in_usd: price,
        value: price,
        currency: `'USD'`,
        params: `MAP {'product_id': 'pack_' || replace(CAST(${price} AS VARCHAR), '.', '_'), 'quantity': '1'}`,
      },
    ),
    eventSelect(
      'earn_virtual_currency',
      's.start_sec + s.len_sec * 0.8',
      S,
      `${inBatch} AND ${u('earn', 's.uid', 's.dsi', 's.k')} < 0.5`,
      {
        virtual_currency_name: `CASE WHEN ${u('cur', 's.uid', 's.dsi', 's.k')} < 0.8 THEN 'coins' ELSE 'gems' END`,
        value: `10 * (1 + floor(${u('amt', 's.uid', 's.dsi', 's.k')} * 10))`,
      },
    ),
    eventSelect(
      'spend_virtual_currency',
      's.start_sec + s.len_sec * 0.6',
      S,
      `${inBatch} AND ${u('spend', 's.uid', 's.dsi', 's.k')} < 0.3`,
      {
        virtual_currency_name: `'coins'`,
        value: `25 * (1 + floor(${u('spamt', 's.uid', 's.dsi', 's.k')} * 8))`,
      },
    ),
    eventSelect('app_update', 's.start_sec + 1', S, `${inBatch} AND s.k = 0 AND s.dsi > 0 AND s.updated_today`),
    eventSelect(
      'app_remove',
      's.start_sec + s.len_sec + 60',
      S,
      `${inBatch} AND s.k = s.sessions - 1 AND s.dsi = s.last_dsi AND s.removes AND s.day_idx < $days - 2`,
    ),
  ];
  return parts.join('\nUNION ALL\n');
}

/** Expected active days of a user with `k` days of the window from install on (install day included). */
function expectedActiveDays(k: number, d1: number) {
  let total = 1;
  for (let n = 1; n < k; n++) total += Math.min(0.95, d1 * Math.pow(n, RETENTION_EXPONENT));
  return total;
}

/** Installs per (weekday) day so that `days` of data hold about `events` events. */
export function installsPerDay(events: number, days: number, iosShare: number) {
  const d1 = iosShare * D1.IOS + (1 - iosShare) * D1.ANDROID;
  let perInstallDay = 0;
  for (let d = 0; d < days; d++)
    perInstallDay += EVENTS_PER_ACTIVE_DAY * expectedActiveDays(days - d, d1) + EXTRA_EVENTS_PER_INSTALL;
  const weekendLift = (5 + 2 * 1.2) / 7;
  return Math.max(1, events / (perInstallDay * weekendLift));
}

/** A small deterministic PRNG for per-app constants (organic share; also the sandbox app catalogue). */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The values a statement names (DuckDB refuses a value without its $name in the statement). */
const usedValues = (sql: string, values: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(values).filter(([name]) => new RegExp(`\\$${name}\\b`).test(sql)));

/** Replaces an app's events with freshly generated ones, then rebuilds its daily metrics. */
export async function generateEvents(store: EventStore, options: GenerateOptions): Promise<GenerateResult> {
  const started = Date.now();
  if (!Number.isInteger(options.days) || options.days < 1 || options.days > 3650)
    throw new Error('days must be a whole number from 1 to 3650');
  if (!Number.isFinite(options.events) || options.events < 1) throw new Error('events must be a positive number');
  if (!Number.isSafeInteger(options.seed)) throw new Error('seed must be an integer');
  const platforms = options.platforms?.length ? Array.from(new Set(options.platforms)) : (['ANDROID', 'IOS'] as const);
  const iosShare = platforms.length === 2 ? 0.4 : platforms[0] === 'IOS' ? 1 : 0;
  const end = options.endDate ?? utcToday();
  const start = addDays(end, -(options.days - 1));
  const base = installsPerDay(options.events, options.days, iosShare);
  const maxInstalls = Math.ceil(base * 1.2 * 1.15) + 1;
  const organicShare = 0.3 + 0.2 * mulberry32(options.seed)();

  const values = { app_id: options.appId, seed: options.seed, days: options.days };
  const userCountry = weighted(u('country', 'uid'), COUNTRIES);
  const paid = weighted(`((${u('paid', 'uid')} - ${organicShare}) / ${1 - organicShare})`, PAID_SOURCES);
  const retention = `least(0.95, u.d1 * pow(n, ${RETENTION_EXPONENT}) * u.engagement)`;

  await store.exclusive(async (run) => {
    if (!options.into) await run('DELETE FROM events WHERE app_id = $app_id', { app_id: options.appId });
    await run(
      `
      CREATE OR REPLACE TEMP TABLE gen_days AS
      SELECT CAST(d AS INTEGER) AS day_idx,
             CAST($start AS DATE) + CAST(d AS INTEGER) AS day,
             greatest(1, CAST(round($base * (CASE WHEN isodow(CAST($start AS DATE) + CAST(d AS INTEGER)) >= 6 THEN 1.2 ELSE 1.0 END)
                                 * (0.85 + 0.3 * ${u('installs', 'd')})) AS INTEGER)) AS installs
      FROM range($days) t(d)`,
      { seed: options.seed, start, days: options.days, base },
    );
    await run(
      `
      CREATE OR REPLACE TEMP TABLE gen_users AS
      SELECT uid, install_idx, install_date, platform, first_start,
             right(lower(hex(hash($seed, 'user', $app_id, uid))), 12) AS user_pseudo_id,
             CAST(install_date AS TIMESTAMP) + to_microseconds(CAST(first_start * 1000000 AS BIGINT)) AS first_touch,
             ${userCountry} AS country,
             CASE WHEN ${u('tablet', 'uid')} < 0.08 THEN 'tablet' ELSE 'mobile' END AS device_category,
             CASE platform WHEN 'IOS' THEN ['${IOS_MODELS.join("','")}'][1 + CAST(floor(${u('model', 'uid')} * ${IOS_MODELS.length}) AS INTEGER)]
                           ELSE ['${ANDROID_MODELS.join("','")}'][1 + CAST(floor(${u('model', 'uid')} * ${ANDROID_MODELS.length}) AS INTEGER)] END AS device_model,
             CASE platform WHEN 'IOS' THEN '17.' || CAST(floor(${u('os', 'uid')} * 5) AS INTEGER)
                           ELSE CAST(12 + CAST(floor(${u('os', 'uid')} * 3) AS INTEGER) AS VARCHAR) END AS os_version,
             CASE platform WHEN 'IOS' THEN 'iTunes' ELSE 'com.android.vending' END AS install_source,
             CASE WHEN ${u('paid', 'uid')} < ${organicShare} THEN 'organic' ELSE ${paid} END AS media_source,
             CASE WHEN platform = 'IOS' THEN ${D1.IOS} ELSE ${D1.ANDROID} END AS d1,
             0.5 + ${u('engagement', 'uid')} AS engagement,
             CAST(floor(${u('lag', 'uid')} * 6) AS INTEGER) AS update_lag,
             ${u('removes', 'uid')} < 0.25 AS removes
      FROM (
        SELECT d.day_idx * 1000000 + CAST(i AS BIGINT) AS uid, d.day_idx AS install_idx, d.day AS install_date,
               ${platforms.length === 2 ? `CASE WHEN ${u('platform', 'd.day_idx * 1000000 + i')} < ${iosShare} THEN 'IOS' ELSE 'ANDROID' END` : `'${platforms[0]}'`} AS platform,
               floor(${u('first_start', 'd.day_idx * 1000000 + i', '0')} * 36000) AS first_start
        FROM gen_days d, range(${maxInstalls}) r(i)
        WHERE i < d.installs
      )`,
      { seed: options.seed, app_id: options.appId },
    );
    await run(
      `
      CREATE OR REPLACE TEMP TABLE gen_active AS
      SELECT *, max(dsi) OVER (PARTITION BY uid) AS last_dsi
      FROM (
        SELECT u.* EXCLUDE (first_start), CAST(n AS INTEGER) AS dsi, u.install_idx + CAST(n AS INTEGER) AS day_idx,
               u.install_date + CAST(n AS INTEGER) AS day,
               1 + CAST(floor(${u('sessions', 'u.uid', 'n')} * ${MAX_SESSIONS}) AS INTEGER) AS sessions,
               CASE WHEN n = 0 THEN u.first_start ELSE floor(${u('first_start', 'u.uid', 'n')} * 36000) END AS first_start,
               ${u('adviewer', 'u.uid', 'n')} < 0.65 AS ad_viewer,
               '1.' || CAST(floor(greatest(u.install_idx, u.install_idx + n - u.update_lag) / ${RELEASE_DAYS}) AS INTEGER) || '.0' AS app_version,
               n > 0 AND (u.install_idx + n - u.update_lag) % ${RELEASE_DAYS} = 0 AS updated_today
        FROM gen_users u, range($days) r(n)
        WHERE u.install_idx + n < $days
          AND (n = 0 OR ${u('active', 'u.uid', 'n')} < ${retention})
      )`,
      { seed: options.seed, days: options.days },
    );
    await run(
      `
      CREATE OR REPLACE TEMP TABLE gen_sessions AS
      SELECT a.*, CAST(k AS INTEGER) AS k,
             a.first_start + floor((k + 0.8 * ${u('gap', 'a.uid', 'a.dsi', 'k')}) * (79200 - a.first_start) / a.sessions) * (CASE WHEN k = 0 THEN 0 ELSE 1 END) AS start_sec,
             round(least(7000, greatest(20, exp(ln(360) + 0.6 * sqrt(-2 * ln(greatest(1e-9, ${u('len1', 'a.uid', 'a.dsi', 'k')})))
                                                         * cos(2 * pi() * ${u('len2', 'a.uid', 'a.dsi', 'k')})))), 3) AS len_sec,
             CAST(floor(${u('levels', 'a.uid', 'a.dsi', 'k')} * (${MAX_LEVELS} + 1)) AS INTEGER) AS levels,
             CASE WHEN a.ad_viewer THEN CAST(floor(${u('ads', 'a.uid', 'a.dsi', 'k')} * ${MAX_ADS}) AS INTEGER) ELSE 0 END AS ads,
             CAST(a.dsi * 4 + k + 1 AS INTEGER) AS ga_session_number,
             CASE WHEN a.media_source = 'organic' THEN NULL ELSE ['spring_ua_', 'evergreen_', 'retarget_'][1 + CAST(a.uid % 3 AS INTEGER)] || CAST(1 + a.uid % 2 AS VARCHAR) END AS campaign,
             CAST(extract(epoch FROM CAST(a.day AS TIMESTAMP)) + start_sec AS BIGINT) AS ga_session_id
      FROM gen_active a, range(${MAX_SESSIONS}) r(k)
      WHERE k < a.sessions`,
      { seed: options.seed },
    );
    // Insert a week at a time: bounded memory, and event_date-clustered row groups (zone maps prune date ranges).
    const union = eventsUnion();
    const into = options.into;
    if (into) {
      await run('BEGIN TRANSACTION');
      await run(into.clear, usedValues(into.clear, into.values));
    }
    try {
      for (let from = 0; from < options.days; from += 7) {
        const batch = { ...values, batch_from: from, batch_to: Math.min(options.days - 1, from + 6) };
        if (into) await run(into.insert(union), { ...batch, ...into.values });
        else await run(`INSERT INTO events\n${union}`, batch);
      }
      if (into) await run('COMMIT');
    } catch (error) {
      if (into) await run('ROLLBACK').catch(() => {});
      throw error;
    }
    for (const table of ['gen_sessions', 'gen_active', 'gen_users', 'gen_days'])
      await run(`DROP TABLE IF EXISTS ${table}`);
  });
  if (!options.into) await store.rebuildDailyUserMetrics(options.appId);
  const [stats] = options.into
    ? await store.rows(options.into.stats, usedValues(options.into.stats, options.into.values), undefined, {
        timeoutMs: 0,
      })
    : await store.rows(
        'SELECT count(*) AS events, count(DISTINCT user_pseudo_id) AS users FROM events WHERE app_id = $app_id',
        { app_id: options.appId },
        undefined,
        { timeoutMs: 0 },
      );
  return {
    appId: options.appId,
    events: Number(stats!.events),
    users: Number(stats!.users),
    start,
    end,
    ms: Date.now() - started,
  };
}
