/**
 * The page's rules of "Ask Analyze in plain words" (src/machines/ask-analyze/ask-analyze.logic.ts): an understood
 * report reads as its parts, parts change and go, and the confirmed report becomes the builder's draft with the
 * builder's own auto sort when the question named none.
 */
import { describe, expect, test } from 'vitest';
import { understand } from '../../server/areas/ask/parse';
import { DEMO_MODELS, TODAY } from '../../scripts/ask-questions';
import {
  applySuggestion,
  builderDraft,
  changePart,
  comparisonOptions,
  datesText,
  partsOf,
  removePart,
  summaryOf,
} from '../../src/machines/ask-analyze/ask-analyze.logic';
import type { AskResponse } from '../../src/contracts/ask';

const answerFor = (question: string) => {
  const u = understand(question, DEMO_MODELS, TODAY);
  const catalogue: Pick<AskResponse, 'metrics' | 'columns' | 'today'> = {
    metrics: u.model.config.select.map((m) => ({
      column_name: m.column_name,
      label: m.label ?? m.column_name,
      data_type: m.data_type,
    })),
    columns: u.model.config.group_by_where.map((c) => ({
      column_name: c.column_name,
      label: c.label ?? c.column_name,
      data_type: c.data_type,
      sample_value: c.sample_value,
    })),
    today: TODAY,
  };
  return { report: u.report, sortChosen: u.sortChosen, catalogue };
};

describe('parts', () => {
  test("the issue's example reads 'Retention D1, Retention D7 · by Country · last 30 days · Platform is iOS'", () => {
    const { report, catalogue } = answerFor('retention d1 and d7 by country for the last 30 days, only iOS');
    expect(summaryOf(partsOf(report, catalogue))).toBe(
      'Retention D1, Retention D7 · by Country · last 30 days · Platform is iOS',
    );
  });
  test('limit, sort and the default dates read in words', () => {
    const { report, catalogue } = answerFor('top 5 countries by iap revenue');
    expect(summaryOf(partsOf(report, catalogue))).toBe(
      'IAP Revenue · by Country · last 7 days of data · 5 rows · IAP Revenue highest first',
    );
  });
  test('dates: presets by name, open ranges from a day, fixed ranges by their days', () => {
    expect(datesText({ date_start: '2026-06-01', date_end: '2026-06-30' }, TODAY)).toBe('this month');
    expect(datesText({ date_start: '2026-03-01', date_end: TODAY }, TODAY)).toBe('since 2026-03-01');
    expect(datesText({ date_start: '2026-04-01', date_end: '2026-04-15' }, TODAY)).toBe('2026-04-01 to 2026-04-15');
  });
  test('removing and changing parts', () => {
    const { report, catalogue } = answerFor('retention d1 and d7 by country for the last 30 days, only iOS');
    let next = removePart(report, 'metric:retention_d7');
    next = removePart(next, 'condition:0');
    next = changePart(next, 'group', 'platform', catalogue);
    next = changePart(next, 'dates', 'default', catalogue);
    next = changePart(next, 'metric:retention_d1', 'retention_w1', catalogue);
    expect(summaryOf(partsOf(next, catalogue))).toBe('Retention W1 · by Platform · last 7 days of data');
    expect(next.configuration.group_by[0]).toMatchObject({ column_name: 'platform', data_type: 'STRING' });
  });
  test('a typed condition value and a suggestion', () => {
    const { report, catalogue } = answerFor('dau by day only iOS');
    const changed = changePart(report, 'condition:0', 'ANDROID', catalogue);
    expect(changed.configuration.where?.[0]?.value).toBe('ANDROID');
    const added = applySuggestion(changed, { column_name: 'payers', label: 'Payers', kind: 'metric' }, catalogue);
    expect(added.configuration.select.map((m) => m.column_name)).toEqual(['dau', 'payers']);
    expect(applySuggestion(added, { column_name: 'payers', label: 'Payers', kind: 'metric' }, catalogue)).toBe(added);
  });
});

describe("a condition's comparison", () => {
  test('is ↔ is not: the chip offers the comparisons of its column and value, and changes only to one of them', () => {
    const { report, catalogue } = answerFor('dau by day only iOS');
    const part = partsOf(report, catalogue).find((p) => p.id === 'condition:0')!;
    expect(part.comparison).toEqual({
      subject: 'Platform',
      current: 'equals',
      options: [
        { value: 'equals', label: 'is' },
        { value: 'not_equals', label: 'is not' },
        { value: 'contains', label: 'contains' },
      ],
    });
    const negated = changePart(report, 'comparison:0', 'not_equals', catalogue);
    expect(negated.configuration.where?.[0]).toMatchObject({
      column_name: 'platform',
      comparison: 'not_equals',
      value: 'IOS',
    });
    expect(summaryOf(partsOf(negated, catalogue))).toBe('DAU · by Date · last 7 days of data · Platform is not iOS');
    expect(changePart(negated, 'comparison:0', 'equals', catalogue).configuration.where?.[0]?.comparison).toBe(
      'equals',
    );
    // a comparison the column's type does not allow changes nothing
    expect(changePart(report, 'comparison:0', 'greater_than', catalogue).configuration.where).toEqual(
      report.configuration.where,
    );
    expect(changePart(report, 'comparison:0', 'is_true', catalogue).configuration.where).toEqual(
      report.configuration.where,
    );
  });
  test('a list stays a list (is one of ↔ is not one of); a number offers above and below; true/false has no comparison chip', () => {
    const list = answerFor('dau in US, GB and DE by country');
    expect(
      partsOf(list.report, list.catalogue)
        .find((p) => p.id === 'condition:0')!
        .comparison?.options.map((o) => o.label),
    ).toEqual(['is one of', 'is not one of']);
    const out = changePart(list.report, 'comparison:0', 'is_not_one_of', list.catalogue);
    expect(summaryOf(partsOf(out, list.catalogue))).toBe(
      'DAU · by Country · last 7 days of data · Country is not one of US, GB, DE',
    );

    const number = answerFor('dau where days since install is at least 30');
    const where = number.report.configuration.where![0]!;
    expect(comparisonOptions(where, number.catalogue.columns).map((o) => o.label)).toEqual([
      'is',
      'is not',
      'is above',
      'is below',
      'is at least',
      'is at most',
    ]);
    expect(
      changePart(number.report, 'comparison:0', 'less_than', number.catalogue).configuration.where?.[0],
    ).toMatchObject({ comparison: 'less_than', value: 30 });

    const bool = answerFor('sessions by country for new users only');
    expect(partsOf(bool.report, bool.catalogue).find((p) => p.id === 'condition:0')!.comparison).toBeNull();
  });
});

describe('the builder draft', () => {
  test('no sort named: the builder auto sort (docs/ask.md §Question states: a date group-by DESC), sort not touched; a title naming the report', () => {
    const { report, sortChosen } = answerFor('dau by day last 7 days');
    const draft = builderDraft(report, 'dau by day last 7 days', sortChosen);
    expect(draft.title).toBe('DAU by Date');
    expect(draft.sortTouched).toBe(false);
    expect(draft.report.configuration.order_by).toEqual([
      { column_name: 'date', order: 'DESC', model_id: 'daily_metrics' },
    ]);
    expect(draft.report.configuration.limit).toEqual([{ value: 1000, model_id: 'daily_metrics' }]);
  });
  test('a named sort is kept and marked as chosen; a long title is cut to 75 characters', () => {
    const question =
      'worst 3 countries by ad revenue, iap revenue, dau, payers, conversion, sessions, level starts, ecpm last 7 days';
    const { report, sortChosen } = answerFor(question);
    const draft = builderDraft(report, question, sortChosen);
    expect(draft.sortTouched).toBe(true);
    expect(draft.report.configuration.order_by).toEqual([
      { column_name: 'ad_revenue', order: 'ASC', model_id: 'daily_metrics' },
    ]);
    expect(draft.title.length).toBeLessThanOrEqual(75);
  });
});
