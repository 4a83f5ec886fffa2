/**
 * "Ask Analyze in plain words" contract (docs/ask.md §Screens and routes, /analyze/reportAi): a publisher's question in, the
 * report configuration of the existing builder (docs/ask.md §Entities Report) out, with what could not be placed and the chosen
 * model's catalogue so the page can show and change the understanding before the builder runs it.
 *
 * The question is read on the server (server/analytics/ask/): the offline parser always, a configured language
 * model first when there is one (its answer is kept only when it decodes as a `Report` naming catalogue columns).
 * Nothing here reaches SQL: the page opens the normal builder with `report`, and the builder's run goes through the
 * compiler like any other report.
 *
 * Pure: imports only io-ts and the shared contracts.
 */
import * as t from 'io-ts';
import { struct, line, nullable } from './codecs';
import { endpoint } from './endpoint';
import { AnalyticsAppParams, AvailableDateRange, DataType, Report, SampleValue } from './analyze';

/** The longest question accepted (characters). */
export const ASK_QUESTION_MAX = 500;

export const AskRequest = struct({ question: line(ASK_QUESTION_MAX) }, {}, 'AskRequest');
export type AskRequest = t.TypeOf<typeof AskRequest>;

/** A catalogue column the page may offer when a part is changed (a metric, or a group-by / filter column). */
export const AskColumn = struct(
  { column_name: t.string, label: t.string, data_type: DataType },
  { sample_value: SampleValue },
  'AskColumn',
);
export type AskColumn = t.TypeOf<typeof AskColumn>;

export const AskSuggestion = struct(
  { column_name: t.string, label: t.string, kind: t.keyof({ metric: null, group_by: null }) },
  {},
  'AskSuggestion',
);
export type AskSuggestion = t.TypeOf<typeof AskSuggestion>;

/** Words of the question that could not be placed, with catalogue suggestions ("'whales' is not a metric I know"). */
export const AskUnplaced = struct(
  { text: t.string, message: t.string, suggestions: t.array(AskSuggestion) },
  {},
  'AskUnplaced',
);
export type AskUnplaced = t.TypeOf<typeof AskUnplaced>;

export const AskSource = t.keyof({ parser: null, model: null }, 'AskSource');
export type AskSource = t.TypeOf<typeof AskSource>;

/**
 * The understanding. `success` is false when no metric could be placed (the page then asks to rephrase or pick a
 * suggestion). `sort_chosen`: the question named the order (the builder then keeps it instead of its auto sort).
 * `today` is the UTC day relative dates were resolved against.
 */
export const AskResponse = struct(
  {
    success: t.boolean,
    source: AskSource,
    report: Report,
    sort_chosen: t.boolean,
    unplaced: t.array(AskUnplaced),
    model_name: t.string,
    metrics: t.array(AskColumn),
    columns: t.array(AskColumn),
    available: nullable(AvailableDateRange),
    today: t.string,
  },
  { message: t.string },
  'AskResponse',
);
export type AskResponse = t.TypeOf<typeof AskResponse>;

export const askEndpoints = {
  ask: endpoint({
    method: 'POST',
    path: '/api/app/:appId/analyze/ask',
    params: AnalyticsAppParams,
    body: AskRequest,
    response: AskResponse,
  }),
};
