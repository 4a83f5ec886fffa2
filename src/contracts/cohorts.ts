/**
 * Retention cohorts (docs/analyze.md §Retention cohorts): the question (install cohorts by day, week or month, how many
 * periods since install, optional conditions like the report builder's, an optional split by one dimension), its answer
 * (a triangle of shares per cohort with the cohort sizes and a weighted average row) and the saved cohorts, stored
 * beside the saved reports.
 *
 * Bounds live here so the server and the builder agree: at most 52 cohorts and 52 periods, at most 20 conditions,
 * a split only by a dimension of the catalogue. Pure: imports only io-ts and the shared codecs.
 */
import * as t from 'io-ts';
import { struct, nullable, line, Id, MAX } from './codecs';
import { endpoint } from './endpoint';
import { boundedNumber } from './numbers';
import { maxItems } from './validation';
import { CompiledSql, Condition, REPORT_TITLE_MAX, addDays, daysBetween, mondayOf } from './analyze';

export const COHORTS_MAX = 52;
export const PERIODS_MAX = 52;
export const COHORT_CONDITIONS_MAX = 20;
/** Split values shown one by one; the smaller ones are summed into "Other" (a user belongs to one value). */
export const SPLIT_VALUES_MAX = 10;
export const DEFAULT_COHORT_TITLE = 'New Cohort Table';
export const COHORT_TITLE_MAX = REPORT_TITLE_MAX;

export const CohortGrain = t.keyof({ day: null, week: null, month: null }, 'CohortGrain');
export type CohortGrain = t.TypeOf<typeof CohortGrain>;
/** The dimensions a cohort table may be split by (columns of the daily metrics catalogue, read on the install day). */
export const CohortSplit = t.keyof(
  { country: null, platform: null, media_source: null, app_version: null },
  'CohortSplit',
);
export type CohortSplit = t.TypeOf<typeof CohortSplit>;
export const COHORT_SPLITS: readonly { value: CohortSplit; label: string }[] = [
  { value: 'country', label: 'Country' },
  { value: 'platform', label: 'Platform' },
  { value: 'media_source', label: 'Media Source' },
  { value: 'app_version', label: 'App Version' },
];
export const GRAIN_LABELS: Record<CohortGrain, { cohort: string; period: string; short: string }> = {
  day: { cohort: 'Day', period: 'Day', short: 'D' },
  week: { cohort: 'Week', period: 'Week', short: 'W' },
  month: { cohort: 'Month', period: 'Month', short: 'M' },
};
/** Days in one period: week N is days 7N..7N+6 since install (as Retention W1..W7), month N days 30N..30N+29. */
export const PERIOD_DAYS: Record<CohortGrain, number> = { day: 1, week: 7, month: 30 };
export const DEFAULT_PERIODS: Record<CohortGrain, number> = { day: 14, week: 12, month: 6 };
/** How many cohorts a question without a date range shows (the most recent ones). */
export const DEFAULT_COHORTS: Record<CohortGrain, number> = { day: 14, week: 12, month: 6 };

const Day = line(MAX.date);
export const Periods = boundedNumber({ name: 'Periods', min: 1, max: PERIODS_MAX, integer: true });

/** A cohort question. Without a date range: the most recent DEFAULT_COHORTS cohorts of the data. */
export const CohortQuestion = struct(
  { grain: CohortGrain, periods: Periods },
  {
    /** Install dates (YYYY-MM-DD inclusive): which cohorts. */
    date_range: struct({ date_start: Day, date_end: Day }),
    where: maxItems(Condition, COHORT_CONDITIONS_MAX, 'CohortConditions'),
    split: nullable(CohortSplit),
  },
  'CohortQuestion',
);
export type CohortQuestion = t.TypeOf<typeof CohortQuestion>;

const Share = nullable(t.number);
/** One install cohort: its first day, its size, and per period the users active and their share (null: not mature). */
export const CohortRow = struct(
  { cohort: t.string, size: t.number, active: t.array(nullable(t.number)), share: t.array(Share) },
  {},
  'CohortRow',
);
export type CohortRow = t.TypeOf<typeof CohortRow>;
export const CohortGroup = struct(
  {
    /** The split value (null: not set in the data, or no split). */
    split_value: nullable(t.string),
    /** True for the "Other" group that sums the smaller split values. */
    other: t.boolean,
    cohorts: t.array(CohortRow),
    /** Σ sizes; per period Σ active ÷ Σ size over the cohorts mature for it. */
    average: struct({ size: t.number, share: t.array(Share) }),
  },
  {},
  'CohortGroup',
);
export type CohortGroup = t.TypeOf<typeof CohortGroup>;

export const CohortResult = struct(
  {
    grain: CohortGrain,
    periods: t.number,
    period_days: t.number,
    date_start: t.string,
    date_end: t.string,
    /** The last day with data: a period is mature when every member of the cohort has lived it by this day. */
    data_end: t.string,
    split: nullable(CohortSplit),
    groups: t.array(CohortGroup),
    compiled: CompiledSql,
  },
  {},
  'CohortResult',
);
export type CohortResult = t.TypeOf<typeof CohortResult>;

export const RunCohortRequest = struct({ question: CohortQuestion }, {}, 'RunCohortRequest');
export type RunCohortRequest = t.TypeOf<typeof RunCohortRequest>;

export const CohortSummary = struct({ id: t.string, title: t.string, updated_at: t.string }, {}, 'CohortSummary');
export type CohortSummary = t.TypeOf<typeof CohortSummary>;
export const SavedCohort = struct(
  { id: t.string, title: t.string, updated_at: t.string, question: CohortQuestion },
  {},
  'SavedCohort',
);
export type SavedCohort = t.TypeOf<typeof SavedCohort>;

/** Save a cohort question: `id` null creates one, an id updates it. */
export const SaveCohortRequest = struct(
  { question: CohortQuestion, title: line(MAX.title) },
  { id: nullable(Id) },
  'SaveCohortRequest',
);
export type SaveCohortRequest = t.TypeOf<typeof SaveCohortRequest>;

export const CohortAppParams = struct({ appId: Id });
export const CohortParams = struct({ appId: Id, cohortId: Id });

export const cohortEndpoints = {
  run: endpoint({
    method: 'POST',
    path: '/api/app/:appId/analyze/cohorts/run',
    params: CohortAppParams,
    body: RunCohortRequest,
    response: CohortResult,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/app/:appId/analyze/cohorts',
    params: CohortAppParams,
    response: struct({ cohorts: t.array(CohortSummary) }, {}, 'CohortList'),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/app/:appId/analyze/cohorts/:cohortId',
    params: CohortParams,
    response: struct({ cohort: SavedCohort }, {}, 'CohortResponse'),
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/app/:appId/analyze/cohorts',
    params: CohortAppParams,
    body: SaveCohortRequest,
    response: struct({ cohort: CohortSummary }, {}, 'SaveCohortResponse'),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/app/:appId/analyze/cohorts/:cohortId',
    params: CohortParams,
    response: struct({ success: t.boolean }, {}, 'DeleteCohortResponse'),
  }),
};

// ---------------------------------------------------------------------------------------------------------------
// Pure rules shared by the builder and the server

export const TOO_MANY_COHORTS_MESSAGE = `A cohort table holds at most ${COHORTS_MAX} cohorts: shorten the date range or choose a coarser grain.`;

const monthOf = (iso: string) => `${iso.slice(0, 7)}-01`;
const nextMonth = (iso: string) => {
  const [y, m] = [Number(iso.slice(0, 4)), Number(iso.slice(5, 7))];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/** The first day of the cohort an install day belongs to (weeks start on Monday). */
export function cohortStart(grain: CohortGrain, day: string): string {
  return grain === 'day' ? day : grain === 'week' ? mondayOf(day) : monthOf(day);
}
/** The last day of the cohort starting on `start`. */
export function cohortEnd(grain: CohortGrain, start: string): string {
  return grain === 'day' ? start : grain === 'week' ? addDays(start, 6) : addDays(nextMonth(start), -1);
}

/** The first days of the cohorts an install date range covers, oldest first. */
export function cohortStarts(grain: CohortGrain, dateStart: string, dateEnd: string, max = COHORTS_MAX + 1): string[] {
  const starts: string[] = [];
  for (let s = cohortStart(grain, dateStart); s <= dateEnd && starts.length < max;) {
    starts.push(s);
    s = grain === 'month' ? nextMonth(s) : addDays(s, PERIOD_DAYS[grain]);
  }
  return starts;
}

/**
 * The maturity rule: period N of a cohort is shown only when every member of the cohort has lived all of it by the
 * last day of data, i.e. the cohort's last install day + (N + 1) × period days − 1 ≤ data end. Younger cells are
 * null (left empty), never 0.
 */
export function isMature(grain: CohortGrain, lastInstallDay: string, period: number, dataEnd: string): boolean {
  return daysBetween(lastInstallDay, dataEnd) >= (period + 1) * PERIOD_DAYS[grain] - 1;
}

/** The install date range of a question without one: the most recent DEFAULT_COHORTS cohorts within the data. */
export function defaultCohortRange(grain: CohortGrain, data: { start: string; end: string }) {
  let start = cohortStart(grain, data.end);
  for (let i = 1; i < DEFAULT_COHORTS[grain]; i++) start = cohortStart(grain, addDays(start, -1));
  return { date_start: start < data.start ? data.start : start, date_end: data.end };
}

/** Why a question cannot run, in the server's words, or null (the builder checks before asking the server). */
export function questionProblem(q: Pick<CohortQuestion, 'grain' | 'date_range'>): string | null {
  const r = q.date_range;
  if (!r) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(r.date_start) || !/^\d{4}-\d{2}-\d{2}$/.test(r.date_end))
    return 'The date range needs a start and an end date written YYYY-MM-DD.';
  if (r.date_start > r.date_end) return 'The start date must not be after the end date.';
  return cohortStarts(q.grain, r.date_start, r.date_end).length > COHORTS_MAX ? TOO_MANY_COHORTS_MESSAGE : null;
}

/** docs/analyze.md §Messages: the title rule of saved reports applies to saved cohorts. */
export const COHORT_TITLE_MESSAGE = `The title must be at most ${COHORT_TITLE_MAX} characters.`;
