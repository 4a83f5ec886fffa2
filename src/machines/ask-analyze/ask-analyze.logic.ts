/**
 * Pure rules of "Ask Analyze in plain words" on the page: how an understood question reads as parts ("Retention D1,
 * Retention D7 · by Country · last 30 days · Platform is iOS"), removing or changing one part, taking a suggestion,
 * and the builder draft the confirmed report opens as (src/machines/report-builder: its session draft, so every rule
 * of the builder applies unchanged). No React, no XState, no I/O.
 */
import {
  COMPARISONS_BY_TYPE,
  REPORT_LIMIT_DEFAULT,
  VALUELESS_COMPARISONS,
  addDays,
  daysBetween,
  defaultDateRange,
  oneOfValues,
  resolveRelativeDateRange,
  type Comparison,
  type Condition,
  type Report,
  type RelativeDateComparison,
} from '../../contracts/analyze';
import type { AskColumn, AskResponse, AskSuggestion } from '../../contracts/ask';
import { autoOrderBy, normalizeTitle } from '../report-builder/report-builder.logic';

export type PartKind = 'metric' | 'group' | 'dates' | 'condition' | 'limit' | 'sort';

export interface PartOption {
  value: string;
  label: string;
}

/** One part of the understanding, shown as a chip. */
export interface Part {
  id: string;
  kind: PartKind;
  text: string;
  removable: boolean;
  /** What it can be changed to (a choice), or null when it is changed by typing a value. */
  options: PartOption[] | null;
  /** The current choice, or the current value to edit. */
  current: string;
  /** The words shown before the choice or the value ("by" Country, "Platform is" iOS). */
  prefix: string;
  /**
   * A condition's comparison, which can be changed too ("Country" [is ▾ / is not] "KR"): the column's label, the
   * current comparison and the ones that fit its value; null for every other part and for true/false conditions.
   */
  comparison: { subject: string; current: string; options: PartOption[] } | null;
}

const labelOf = (columns: readonly AskColumn[], name: string) =>
  columns.find((c) => c.column_name === name)?.label ?? name;

const VALUE_LABELS: Record<string, Record<string, string>> = { platform: { IOS: 'iOS', ANDROID: 'Android' } };
const valueLabel = (column: string, value: string) => VALUE_LABELS[column]?.[value] ?? value;

const COMPARISON_WORDS: Partial<Record<Comparison, string>> = {
  equals: 'is',
  not_equals: 'is not',
  is_one_of: 'is one of',
  is_not_one_of: 'is not one of',
  contains: 'contains',
  greater_than: 'is above',
  less_than: 'is below',
  greater_than_or_equal: 'is at least',
  less_than_or_equal: 'is at most',
  from: 'from',
  to: 'up to',
};

const LIST_COMPARISONS: readonly Comparison[] = ['is_one_of', 'is_not_one_of'];

/**
 * The comparisons a condition can switch to: those its column's type allows that take a value of the same shape (a
 * list stays a list: is one of ↔ is not one of; one value: is ↔ is not, and the type's others), each with its words.
 */
export function comparisonOptions(condition: Condition, columns: readonly AskColumn[]): PartOption[] {
  const name = condition.column_name ?? condition.label;
  const type = columns.find((c) => c.column_name === name)?.data_type ?? condition.data_type;
  const list = LIST_COMPARISONS.includes(condition.comparison);
  return COMPARISONS_BY_TYPE[type]
    .filter(
      (c) =>
        !VALUELESS_COMPARISONS.includes(c) &&
        COMPARISON_WORDS[c] !== undefined &&
        LIST_COMPARISONS.includes(c) === list,
    )
    .map((c) => ({ value: c, label: COMPARISON_WORDS[c]! }));
}

/** "Platform is", "Country is one of", "Is New User is": a condition's words before its value. */
export function conditionPrefix(condition: Condition, columns: readonly AskColumn[]): string {
  const label = labelOf(columns, condition.column_name ?? condition.label);
  if (condition.comparison === 'is_true' || condition.comparison === 'is_false') return `${label} is`;
  return `${label} ${COMPARISON_WORDS[condition.comparison] ?? condition.comparison.replace(/_/g, ' ')}`;
}

export function conditionText(condition: Condition, columns: readonly AskColumn[]): string {
  const name = condition.column_name ?? condition.label;
  const label = labelOf(columns, name);
  if (condition.comparison === 'is_true') return `${label} is true`;
  if (condition.comparison === 'is_false') return `${label} is false`;
  if (condition.comparison === 'is_one_of' || condition.comparison === 'is_not_one_of') {
    return `${label} ${COMPARISON_WORDS[condition.comparison]} ${oneOfValues(condition.value)
      .map((v) => valueLabel(name, v))
      .join(', ')}`;
  }
  const value = Array.isArray(condition.value) ? condition.value.join(' – ') : String(condition.value ?? '');
  return `${label} ${COMPARISON_WORDS[condition.comparison] ?? condition.comparison.replace(/_/g, ' ')} ${valueLabel(name, value)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Dates

const PRESETS: [RelativeDateComparison, string][] = [
  ['last_30_days', 'last 30 days'],
  ['last_90_days', 'last 90 days'],
  ['last_180_days', 'last 180 days'],
  ['this_week', 'this week'],
  ['last_week', 'last week'],
  ['this_month', 'this month'],
  ['last_month', 'last month'],
];
export const DEFAULT_DATES = 'default';

/** The date choices a dates part offers: value `start..end`, or DEFAULT_DATES for the builder's default range. */
export function dateOptions(today: string): PartOption[] {
  const last7 = { date_start: addDays(today, -6), date_end: today };
  return [
    { value: DEFAULT_DATES, label: 'last 7 days of data' },
    { value: `${last7.date_start}..${last7.date_end}`, label: 'last 7 days' },
    ...PRESETS.map(([comparison, label]) => {
      const r = resolveRelativeDateRange(comparison, today);
      return { value: `${r.date_start}..${r.date_end}`, label };
    }),
  ];
}

export function datesText(range: { date_start: string; date_end: string } | undefined, today: string): string {
  if (!range) return 'last 7 days of data';
  const preset = dateOptions(today).find((o) => o.value === `${range.date_start}..${range.date_end}`);
  if (preset) return preset.label;
  if (range.date_end === today) {
    const days = daysBetween(range.date_start, today) + 1;
    return days <= 31 ? `last ${days} days` : `since ${range.date_start}`;
  }
  return range.date_start === range.date_end ? `on ${range.date_start}` : `${range.date_start} to ${range.date_end}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Parts

const LIMITS = [5, 10, 20, 50, 100, 1000];

export function partsOf(report: Report, answer: Pick<AskResponse, 'metrics' | 'columns' | 'today'>): Part[] {
  const c = report.configuration;
  const metricOptions = answer.metrics.map((m) => ({ value: m.column_name, label: m.label }));
  const parts: Part[] = c.select.map((m) => ({
    id: `metric:${m.column_name}`,
    kind: 'metric',
    text: labelOf(answer.metrics, m.column_name),
    removable: true,
    options: metricOptions.filter((o) => o.value === m.column_name || !c.select.some((s) => s.column_name === o.value)),
    current: m.column_name,
    prefix: '',
    comparison: null,
  }));
  const group = c.group_by[0];
  if (group) {
    parts.push({
      id: 'group',
      kind: 'group',
      text: `by ${labelOf(answer.columns, group.column_name)}`,
      removable: false,
      options: answer.columns.map((col) => ({ value: col.column_name, label: col.label })),
      current: group.column_name,
      prefix: 'by',
      comparison: null,
    });
  }
  const range = c.date_range?.[0];
  parts.push({
    id: 'dates',
    kind: 'dates',
    text: datesText(range, answer.today),
    removable: range !== undefined,
    options: dateOptions(answer.today),
    current: range ? `${range.date_start}..${range.date_end}` : DEFAULT_DATES,
    prefix: '',
    comparison: null,
  });
  (c.where ?? []).forEach((w, i) => {
    const bool = w.comparison === 'is_true' || w.comparison === 'is_false';
    parts.push({
      id: `condition:${i}`,
      kind: 'condition',
      text: conditionText(w, answer.columns),
      removable: true,
      options: bool
        ? [
            { value: 'is_true', label: 'true' },
            { value: 'is_false', label: 'false' },
          ]
        : null,
      current: bool ? w.comparison : Array.isArray(w.value) ? w.value.join(',') : String(w.value ?? ''),
      prefix: conditionPrefix(w, answer.columns),
      comparison: bool
        ? null
        : {
            subject: labelOf(answer.columns, w.column_name ?? w.label),
            current: w.comparison,
            options: comparisonOptions(w, answer.columns),
          },
    });
  });
  const limit = c.limit?.[0];
  if (limit) {
    parts.push({
      id: 'limit',
      kind: 'limit',
      text: `${limit.value} rows`,
      removable: true,
      options: Array.from(new Set([...LIMITS, limit.value]))
        .sort((a, b) => a - b)
        .map((n) => ({ value: String(n), label: `${n} rows` })),
      current: String(limit.value),
      prefix: '',
      comparison: null,
    });
  }
  for (const o of c.order_by ?? []) {
    const label = labelOf([...answer.metrics, ...answer.columns], o.column_name);
    parts.push({
      id: `sort:${o.column_name}`,
      kind: 'sort',
      text: `${label} ${o.order === 'DESC' ? 'highest first' : 'lowest first'}`,
      removable: true,
      options: [
        { value: 'DESC', label: `${label} highest first` },
        { value: 'ASC', label: `${label} lowest first` },
      ],
      current: o.order,
      prefix: '',
      comparison: null,
    });
  }
  return parts;
}

/** "Retention D1, Retention D7 · by Country · last 30 days · Platform is iOS". */
export function summaryOf(parts: readonly Part[]): string {
  const metrics = parts
    .filter((p) => p.kind === 'metric')
    .map((p) => p.text)
    .join(', ');
  return [metrics, ...parts.filter((p) => p.kind !== 'metric').map((p) => p.text)].filter(Boolean).join(' · ');
}

const withConfig = (report: Report, change: (c: Report['configuration']) => Report['configuration']): Report => ({
  ...report,
  configuration: change(report.configuration),
});
const columnOf = (answer: Pick<AskResponse, 'metrics' | 'columns'>, name: string) =>
  answer.metrics.find((m) => m.column_name === name) ?? answer.columns.find((c) => c.column_name === name);
const dropSort = (c: Report['configuration'], name: string) => ({
  ...c,
  order_by: (c.order_by ?? []).filter((o) => o.column_name !== name),
});

export function removePart(report: Report, id: string): Report {
  const [kind, key] = id.split(/:(.*)/s) as [string, string | undefined];
  return withConfig(report, (c) => {
    switch (kind) {
      case 'metric':
        return dropSort({ ...c, select: c.select.filter((m) => m.column_name !== key) }, key ?? '');
      case 'dates': {
        const { date_range: _dropped, ...rest } = c;
        return rest;
      }
      case 'condition':
        return { ...c, where: (c.where ?? []).filter((_, i) => String(i) !== key) };
      case 'limit': {
        const { limit: _dropped, ...rest } = c;
        return rest;
      }
      case 'sort':
        return dropSort(c, key ?? '');
      default:
        return c;
    }
  });
}

/** Changes a part to `value` (an option's value, or a typed condition value); `comparison:<i>` changes condition i's comparison. */
export function changePart(
  report: Report,
  id: string,
  value: string,
  answer: Pick<AskResponse, 'metrics' | 'columns'>,
): Report {
  const [kind, key] = id.split(/:(.*)/s) as [string, string | undefined];
  const model_id = report.model_id;
  return withConfig(report, (c) => {
    switch (kind) {
      case 'metric': {
        const metric = answer.metrics.find((m) => m.column_name === value);
        if (!metric || c.select.some((m) => m.column_name === value)) return c;
        const next = c.select.map((m) =>
          m.column_name === key
            ? {
                column_name: metric.column_name,
                id: metric.column_name,
                data_type: metric.data_type,
                format: m.format,
                label: metric.label,
                model_id,
              }
            : m,
        );
        return {
          ...c,
          select: next,
          order_by: (c.order_by ?? []).map((o) => (o.column_name === key ? { ...o, column_name: value } : o)),
        };
      }
      case 'group': {
        const column = answer.columns.find((col) => col.column_name === value);
        if (!column) return c;
        const previous = c.group_by[0]?.column_name;
        return {
          ...c,
          group_by: [
            {
              column_name: column.column_name,
              id: column.column_name,
              label: column.label,
              data_type: column.data_type,
              sample_value: column.sample_value ?? null,
              model_id,
            },
          ],
          order_by: (c.order_by ?? []).filter((o) => o.column_name !== previous),
        };
      }
      case 'dates': {
        if (value === DEFAULT_DATES) return removePart({ ...report, configuration: c }, 'dates').configuration;
        const [date_start, date_end] = value.split('..');
        return date_start && date_end ? { ...c, date_range: [{ date_start, date_end, model_id }] } : c;
      }
      case 'comparison':
        // "Country is KR" → "Country is not KR": only to a comparison that fits the condition's column and value
        return {
          ...c,
          where: (c.where ?? []).map((w, i) =>
            String(i) === key && comparisonOptions(w, answer.columns).some((o) => o.value === value)
              ? { ...w, comparison: value as Comparison }
              : w,
          ),
        };
      case 'condition':
        return {
          ...c,
          where: (c.where ?? []).map((w, i) => {
            if (String(i) !== key) return w;
            if (w.comparison === 'is_true' || w.comparison === 'is_false')
              return value === 'is_true' || value === 'is_false' ? { ...w, comparison: value, value } : w;
            const numeric = typeof w.value === 'number' && value.trim() !== '' && Number.isFinite(Number(value));
            return { ...w, value: numeric ? Number(value) : value };
          }),
        };
      case 'limit': {
        const n = Number(value);
        return Number.isInteger(n) && n > 0 ? { ...c, limit: [{ value: n, model_id }] } : c;
      }
      case 'sort':
        return value === 'ASC' || value === 'DESC'
          ? { ...c, order_by: (c.order_by ?? []).map((o) => (o.column_name === key ? { ...o, order: value } : o)) }
          : c;
      default:
        return c;
    }
  });
}

/** Takes a suggestion: a metric is added (once), a group-by column replaces the group-by. */
export function applySuggestion(
  report: Report,
  suggestion: AskSuggestion,
  answer: Pick<AskResponse, 'metrics' | 'columns'>,
): Report {
  if (suggestion.kind === 'group_by') return changePart(report, 'group', suggestion.column_name, answer);
  const metric = columnOf(answer, suggestion.column_name);
  if (!metric || report.configuration.select.some((m) => m.column_name === metric.column_name)) return report;
  return withConfig(report, (c) => ({
    ...c,
    select: [
      ...c.select,
      {
        column_name: metric.column_name,
        id: metric.column_name,
        data_type: metric.data_type,
        format: '',
        label: metric.label,
        model_id: report.model_id,
      },
    ],
  }));
}

/** Why Run cannot go yet, in words, or null. */
export function runBlocker(report: Report): string | null {
  if (report.configuration.select.length === 0) return 'Choose at least one metric to run the report.';
  if (report.configuration.group_by.length === 0) return 'Choose a group-by to run the report.';
  return null;
}

/**
 * The builder draft of a confirmed question: the report with the builder's own auto sort when the question named
 * none (docs/ask.md §Question states), a title naming what it shows ("Retention D1, Retention D7 by Country", at most 75 characters; the
 * question when nothing is chosen), and whether the sort was chosen.
 */
export function builderDraft(
  report: Report,
  question: string,
  sortChosen: boolean,
): { title: string; report: Report; sortTouched: boolean } {
  const c = report.configuration;
  const sorted = sortChosen && (c.order_by ?? []).length > 0;
  const order_by = sorted
    ? c.order_by!
    : autoOrderBy({ metrics: c.select, groupBy: c.group_by[0] ?? null }).map((o) => ({
        ...o,
        model_id: report.model_id,
      }));
  const group = c.group_by[0];
  const named = `${c.select.map((m) => m.label ?? m.column_name).join(', ')}${group ? ` by ${group.label ?? group.column_name}` : ''}`;
  return {
    title: normalizeTitle(named.trim() ? named : question),
    report: {
      ...report,
      configuration: { ...c, order_by, limit: c.limit ?? [{ value: REPORT_LIMIT_DEFAULT, model_id: report.model_id }] },
    },
    sortTouched: sorted,
  };
}

/** The dates the builder will use when the question named none (for the part's tooltip). */
export const defaultDatesOf = (answer: Pick<AskResponse, 'available'>) =>
  answer.available ? defaultDateRange(answer.available) : null;
