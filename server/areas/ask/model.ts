/**
 * The optional language model of "Ask Analyze in plain words": an OpenAI-compatible chat-completions endpoint chosen
 * by configuration (ASK_MODEL_URL, ASK_MODEL_KEY, ASK_MODEL_NAME; server/config.ts), reached with the official
 * `openai` client. Without it the offline reader (./parse.ts) answers alone: that is the embedded default, and it
 * is what the page shows as "Read offline".
 *
 * What is sent: the question, today's UTC date, and each data model's catalogue — id, name, metric and column ids,
 * labels, data types, metric descriptions and the comparisons each type allows. Never data: no sample values, no
 * date ranges, no rows, no account, app or workspace names.
 *
 * What is kept: the answer only when it decodes as a docs/ask.md §Entities Report through the contract, names a known model and
 * only that model's catalogue columns (metrics in select, one group-by column, conditions with a comparison its type
 * allows, sort on chosen columns, a valid limit and real dates); its columns are then replaced by the catalogue's own
 * (labels, types). Anything else — a refusal, prose, an invented column, a timeout — falls back to the offline answer.
 */
import OpenAI from 'openai';
import { isRight } from 'fp-ts/Either';
import {
  COMPARISONS_BY_TYPE,
  Report,
  isIsoDate,
  limitError,
  type Condition,
  type DataType,
} from '../../../src/contracts/analyze';
import type { AskModel } from './parse';

export interface AskModelSettings {
  /** Base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (Ollama). */
  url: string;
  key: string;
  /** The model name, e.g. gpt-4o-mini. */
  name: string;
  timeoutMs: number;
}

export interface AskLanguageModel {
  readonly name: string;
  /** The model's proposal (unchecked JSON), or throws. */
  propose(question: string, models: readonly AskModel[], today: string): Promise<unknown>;
}

const INSTRUCTIONS = [
  "You turn a mobile game publisher's question into one report configuration for an analytics report builder.",
  'Answer with one JSON object only: {"model_id": string, "configuration": {"select": [{"column_name": string, "id": string, "data_type": string, "format": string}],',
  '"group_by": [{"column_name": string, "data_type": string, "sample_value": null}], "date_range": [{"date_start": "YYYY-MM-DD", "date_end": "YYYY-MM-DD"}],',
  '"limit": [{"value": number}], "order_by": [{"column_name": string, "order": "ASC"|"DESC"}],',
  '"where": [{"label": column_name, "column_name": string, "comparison": string, "value": string|number|boolean, "checked": true, "data_type": string}]}}.',
  'Use only one model and only the column_name values its catalogue lists: metrics go in select, exactly one column in group_by (date when none is asked).',
  'Leave out date_range, limit, order_by or where when the question does not ask for them. Relative dates are UTC days counted back from today, today included.',
  'Comparisons must be allowed for the column type; is_one_of values are comma-joined; boolean conditions use is_true or is_false with that word as value.',
].join(' ');

/** The catalogue as the model sees it: ids, labels, types, descriptions. No data. */
export function catalogueForModel(models: readonly AskModel[]) {
  return models.map((m) => ({
    id: m.id,
    name: m.name,
    metrics: m.config.select.map((c) => ({
      column_name: c.column_name,
      label: c.label,
      data_type: c.data_type,
      description: c.description,
    })),
    columns: m.config.group_by_where.map((c) => ({
      column_name: c.column_name,
      label: c.label,
      data_type: c.data_type,
      comparisons: COMPARISONS_BY_TYPE[c.data_type],
    })),
  }));
}

/** The messages sent for a question (exported for the README's promise and its test). */
export function askMessages(question: string, models: readonly AskModel[], today: string) {
  return [
    { role: 'system' as const, content: INSTRUCTIONS },
    { role: 'user' as const, content: JSON.stringify({ today, question, models: catalogueForModel(models) }) },
  ];
}

export function openAiAskModel(settings: AskModelSettings, fetchImpl?: typeof fetch): AskLanguageModel {
  const client = new OpenAI({
    apiKey: settings.key,
    baseURL: settings.url,
    timeout: settings.timeoutMs,
    maxRetries: 0,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  return {
    name: settings.name,
    async propose(question, models, today) {
      const completion = await client.chat.completions.create({
        model: settings.name,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: askMessages(question, models, today),
      });
      const content = completion.choices[0]?.message?.content;
      if (!content) throw new Error('The model gave no answer.');
      return JSON.parse(content) as unknown;
    },
  };
}

const NUMERIC: readonly DataType[] = ['INTEGER', 'INT64', 'FLOAT', 'FLOAT64', 'DOUBLE'];

/** The model's proposal as a report of the catalogue, or null when it is not one (see the header). */
export function acceptProposal(
  proposal: unknown,
  models: readonly AskModel[],
): { model: AskModel; report: Report } | null {
  const decoded = Report.decode(proposal);
  if (!isRight(decoded)) return null;
  const { model_id, configuration: c } = decoded.right;
  const model = models.find((m) => m.id === model_id);
  if (!model) return null;
  const metrics = new Map(model.config.select.map((m) => [m.column_name, m]));
  const columns = new Map(model.config.group_by_where.map((d) => [d.column_name, d]));
  if (c.select.length === 0 || c.group_by.length !== 1) return null;
  if (!c.select.every((m) => metrics.has(m.column_name)) || !columns.has(c.group_by[0]!.column_name)) return null;
  const select = Array.from(new Set(c.select.map((m) => m.column_name))).map((name) => ({
    ...metrics.get(name)!,
    model_id,
  }));
  const group = { ...columns.get(c.group_by[0]!.column_name)!, model_id };
  const sortable = new Set([group.column_name, ...select.map((m) => m.column_name)]);

  const where: Condition[] = [];
  for (const w of c.where ?? []) {
    const column = columns.get(w.column_name ?? w.label);
    if (!column || !COMPARISONS_BY_TYPE[column.data_type].includes(w.comparison)) return null;
    if (
      NUMERIC.includes(column.data_type) &&
      w.value !== undefined &&
      typeof w.value !== 'number' &&
      !Array.isArray(w.value)
    )
      return null;
    where.push({
      label: column.column_name,
      column_name: column.column_name,
      comparison: w.comparison,
      value: w.value ?? '',
      checked: true,
      data_type: column.data_type,
      sample_value: column.sample_value,
      model_id,
    });
  }
  const order = c.order_by ?? [];
  if (!order.every((o) => sortable.has(o.column_name))) return null;
  const limit = c.limit?.[0];
  if (limit && limitError(limit.value) !== null) return null;
  const range = c.date_range?.[0];
  if (range && (!isIsoDate(range.date_start) || !isIsoDate(range.date_end) || range.date_start > range.date_end))
    return null;

  return {
    model,
    report: {
      model_id,
      configuration: {
        select,
        group_by: [group],
        ...(range ? { date_range: [{ date_start: range.date_start, date_end: range.date_end, model_id }] } : {}),
        ...(limit ? { limit: [{ value: limit.value, model_id }] } : {}),
        ...(order.length
          ? { order_by: order.map((o) => ({ column_name: o.column_name, order: o.order, model_id })) }
          : {}),
        ...(where.length ? { where } : {}),
      },
    },
  };
}
