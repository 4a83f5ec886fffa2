/**
 * Funnels (docs/analyze.md §Funnels): the question (2–10 ordered steps, each an event name with optional parameter
 * conditions like the report builder's, a conversion window, strict or any order, the entry dates and an optional
 * split by one dimension), its answer (per step the players reaching it, conversion from the first and the previous
 * step, drop-off and the median time from the previous step; per split value the same) and the saved funnels, stored
 * beside the saved reports and cohorts.
 *
 * Bounds live here so the server and the builder agree. Pure: imports only io-ts and the shared codecs.
 */
import * as t from 'io-ts';
import { struct, nullable, line, Id, MAX } from './codecs';
import { endpoint } from './endpoint';
import { boundedNumber } from './numbers';
import { maxItems, refine } from './validation';
import { CompiledSql, Condition, REPORT_TITLE_MAX, daysBetween } from './analyze';
import { COHORT_SPLITS, CohortSplit } from './cohorts';

export const FUNNEL_STEPS_MIN = 2;
export const FUNNEL_STEPS_MAX = 10;
export const STEP_CONDITIONS_MAX = 10;
/** The longest conversion window, in minutes (90 days). */
export const WINDOW_MINUTES_MAX = 90 * 24 * 60;
/** The longest date range (entry days) a funnel may span. */
export const FUNNEL_RANGE_DAYS_MAX = 366;
/** Split values shown one by one; the smaller ones are summed into "Other" (a player belongs to one value). */
export const FUNNEL_SPLIT_VALUES_MAX = 10;
/** The drop-off list returns at most this many player ids (the count is always exact). */
export const DROPOFF_IDS_MAX = 10_000;
export const DEFAULT_FUNNEL_TITLE = 'New Funnel';
export const FUNNEL_TITLE_MAX = REPORT_TITLE_MAX;
export const DEFAULT_FUNNEL_RANGE_DAYS = 30;

/** Firebase event names: a letter, then letters, digits and underscores, at most 40 characters. */
export const EVENT_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
export const EVENT_NAME_MESSAGE = 'must be an event name (a letter, then letters, digits or underscores; at most 40)';
export const StepEventName = line(MAX.name, {
  name: 'StepEventName',
  check: (s) => (EVENT_NAME_PATTERN.test(s) ? null : EVENT_NAME_MESSAGE),
});

export const FunnelStep = struct(
  { event_name: StepEventName },
  { where: maxItems(Condition, STEP_CONDITIONS_MAX, 'StepConditions') },
  'FunnelStep',
);
export type FunnelStep = t.TypeOf<typeof FunnelStep>;

/** strict: in the order given (other events may happen between); any: in any order (docs/analyze.md §Funnels). */
export const FunnelOrder = t.keyof({ strict: null, any: null }, 'FunnelOrder');
export type FunnelOrder = t.TypeOf<typeof FunnelOrder>;
export const FUNNEL_ORDERS: readonly { value: FunnelOrder; label: string }[] = [
  { value: 'strict', label: 'In this order' },
  { value: 'any', label: 'In any order' },
];
export const WindowUnit = t.keyof({ minute: null, hour: null, day: null }, 'WindowUnit');
export type WindowUnit = t.TypeOf<typeof WindowUnit>;
export const UNIT_MINUTES: Record<WindowUnit, number> = { minute: 1, hour: 60, day: 1440 };
export const WINDOW_UNITS: readonly { value: WindowUnit; label: string }[] = [
  { value: 'minute', label: 'Minutes' },
  { value: 'hour', label: 'Hours' },
  { value: 'day', label: 'Days' },
];
export const WINDOW_MESSAGE = 'The conversion window must be between 1 minute and 90 days.';
export const FunnelWindow = refine(
  struct({
    value: boundedNumber({ name: 'WindowValue', min: 1, max: WINDOW_MINUTES_MAX, integer: true }),
    unit: WindowUnit,
  }),
  (w) => w.value * UNIT_MINUTES[w.unit] <= WINDOW_MINUTES_MAX,
  'FunnelWindow',
  'must be at most 90 days',
);
export type FunnelWindow = t.TypeOf<typeof FunnelWindow>;
export const windowMinutes = (w: FunnelWindow) => w.value * UNIT_MINUTES[w.unit];

export const FunnelSplit = CohortSplit;
export type FunnelSplit = CohortSplit;
export const FUNNEL_SPLITS = COHORT_SPLITS;

const Day = line(MAX.date);
export const FunnelQuestion = struct(
  {
    steps: refine(
      maxItems(FunnelStep, FUNNEL_STEPS_MAX, 'FunnelSteps'),
      (s) => s.length >= FUNNEL_STEPS_MIN,
      'FunnelSteps',
      `must have at least ${FUNNEL_STEPS_MIN} items`,
    ),
    window: FunnelWindow,
    order: FunnelOrder,
  },
  {
    /** Entry days (YYYY-MM-DD inclusive): the first step falls in them. Default: the last 30 days of the data. */
    date_range: struct({ date_start: Day, date_end: Day }),
    split: nullable(FunnelSplit),
  },
  'FunnelQuestion',
);
export type FunnelQuestion = t.TypeOf<typeof FunnelQuestion>;

export const FunnelStepResult = struct(
  {
    event_name: t.string,
    /** Players who reached this step. */
    players: t.number,
    /** Share of the first step's players (1 for the first step; null when nobody entered). */
    from_first: nullable(t.number),
    /** Share of the previous step's players (null for the first step or when nobody reached the previous one). */
    from_previous: nullable(t.number),
    /** Players of the previous step who did not reach this one (0 for the first step). */
    dropped: t.number,
    /** Median seconds from the previous step to this one (null for the first step or nobody). */
    median_seconds: nullable(t.number),
  },
  {},
  'FunnelStepResult',
);
export type FunnelStepResult = t.TypeOf<typeof FunnelStepResult>;
export const FunnelGroup = struct(
  { split_value: nullable(t.string), other: t.boolean, steps: t.array(FunnelStepResult) },
  {},
  'FunnelGroup',
);
export type FunnelGroup = t.TypeOf<typeof FunnelGroup>;

export const FunnelResult = struct(
  {
    order: FunnelOrder,
    window_minutes: t.number,
    date_start: t.string,
    date_end: t.string,
    /** Every player together. */
    total: FunnelGroup,
    split: nullable(FunnelSplit),
    /** Per split value (empty without a split): the largest values by entries, then "Other". */
    groups: t.array(FunnelGroup),
    compiled: CompiledSql,
  },
  {},
  'FunnelResult',
);
export type FunnelResult = t.TypeOf<typeof FunnelResult>;

export const RunFunnelRequest = struct({ question: FunnelQuestion }, {}, 'RunFunnelRequest');
/** The players who reached step `step - 1` and not `step` (step ≥ 2, 1-based), optionally of one split value. */
export const FunnelDropoffRequest = struct(
  { question: FunnelQuestion, step: boundedNumber({ name: 'Step', min: 2, max: FUNNEL_STEPS_MAX, integer: true }) },
  { split_value: nullable(line(MAX.label)), other: t.boolean },
  'FunnelDropoffRequest',
);
export type FunnelDropoffRequest = t.TypeOf<typeof FunnelDropoffRequest>;
export const FunnelDropoff = struct(
  { count: t.number, user_ids: t.array(t.string), truncated: t.boolean },
  {},
  'FunnelDropoff',
);
export type FunnelDropoff = t.TypeOf<typeof FunnelDropoff>;

export const FunnelSummary = struct({ id: t.string, title: t.string, updated_at: t.string }, {}, 'FunnelSummary');
export type FunnelSummary = t.TypeOf<typeof FunnelSummary>;
export const SavedFunnel = struct(
  { id: t.string, title: t.string, updated_at: t.string, question: FunnelQuestion },
  {},
  'SavedFunnel',
);
export type SavedFunnel = t.TypeOf<typeof SavedFunnel>;
export const SaveFunnelRequest = struct(
  { question: FunnelQuestion, title: line(MAX.title) },
  { id: nullable(Id) },
  'SaveFunnelRequest',
);
export type SaveFunnelRequest = t.TypeOf<typeof SaveFunnelRequest>;
export const FunnelEventNames = struct({ event_names: t.array(t.string) }, {}, 'FunnelEventNames');

export const FunnelAppParams = struct({ appId: Id });
export const FunnelParams = struct({ appId: Id, funnelId: Id });

export const funnelEndpoints = {
  run: endpoint({
    method: 'POST',
    path: '/api/app/:appId/analyze/funnels/run',
    params: FunnelAppParams,
    body: RunFunnelRequest,
    response: FunnelResult,
  }),
  dropoff: endpoint({
    method: 'POST',
    path: '/api/app/:appId/analyze/funnels/dropoff',
    params: FunnelAppParams,
    body: FunnelDropoffRequest,
    response: FunnelDropoff,
  }),
  events: endpoint({
    method: 'GET',
    path: '/api/app/:appId/analyze/funnels/events',
    params: FunnelAppParams,
    response: FunnelEventNames,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/app/:appId/analyze/funnels',
    params: FunnelAppParams,
    response: struct({ funnels: t.array(FunnelSummary) }, {}, 'FunnelList'),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/app/:appId/analyze/funnels/:funnelId',
    params: FunnelParams,
    response: struct({ funnel: SavedFunnel }, {}, 'FunnelResponse'),
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/app/:appId/analyze/funnels',
    params: FunnelAppParams,
    body: SaveFunnelRequest,
    response: struct({ funnel: FunnelSummary }, {}, 'SaveFunnelResponse'),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/app/:appId/analyze/funnels/:funnelId',
    params: FunnelParams,
    response: struct({ success: t.boolean }, {}, 'DeleteFunnelResponse'),
  }),
};

// ---------------------------------------------------------------------------------------------------------------
// Pure rules shared by the builder and the server

/** A question too large for the engine (memory, or more entering players than a funnel holds): answered 422. */
export const FUNNEL_TOO_LARGE_MESSAGE = 'This funnel spans too many events; shorten the date range.';
export const FUNNEL_TITLE_MESSAGE = `The title must be at most ${FUNNEL_TITLE_MAX} characters.`;
export const FUNNEL_RANGE_MESSAGE = `A funnel's dates span at most ${FUNNEL_RANGE_DAYS_MAX} days: shorten the date range.`;

/** Why a question cannot run, in the server's words, or null (the builder checks before asking the server). */
export function funnelProblem(q: Pick<FunnelQuestion, 'steps' | 'window' | 'date_range'>): string | null {
  if (q.steps.length < FUNNEL_STEPS_MIN) return `A funnel needs at least ${FUNNEL_STEPS_MIN} steps.`;
  if (q.steps.length > FUNNEL_STEPS_MAX) return `A funnel has at most ${FUNNEL_STEPS_MAX} steps.`;
  const blank = q.steps.findIndex((s) => !EVENT_NAME_PATTERN.test(s.event_name));
  if (blank >= 0) return `Choose an event for step ${blank + 1}.`;
  const minutes = q.window.value * UNIT_MINUTES[q.window.unit];
  if (!Number.isInteger(q.window.value) || q.window.value < 1 || minutes > WINDOW_MINUTES_MAX) return WINDOW_MESSAGE;
  const r = q.date_range;
  if (!r) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(r.date_start) || !/^\d{4}-\d{2}-\d{2}$/.test(r.date_end))
    return 'The date range needs a start and an end date written YYYY-MM-DD.';
  if (r.date_start > r.date_end) return 'The start date must not be after the end date.';
  if (daysBetween(r.date_start, r.date_end) + 1 > FUNNEL_RANGE_DAYS_MAX) return FUNNEL_RANGE_MESSAGE;
  return null;
}

/** Seconds as a short duration: 45 s, 12 min, 3.5 h, 2.1 d. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} d`;
}

/** The event columns a step condition offers in the builder (the server accepts any column of the Events model). */
export const STEP_CONDITION_COLUMNS: readonly {
  value: string;
  label: string;
  data_type: 'BOOL' | 'INTEGER' | 'STRING' | 'FLOAT64';
}[] = [
  { value: 'success', label: 'Success', data_type: 'BOOL' },
  { value: 'level', label: 'Level', data_type: 'INTEGER' },
  { value: 'level_name', label: 'Level Name', data_type: 'STRING' },
  { value: 'ad_format', label: 'Ad Format', data_type: 'STRING' },
  { value: 'ad_unit_name', label: 'Ad Unit Name', data_type: 'STRING' },
  { value: 'virtual_currency_name', label: 'Virtual Currency', data_type: 'STRING' },
  { value: 'currency', label: 'Currency', data_type: 'STRING' },
  { value: 'value', label: 'Value', data_type: 'FLOAT64' },
];
