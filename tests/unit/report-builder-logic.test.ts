/**
 * Pure rules of the report builder (src/machines/report-builder/report-builder.logic.ts): docs/analyze.md §Report states default date range,
 * Sort By and condition rules, §Rules and limits limit / condition validation with the exact SPEC messages, one-of tokens and the
 * date / timestamp formats, §Screens and routes title rules.
 */
import { describe, expect, it } from 'vitest';
import { Report, type GroupByWhereColumn } from '../../src/contracts/analyze';
import {
  questionTitle,
  titleToSave,
  addSort,
  addTokens,
  autoOrderBy,
  blankConfig,
  breakdownOptions,
  changeComparison,
  clampTop,
  changeConditionChecked,
  changeConditionValue,
  clampDateRange,
  configFingerprint,
  configFromReport,
  defaultDateRange,
  fitToModel,
  formatDateValue,
  formatTimestampValue,
  groupMetrics,
  moveItem,
  newConditionRow,
  nextConditionKey,
  normalizeTitle,
  parseDraft,
  previewRelativeDates,
  reconcileOrderBy,
  removeToken,
  runBlocker,
  serializeDraft,
  sortOptions,
  splitTokenInput,
  toDateTimeLocal,
  toReport,
  toggleSort,
  tokensOf,
  validateConfig,
  type BuilderConfig,
  type ConditionRow,
} from '../../src/machines/report-builder/report-builder.logic';
import { dailyMetricsConfig, eventsConfig, savedTemplate } from '../fixtures/analyze';

const LIMIT_MESSAGE = 'Value must be between 1 and 10,000';
const VALUE_REQUIRED = 'A valid value is required.';

const dim = (name: string) => dailyMetricsConfig.group_by_where.find((d) => d.column_name === name)!;
const col = (
  column_name: string,
  data_type: GroupByWhereColumn['data_type'],
  sample_value: GroupByWhereColumn['sample_value'] = null,
): GroupByWhereColumn => ({ column_name, data_type, sample_value });
const row = (column: GroupByWhereColumn, patch: Partial<ConditionRow> = {}): ConditionRow => ({
  ...newConditionRow(column, 'c1'),
  ...patch,
});
const base = (): BuilderConfig => blankConfig('daily_metrics', dailyMetricsConfig);

describe('limit (docs/analyze.md §Rules and limits)', () => {
  it.each(['1', '1000', '10000', ' 250 '])('accepts %s', (limit) => {
    expect(validateConfig({ limit, conditions: [] }).limit).toBeNull();
  });
  it.each(['0', '10001', '-5', '', 'abc', '12.5', '1e5'])('refuses %j with the SPEC message', (limit) => {
    expect(validateConfig({ limit, conditions: [] }).limit).toBe(LIMIT_MESSAGE);
  });
  it('defaults to 1000 (or the model config limit)', () => {
    expect(blankConfig('daily_metrics', null).limit).toBe('1000');
    expect(base().limit).toBe('1000');
  });
});

describe('conditions (docs/analyze.md §Report states, §Rules and limits)', () => {
  it('a new condition starts checked; BOOL defaults to is_true (value = its name), others to equals', () => {
    const bool = newConditionRow(dim('is_new_user'), 'c1');
    expect(bool).toMatchObject({ checked: true, comparison: 'is_true', value: 'is_true', error: null });
    const str = newConditionRow(dim('country'), 'c2');
    expect(str).toMatchObject({ checked: true, comparison: 'equals', value: '' });
  });

  it.each(['INTEGER', 'FLOAT', 'DOUBLE', 'DATE', 'TIMESTAMP', 'INT64'] as const)(
    'an empty checked %s value gives the SPEC message',
    (type) => {
      const r = row(col('x', type));
      expect(validateConfig({ limit: '10', conditions: [r] }).conditions).toEqual({ c1: VALUE_REQUIRED });
    },
  );

  it('FLOAT64, STRING and BOOL are not in the value check; unchecked rows never block', () => {
    for (const type of ['FLOAT64', 'STRING', 'BOOL'] as const) {
      expect(validateConfig({ limit: '10', conditions: [row(col('x', type))] }).conditions).toEqual({});
    }
    expect(
      validateConfig({ limit: '10', conditions: [row(col('x', 'INT64'), { checked: false })] }).conditions,
    ).toEqual({});
  });

  it('values must fit the type: integers, dates YYYY-MM-DD, timestamps', () => {
    const check = (type: GroupByWhereColumn['data_type'], value: string) =>
      validateConfig({ limit: '1', conditions: [row(col('x', type), { value })] }).conditions.c1 ?? null;
    expect(check('INT64', '3')).toBeNull();
    expect(check('INT64', '3.5')).toBe(VALUE_REQUIRED);
    expect(check('FLOAT', '3.5')).toBeNull();
    expect(check('DATE', '2025-02-30')).toBe(VALUE_REQUIRED);
    expect(check('DATE', '2025-02-28')).toBeNull();
    expect(check('TIMESTAMP', '2025-02-28 10:11:12Z')).toBeNull();
  });

  it('between needs both values', () => {
    const r = changeComparison(row(col('d', 'DATE')), 'between');
    expect(r.value).toEqual(['', '']);
    expect(validateConfig({ limit: '1', conditions: [r] }).conditions.c1).toBe(VALUE_REQUIRED);
    const ok = { ...r, value: ['2025-05-01', '2025-05-31'] };
    expect(validateConfig({ limit: '1', conditions: [ok] }).conditions).toEqual({});
  });

  it('value-less comparisons set the value to the comparison name and never need a value', () => {
    const r = changeComparison(row(col('d', 'DATE')), 'last_30_days');
    expect(r.value).toBe('last_30_days');
    expect(validateConfig({ limit: '1', conditions: [r] }).conditions).toEqual({});
    expect(changeComparison(r, 'equals').value).toBe('');
  });

  it("changing the comparison clears that row's error (and only that row's)", () => {
    const a = { ...row(col('a', 'INT64')), key: 'a', error: VALUE_REQUIRED };
    const b = { ...row(col('b', 'INT64')), key: 'b', error: VALUE_REQUIRED };
    const changed = changeComparison(a, 'greater_than');
    expect(changed.error).toBeNull();
    expect(b.error).toBe(VALUE_REQUIRED);
  });

  it('typing re-checks the row; unchecking clears its error', () => {
    const r = row(col('a', 'INT64'));
    expect(changeConditionValue(r, '').error).toBe(VALUE_REQUIRED);
    expect(changeConditionValue(r, '7').error).toBeNull();
    expect(changeConditionChecked({ ...r, error: VALUE_REQUIRED }, false).error).toBeNull();
  });

  it('is-one-of values are sent comma-joined, numbers as numbers', () => {
    const config = {
      ...base(),
      groupBy: dim('date'),
      conditions: [
        changeComparison(row(dim('country')), 'is_one_of'),
        { ...row(dim('days_since_install')), key: 'c2', value: '3' },
      ],
    };
    config.conditions[0] = { ...config.conditions[0]!, value: addTokens('', 'US DE, US') };
    const where = toReport(config).configuration.where!;
    expect(where[0]).toMatchObject({ label: 'country', comparison: 'is_one_of', value: 'US,DE', checked: true });
    expect(where[1]).toMatchObject({ label: 'days_since_install', value: 3 });
  });
});

describe('one-of tokens (docs/analyze.md §Rules and limits)', () => {
  it('trims, drops empties, de-duplicates and joins with commas', () => {
    expect(addTokens('', '  US ,, DE  US ')).toBe('US,DE');
    expect(addTokens('US,DE', 'FR DE')).toBe('US,DE,FR');
    expect(tokensOf('US,DE')).toEqual(['US', 'DE']);
    expect(removeToken('US,DE,FR', 'DE')).toBe('US,FR');
  });
  it('typing commits every token followed by a space or a comma and keeps the rest', () => {
    expect(splitTokenInput('US')).toEqual({ commit: [], rest: 'US' });
    expect(splitTokenInput('US ')).toEqual({ commit: ['US'], rest: '' });
    expect(splitTokenInput('US,DE,F')).toEqual({ commit: ['US', 'DE'], rest: 'F' });
    expect(splitTokenInput('  ')).toEqual({ commit: [], rest: '' });
  });
});

describe('dates (docs/analyze.md §Report states default range, §Rules and limits formats)', () => {
  it('the default range is the last 7 days of the available range', () => {
    expect(defaultDateRange({ start_date: '2025-03-01', end_date: '2025-05-31' })).toEqual({
      date_start: '2025-05-25',
      date_end: '2025-05-31',
    });
  });
  it('exactly 7 days: all of it; shorter: the full range', () => {
    expect(defaultDateRange({ start_date: '2025-05-25', end_date: '2025-05-31' })).toEqual({
      date_start: '2025-05-25',
      date_end: '2025-05-31',
    });
    expect(defaultDateRange({ start_date: '2025-05-28', end_date: '2025-05-31' })).toEqual({
      date_start: '2025-05-28',
      date_end: '2025-05-31',
    });
    expect(defaultDateRange(undefined)).toBeNull();
  });
  it('chosen dates stay inside the model range, start ≤ end (the moved bound wins)', () => {
    const available = { start_date: '2025-03-01', end_date: '2025-05-31' };
    expect(clampDateRange({ date_start: '2025-01-01', date_end: '2025-07-01' }, available)).toEqual({
      date_start: '2025-03-01',
      date_end: '2025-05-31',
    });
    expect(clampDateRange({ date_start: '2025-05-20', date_end: '2025-05-10' }, available, 'start')).toEqual({
      date_start: '2025-05-20',
      date_end: '2025-05-20',
    });
    expect(clampDateRange({ date_start: '2025-05-20', date_end: '2025-05-10' }, available, 'end')).toEqual({
      date_start: '2025-05-10',
      date_end: '2025-05-10',
    });
  });
  it('dates format YYYY-MM-DD; timestamps YYYY-MM-DD HH:mm:ss plus trailing Z', () => {
    expect(formatDateValue('2025-05-07')).toBe('2025-05-07');
    expect(formatDateValue(new Date(Date.UTC(2025, 4, 7, 23, 59)))).toBe('2025-05-07');
    expect(formatDateValue('2025-13-01')).toBe('');
    expect(formatTimestampValue('2025-05-07T09:05')).toBe('2025-05-07 09:05:00Z');
    expect(formatTimestampValue('2025-05-07T09:05:30')).toBe('2025-05-07 09:05:30Z');
    expect(formatTimestampValue(new Date(Date.UTC(2025, 4, 7, 9, 5, 30)))).toBe('2025-05-07 09:05:30Z');
    expect(formatTimestampValue('2025-05-07 25:00')).toBe('');
    expect(toDateTimeLocal('2025-05-07 09:05:30Z')).toBe('2025-05-07T09:05:30');
  });
  it('relative comparisons preview the dates they cover (UTC, weeks from Monday)', () => {
    const wednesday = new Date(Date.UTC(2025, 5, 4, 12));
    expect(previewRelativeDates('this_week', wednesday)).toEqual({ date_start: '2025-06-02', date_end: '2025-06-08' });
    expect(previewRelativeDates('last_30_days', wednesday)).toEqual({
      date_start: '2025-05-06',
      date_end: '2025-06-04',
    });
    expect(previewRelativeDates('equals', wednesday)).toBeNull();
  });
});

describe('Sort By (docs/analyze.md §Report states)', () => {
  const metrics = base().metrics;
  it('options are the group-by and the chosen metrics', () => {
    expect(sortOptions({ metrics, groupBy: dim('country') })).toEqual([
      'country',
      'new_users',
      'new_users_per',
      'retention_d1',
    ]);
  });
  it('a new report with a date group-by sorts the date DESC, otherwise the first metric DESC', () => {
    expect(autoOrderBy({ metrics, groupBy: dim('date') })).toEqual([{ column_name: 'date', order: 'DESC' }]);
    expect(autoOrderBy({ metrics, groupBy: dim('country') })).toEqual([{ column_name: 'new_users', order: 'DESC' }]);
    expect(autoOrderBy({ metrics: [], groupBy: null })).toEqual([]);
  });
  it('entries no longer among the options are dropped; a saved report has no auto sort', () => {
    const orderBy = [
      { column_name: 'date', order: 'ASC' as const },
      { column_name: 'dau', order: 'DESC' as const },
    ];
    expect(reconcileOrderBy({ metrics, groupBy: dim('date'), orderBy }, { isNew: false, sortTouched: false })).toEqual([
      { column_name: 'date', order: 'ASC' },
    ]);
    expect(reconcileOrderBy({ metrics, groupBy: dim('country'), orderBy }, { isNew: true, sortTouched: true })).toEqual(
      [],
    );
    expect(
      reconcileOrderBy({ metrics, groupBy: dim('country'), orderBy }, { isNew: true, sortTouched: false }),
    ).toEqual([{ column_name: 'new_users', order: 'DESC' }]);
  });
  it('new entries are DESC; toggling flips ASC/DESC; moving reorders', () => {
    const added = addSort([], 'dau');
    expect(added).toEqual([{ column_name: 'dau', order: 'DESC' }]);
    expect(addSort(added, 'dau')).toEqual(added);
    expect(toggleSort(added, 'dau')).toEqual([{ column_name: 'dau', order: 'ASC' }]);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});

describe('Run Report and configuration', () => {
  it('needs a metric and a group-by, and no validation error', () => {
    expect(runBlocker(base())).toBe('Choose a group-by to run the report.');
    expect(runBlocker({ ...base(), metrics: [], groupBy: null })).toMatch(/metric and a group-by/);
    expect(runBlocker({ ...base(), groupBy: dim('date') })).toBeNull();
    expect(runBlocker({ ...base(), groupBy: dim('date'), limit: '0' })).not.toBeNull();
  });
  it('a blank report has the SPEC default metrics present in the model', () => {
    expect(base().metrics.map((m) => m.column_name)).toEqual(['new_users', 'new_users_per', 'retention_d1']);
    expect(blankConfig('events', eventsConfig).metrics).toEqual([]);
  });
  it('the model change resets columns: a config is fitted to the model', () => {
    const config = { ...base(), groupBy: dim('date'), orderBy: [{ column_name: 'date', order: 'DESC' as const }] };
    const fitted = fitToModel(config, eventsConfig);
    expect(fitted.metrics).toEqual([]);
    expect(fitted.groupBy).toBeNull();
    expect(fitted.orderBy).toEqual([]);
    expect(fitted.dateRange).toEqual({ date_start: '2025-05-28', date_end: '2025-05-31' });
  });
  it('a saved report reads back with labels from the model and keyed conditions', () => {
    const config = configFromReport(savedTemplate.template.report, dailyMetricsConfig);
    expect(config.metrics.map((m) => m.label)).toEqual(['New Users', 'Retention D1']);
    expect(config.groupBy?.label).toBe('Date');
    expect(config.limit).toBe('500');
    expect(config.conditions).toEqual([
      expect.objectContaining({ key: 'c1', column_name: 'country', value: 'US,DE', comparison: 'is_one_of' }),
    ]);
    expect(nextConditionKey(config.conditions)).toBe(2);
  });
  it('the fingerprint ignores errors but not the title or the configuration', () => {
    const config = { ...base(), groupBy: dim('date') };
    expect(configFingerprint(config, 'A')).toBe(configFingerprint({ ...config, conditions: [] }, 'A'));
    expect(configFingerprint(config, 'A')).not.toBe(configFingerprint(config, 'B'));
    expect(configFingerprint(config, 'A')).not.toBe(configFingerprint({ ...config, limit: '10' }, 'A'));
  });
  it('the session draft round-trips and refuses garbage', () => {
    const config = { ...base(), groupBy: dim('country'), limit: '250' };
    const draft = parseDraft(serializeDraft(config, 'Draft', true), Report);
    expect(draft?.title).toBe('Draft');
    expect(draft?.sortTouched).toBe(true);
    expect(configFromReport(draft!.report, dailyMetricsConfig).limit).toBe('250');
    expect(parseDraft('{not json', Report)).toBeNull();
    expect(
      parseDraft(JSON.stringify({ version: 1, title: 'x', sortTouched: false, report: { model_id: 3 } }), Report),
    ).toBeNull();
  });
});

describe('title (docs/analyze.md §Screens and routes: max 75, default New Report) and metric groups (docs/analyze.md §Entities)', () => {
  it('trims, cuts at 75, falls back to New Report', () => {
    expect(normalizeTitle('  Retention  ')).toBe('Retention');
    expect(normalizeTitle('   ')).toBe('New Report');
    expect(normalizeTitle('x'.repeat(90))).toHaveLength(75);
  });
  it('groups metrics in the curated order, unknown ones under Other', () => {
    const groups = groupMetrics([...dailyMetricsConfig.select, ...eventsConfig.select]);
    expect(groups.map((g) => g.name)).toEqual(['General', 'Play Time', 'Retention', 'Other']);
    expect(groups[0]!.metrics.map((m) => m.column_name)).toEqual(['new_users', 'new_users_per', 'dau']);
  });
});

describe("an unnamed report's title comes from its question", () => {
  const model = {
    select: [
      {
        column_name: 'retention_d1',
        id: 'retention_d1',
        data_type: 'FLOAT64',
        format: 'percent',
        label: 'Retention D1',
      },
      { column_name: 'new_users', id: 'new_users', data_type: 'INT64', format: 'integer', label: 'New Users' },
      { column_name: 'dau', id: 'dau', data_type: 'INT64', format: 'integer', label: 'DAU' },
      { column_name: 'sessions', id: 'sessions', data_type: 'INT64', format: 'integer', label: 'Sessions' },
    ],
    group_by_where: [{ column_name: 'country', data_type: 'STRING', sample_value: 'US', label: 'Country' }],
  } as unknown as Parameters<typeof questionTitle>[1];
  const metric = (column_name: string) => ({
    column_name,
    id: column_name,
    data_type: 'INT64' as const,
    format: 'integer',
  });
  const country = { column_name: 'country', data_type: 'STRING' as const, sample_value: 'US' };

  it('names the metric and the group-by from the catalogue', () => {
    expect(questionTitle({ metrics: [metric('retention_d1')], groupBy: country }, model)).toBe(
      'Retention D1 by Country',
    );
    expect(questionTitle({ metrics: [metric('new_users'), metric('dau')], groupBy: null }, model)).toBe(
      'New Users and DAU',
    );
    expect(
      questionTitle({ metrics: ['new_users', 'dau', 'retention_d1', 'sessions'].map(metric), groupBy: country }, model),
    ).toBe('New Users, DAU and 2 more by Country');
  });

  it("keeps 'New Report' without metrics, and never goes past 75 characters", () => {
    expect(questionTitle({ metrics: [], groupBy: country }, model)).toBe('New Report');
    const long = { ...metric('x'), label: 'A very long metric label that goes on and on and on and on' };
    expect(questionTitle({ metrics: [long, long], groupBy: country }, null).length).toBeLessThanOrEqual(75);
  });

  it('only a new report that nobody named gets it', () => {
    const config = { metrics: [metric('retention_d1')], groupBy: country };
    expect(titleToSave(null, 'New Report', config, model)).toBe('Retention D1 by Country');
    expect(titleToSave(null, 'Churn check', config, model)).toBe('Churn check');
    expect(titleToSave('rep-1', 'New Report', config, model)).toBe('New Report');
  });
});

describe('breakdown, compare and chart type (docs/analyze.md §Breakdown, compare and chart types)', () => {
  const base = { ...blankConfig('daily_metrics', dailyMetricsConfig), groupBy: dailyMetricsConfig.group_by_where[0]! };

  it('a report sends only what differs from the defaults, so an old saved report compares equal', () => {
    const sent = toReport(base).configuration;
    expect(sent).not.toHaveProperty('breakdown');
    expect(sent).not.toHaveProperty('compare');
    expect(sent).not.toHaveProperty('chart_type');
    expect(sent).not.toHaveProperty('grid_layout');
    const full: BuilderConfig = {
      ...base,
      breakdown: { column_name: 'country', top: 4 },
      compare: 'previous_period',
      chartType: 'area',
      gridLayout: 'pivot',
    };
    const report = toReport(full);
    expect(Report.is(report)).toBe(true);
    expect(report.configuration).toMatchObject({
      breakdown: { column_name: 'country', top: 4 },
      compare: 'previous_period',
      chart_type: 'area',
      grid_layout: 'pivot',
    });
    expect(configFromReport(report, dailyMetricsConfig)).toMatchObject({
      breakdown: { column_name: 'country', top: 4 },
      compare: 'previous_period',
      chartType: 'area',
      gridLayout: 'pivot',
    });
    expect(configFingerprint(configFromReport(toReport(base), dailyMetricsConfig), 'x')).toBe(
      configFingerprint(base, 'x'),
    );
  });

  it('breakdown options are the text columns other than the group-by; Top stays within 2 to 10', () => {
    expect(breakdownOptions(dailyMetricsConfig.group_by_where, null).map((d) => d.column_name)).toEqual(['country']);
    expect(breakdownOptions(dailyMetricsConfig.group_by_where, { column_name: 'country' })).toEqual([]);
    expect([clampTop(1), clampTop(7), clampTop(11), clampTop(3.6), clampTop(Number.NaN)]).toEqual([2, 7, 10, 4, 5]);
  });

  it('a breakdown the model has no text column for is dropped when fitting to it', () => {
    // The events fixture has no country column: the breakdown goes; event_name stays.
    expect(fitToModel({ ...base, breakdown: { column_name: 'country', top: 5 } }, eventsConfig).breakdown).toBeNull();
    expect(
      fitToModel({ ...base, groupBy: null, breakdown: { column_name: 'event_name', top: 5 } }, eventsConfig).breakdown,
    ).toEqual({ column_name: 'event_name', top: 5 });
    expect(
      fitToModel({ ...base, breakdown: { column_name: 'planet', top: 5 } }, dailyMetricsConfig).breakdown,
    ).toBeNull();
  });
});
