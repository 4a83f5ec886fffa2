/**
 * The words publishers use for the catalogue (server/analytics/catalogue.ts), beyond each column's label and id:
 * synonyms of metrics and columns, the values of the columns that have a known vocabulary (platform, country, media
 * source, ad format, device, event names), the units a player's own numeric columns are counted in ("3 sessions"),
 * the adjectives of boolean columns ("who are new"), the Events equivalents of Daily Metrics measures, related
 * metrics for words that are no metric ("whales" → Payers), and the filler words a question may hold. Keys are
 * catalogue column names; a word only counts for a model that has that column, so nothing here can name a column the
 * app's models do not have. Lookups keyed by a question's words are Maps (a word such as "constructor" is no key).
 */

/** Extra phrases per metric column (labels and ids are always phrases too). */
export const METRIC_SYNONYMS: Record<string, string[]> = {
  new_users: [
    'installs',
    'install',
    'new installs',
    'downloads',
    'new user',
    'newcomers',
    'acquired users',
    'first opens',
  ],
  new_users_per: [
    'new user share',
    'share of new users',
    'new users percent',
    'new users percentage',
    'percent new users',
    'new user ratio',
  ],
  new_players: ['new player'],
  ad_viewers: ['ad watchers', 'users who saw ads', 'ad viewer'],
  dau: ['daily active users', 'active users', 'actives', 'active players', 'daily actives', 'daily users'],
  conversion_rate: [
    'conversion',
    'payer rate',
    'payer conversion',
    'paying rate',
    'payer share',
    'purchase rate',
    'conversion to payer',
  ],
  payers: ['paying users', 'buyers', 'purchasers', 'spenders', 'paying players', 'payer'],
  iap_revenue: [
    'in app revenue',
    'in-app revenue',
    'iap',
    'purchase revenue',
    'purchases revenue',
    'iap income',
    'store revenue',
    'in app purchases',
    'purchases',
  ],
  mins_per_day: [
    'playtime',
    'play time',
    'minutes per user',
    'time spent',
    'minutes per day',
    'daily playtime',
    'minutes per dau',
    'time per user',
  ],
  mins_per_session: [
    'session length',
    'session duration',
    'average session length',
    'avg session length',
    'minutes per session',
    'session time',
  ],
  sessions: ['session count', 'number of sessions', 'session'],
  sessions_per_dau: ['sessions per user', 'sessions per player', 'session per user'],
  level_starts: ['levels started', 'level start', 'starts', 'level plays', 'level attempts'],
  level_completions: [
    'levels completed',
    'completions',
    'level completion',
    'levels passed',
    'levels won',
    'level wins',
  ],
  completion_rate: ['completion', 'win rate', 'pass rate', 'level completion rate', 'success rate', 'completion %'],
  ads_completed: [
    'rewarded ads',
    'ads watched',
    'rewarded views',
    'completed ads',
    'ad rewards',
    'rewarded ad completions',
    'rewards',
  ],
  ads_completed_rate: [
    'rewarded completion rate',
    'ad completion rate',
    'ads completed rate',
    'rewarded ad completion rate',
  ],
  impressions: ['ad impressions', 'ad views', 'impression', 'ads shown', 'ads'],
  impressions_per_dau: ['impressions per user', 'ads per user', 'ads per dau', 'impressions per player'],
  ad_revenue: ['ads revenue', 'ad income', 'advertising revenue', 'ad money', 'ad rev', 'ads rev'],
  ecpm: ['cpm', 'ecpms', 'effective cpm'],
  event_count: ['events', 'number of events', 'event', 'count', 'event volume', 'how many events', 'occurrences'],
  users: ['unique users', 'distinct users', 'players', 'user count', 'people'],
  events_per_user: ['events per player'],
  event_value_usd: ['event value in usd', 'event value', 'value in usd', 'revenue in usd', 'usd value'],
  value_sum: ['total value', 'sum of value'],
  value_avg: ['average value', 'avg value', 'mean value'],
  engagement_minutes: ['engagement', 'engagement time', 'time engaged', 'minutes engaged', 'engaged minutes'],
};

/** Extra phrases per group-by / filter column. */
export const COLUMN_SYNONYMS: Record<string, string[]> = {
  date: ['day', 'days', 'daily', 'date', 'calendar day'],
  week: ['week', 'weekly', 'weeks', 'calendar week'],
  country: ['countries', 'geo', 'geos', 'market', 'markets', 'region', 'regions', 'territory', 'location'],
  platform: ['os', 'platforms', 'store', 'operating system', 'device os'],
  app_version: ['version', 'versions', 'build', 'builds', 'release', 'releases', 'app build'],
  media_source: [
    'source',
    'sources',
    'network',
    'networks',
    'channel',
    'channels',
    'ua source',
    'acquisition source',
    'traffic source',
    'media source',
    'campaign source',
  ],
  install_date: ['cohort', 'cohorts', 'install day', 'install cohort', 'install week'],
  is_new_user: ['new or returning', 'new vs returning'],
  days_since_install: ['days since install', 'user age', 'day since install', 'age in days'],
  user_sessions: ['sessions of the user', 'user sessions'],
  user_minutes: ['minutes of the user', 'user minutes'],
  event_name: ['event', 'events', 'event type', 'event types', 'event names'],
  event_timestamp: ['time', 'timestamp', 'hour', 'event time'],
  device_category: ['device', 'devices', 'device type', 'device types', 'form factor'],
  level_name: ['level names'],
  level: ['levels', 'stage', 'stages', 'level number'],
  success: ['outcome', 'result', 'win or lose'],
  ad_format: ['ad type', 'ad types', 'format', 'formats', 'ad formats', 'placement type'],
  ad_source: ['ad network', 'ad networks', 'mediation network', 'ad sources', 'demand source'],
  ad_unit_name: ['ad unit', 'ad units', 'placement', 'placements'],
  virtual_currency_name: ['virtual currency', 'currency name', 'soft currency'],
  currency: ['currencies'],
  value: [],
  event_value_in_usd: [],
  engagement_time_msec: [],
  ga_session_number: ['session number', 'session index', 'nth session'],
};

/** A value of a STRING or BOOL column, and the phrases that name it. */
export interface ValueWords {
  column_name: string;
  value: string | boolean;
  /** Shown in a chip ("Platform is iOS"). */
  label: string;
  phrases: string[];
  /** Phrases that count only when written in capitals (two-letter country codes: "US", not "us"). */
  codes?: string[];
}

const COUNTRY_NAMES: [string, string, string[]][] = [
  ['US', 'United States', ['united states', 'usa', 'america', 'the us', 'the states', 'u.s.']],
  ['BR', 'Brazil', ['brazil', 'brasil']],
  ['IN', 'India', ['india']],
  ['DE', 'Germany', ['germany', 'deutschland']],
  ['GB', 'United Kingdom', ['united kingdom', 'uk', 'britain', 'great britain', 'england']],
  ['FR', 'France', ['france']],
  ['JP', 'Japan', ['japan']],
  ['MX', 'Mexico', ['mexico']],
  ['RU', 'Russia', ['russia']],
  ['ID', 'Indonesia', ['indonesia']],
  ['TR', 'Turkey', ['turkey', 'turkiye']],
  ['KR', 'South Korea', ['south korea', 'korea']],
  ['CA', 'Canada', ['canada']],
  ['IT', 'Italy', ['italy']],
  ['ES', 'Spain', ['spain']],
  ['PH', 'Philippines', ['philippines']],
  ['VN', 'Vietnam', ['vietnam']],
  ['TH', 'Thailand', ['thailand']],
  ['PL', 'Poland', ['poland']],
  ['AU', 'Australia', ['australia']],
  ['AR', 'Argentina', ['argentina']],
  ['CO', 'Colombia', ['colombia']],
  ['SA', 'Saudi Arabia', ['saudi arabia', 'saudi']],
  ['EG', 'Egypt', ['egypt']],
  ['NL', 'Netherlands', ['netherlands', 'holland']],
  ['UA', 'Ukraine', ['ukraine']],
  ['MY', 'Malaysia', ['malaysia']],
  ['CL', 'Chile', ['chile']],
  ['SE', 'Sweden', ['sweden']],
  ['ZA', 'South Africa', ['south africa']],
  ['CN', 'China', ['china']],
  ['CH', 'Switzerland', ['switzerland']],
  ['AT', 'Austria', ['austria']],
  ['BE', 'Belgium', ['belgium']],
  ['NO', 'Norway', ['norway']],
  ['DK', 'Denmark', ['denmark']],
  ['FI', 'Finland', ['finland']],
  ['PT', 'Portugal', ['portugal']],
  ['NZ', 'New Zealand', ['new zealand']],
];

const EVENT_NAMES = [
  'ad_click',
  'ad_impression',
  'ad_reward',
  'app_remove',
  'app_update',
  'earn_virtual_currency',
  'first_open',
  'in_app_purchase',
  'level_end',
  'level_start',
  'level_up',
  'post_score',
  'session_start',
  'spend_virtual_currency',
  'tutorial_begin',
  'tutorial_complete',
  'user_engagement',
];

/** What an event is called as a noun ("ad clicks by ad format" counts ad_click events). */
const EVENT_NOUNS: Record<string, string[]> = {
  ad_click: ['ad tap'],
  ad_reward: ['ad reward'],
  app_remove: ['uninstall', 'app removal'],
  in_app_purchase: ['in app purchase', 'in-app purchase'],
  level_start: ['level attempt'],
  tutorial_begin: ['tutorial start'],
  tutorial_complete: ['tutorial completion'],
};

export const VALUE_WORDS: ValueWords[] = [
  {
    column_name: 'platform',
    value: 'IOS',
    label: 'iOS',
    phrases: ['ios', 'iphone', 'ipad', 'apple', 'app store', 'iphones'],
  },
  {
    column_name: 'platform',
    value: 'ANDROID',
    label: 'Android',
    phrases: ['android', 'google play', 'play store', 'androids'],
  },
  ...COUNTRY_NAMES.map(([code, label, phrases]): ValueWords => ({
    column_name: 'country',
    value: code,
    label,
    phrases,
    codes: [code],
  })),
  {
    column_name: 'media_source',
    value: 'organic',
    label: 'organic',
    phrases: ['organic', 'organics', 'non paid', 'unpaid'],
  },
  {
    column_name: 'media_source',
    value: 'unityads_int',
    label: 'unityads_int',
    phrases: ['unity ads', 'unityads', 'unityads_int', 'unity'],
  },
  {
    column_name: 'media_source',
    value: 'applovin_int',
    label: 'applovin_int',
    phrases: ['applovin', 'applovin_int', 'app lovin'],
  },
  {
    column_name: 'media_source',
    value: 'googleadwords_int',
    label: 'googleadwords_int',
    phrases: ['google ads', 'adwords', 'googleadwords_int', 'google adwords', 'uac'],
  },
  {
    column_name: 'media_source',
    value: 'ironsource_int',
    label: 'ironsource_int',
    phrases: ['ironsource', 'iron source', 'ironsource_int'],
  },
  {
    column_name: 'ad_format',
    value: 'interstitial',
    label: 'interstitial',
    phrases: ['interstitial', 'interstitials'],
  },
  {
    column_name: 'ad_format',
    value: 'rewarded',
    label: 'rewarded',
    phrases: ['rewarded', 'rewarded video', 'rewarded videos'],
  },
  { column_name: 'ad_format', value: 'banner', label: 'banner', phrases: ['banner', 'banners'] },
  { column_name: 'device_category', value: 'tablet', label: 'tablet', phrases: ['tablet', 'tablets'] },
  {
    column_name: 'device_category',
    value: 'mobile',
    label: 'mobile',
    phrases: ['phone', 'phones', 'mobile', 'smartphones'],
  },
  ...EVENT_NAMES.map((name): ValueWords => ({
    column_name: 'event_name',
    value: name,
    label: name,
    phrases: [name, name.replace(/_/g, ' '), `${name.replace(/_/g, ' ')} event`, ...(EVENT_NOUNS[name] ?? [])],
  })),
  {
    column_name: 'is_new_user',
    value: true,
    label: 'true',
    phrases: [
      'new users only',
      'only new users',
      'among new users',
      'of new users',
      'for new users',
      'new players only',
      'only new players',
    ],
  },
  {
    column_name: 'is_new_user',
    value: false,
    label: 'false',
    phrases: ['returning users', 'returning players', 'existing users', 'old users', 'returning'],
  },
  { column_name: 'success', value: true, label: 'true', phrases: ['successful', 'won', 'wins', 'succeeded', 'passed'] },
  { column_name: 'success', value: false, label: 'false', phrases: ['failed', 'fails', 'failures', 'lost', 'losses'] },
];

/**
 * Units a player's own numeric columns are counted in: "players with more than 3 sessions that day" is a condition on
 * the user's sessions that day, not the Sessions metric.
 */
export const COLUMN_UNITS: Record<string, string[]> = {
  user_sessions: ['session'],
  user_minutes: ['minute', 'min', 'mins'],
  days_since_install: ['days since install', 'days after install', 'days since installing', 'days old'],
};

/** Adjectives of boolean columns: "players who are new", "users who are not new". */
export const BOOL_ADJECTIVES: Record<string, { true: string[]; false: string[] }> = {
  is_new_user: { true: ['new', 'newly installed'], false: ['returning', 'existing', 'old'] },
  success: { true: ['successful', 'won', 'passed'], false: ['failed', 'lost', 'unsuccessful'] },
};

/** Words for people: "android users", "players from Brazil" name whose numbers, not a metric of their own. */
export const PEOPLE = new Set(['user', 'player', 'people', 'gamer', 'customer', 'person']);

/**
 * Daily Metrics measures read on the Events model (a question naming a column only Events has, "ad revenue by ad
 * source"): the Events metric and the event it counts. Counted as a translation, so the model that has the measure
 * itself wins a tie.
 */
export const EVENT_EQUIVALENTS: { phrases: string[]; metric: string; event?: string }[] = [
  { phrases: ['new users', 'installs', 'new installs', 'downloads', 'new user'], metric: 'users', event: 'first_open' },
  {
    phrases: ['dau', 'daily active users', 'active users', 'active players', 'daily actives', 'actives'],
    metric: 'users',
  },
  {
    phrases: ['ad revenue', 'ads revenue', 'ad income', 'advertising revenue', 'ad rev', 'ad money'],
    metric: 'event_value_usd',
    event: 'ad_impression',
  },
  {
    phrases: ['iap revenue', 'in app revenue', 'in-app revenue', 'purchase revenue', 'iap income', 'store revenue'],
    metric: 'event_value_usd',
    event: 'in_app_purchase',
  },
  {
    phrases: ['payers', 'paying users', 'buyers', 'purchasers', 'spenders', 'paying players'],
    metric: 'users',
    event: 'in_app_purchase',
  },
  {
    phrases: ['impressions', 'ad impressions', 'ad views', 'ads shown'],
    metric: 'event_count',
    event: 'ad_impression',
  },
  {
    phrases: ['level starts', 'levels started', 'level plays', 'level attempts'],
    metric: 'event_count',
    event: 'level_start',
  },
  {
    phrases: ['ads completed', 'rewarded ads', 'ads watched', 'rewarded views', 'completed ads'],
    metric: 'event_count',
    event: 'ad_reward',
  },
];

/** Words that are no catalogue metric, and the metrics that come closest. */
const RELATED: Record<string, string[]> = {
  whale: ['payers', 'iap_revenue', 'conversion_rate'],
  whales: ['payers', 'iap_revenue', 'conversion_rate'],
  churn: ['retention_d1', 'retention_d7', 'retention_w1'],
  ltv: ['iap_revenue', 'ad_revenue', 'payers'],
  arpu: ['iap_revenue', 'ad_revenue', 'dau'],
  arpdau: ['ad_revenue', 'iap_revenue', 'dau'],
  arppu: ['iap_revenue', 'payers'],
  revenue: ['iap_revenue', 'ad_revenue'],
  money: ['iap_revenue', 'ad_revenue'],
  profit: ['iap_revenue', 'ad_revenue'],
  mau: ['dau', 'new_users'],
  wau: ['dau', 'new_users'],
  stickiness: ['dau', 'retention_d7'],
  cpi: ['new_users', 'ecpm'],
  roas: ['ad_revenue', 'iap_revenue'],
  crashes: ['sessions', 'dau'],
  ctr: ['impressions', 'ads_completed_rate'],
  fill: ['impressions', 'ecpm'],
  engagement: ['mins_per_day', 'sessions_per_dau'],
  playtime: ['mins_per_day', 'mins_per_session'],
  funnel: ['level_starts', 'level_completions', 'completion_rate'],
  difficulty: ['completion_rate', 'level_completions'],
  score: ['completion_rate', 'level_completions'],
  installs: ['new_users'],
};
export const RELATED_METRICS: ReadonlyMap<string, string[]> = new Map(Object.entries(RELATED));

/** Words that carry no report meaning (what is left after these is "not placed"). */
export const FILLER = new Set(
  `a an the of for and or with show me give get display see view what whats what's is are was were be been how many much
  did do does i we my our us you please can could would like want need to in on at from as it its this that these those
  all total overall number amount count report chart graph table list data metrics metric numbers stats statistics kpi kpis
  vs versus compare compared comparing comparison trend trends over time per by each every split broken down grouped group
  across breakdown only just also plus then there their them let lets let's tell look check pull see what's which who
  where when whose value values app game games our my your so far
  rate rates who whom have has had having played play spent spend spending doing everywhere anywhere among but
  trend trends user users player players people`
    .split(/\s+/)
    .filter(Boolean),
);
