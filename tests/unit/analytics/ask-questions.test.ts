/**
 * The offline reader of "Ask Analyze in plain words" (server/areas/ask/parse.ts): every question of the table
 * (scripts/ask-questions.ts, written the way publishers ask, typos and synonyms included) must become exactly its
 * report; what cannot be placed is said with catalogue suggestions; dates resolve in UTC like the compiler's ranges.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { understand, editDistance } from '../../../server/areas/ask/parse';
import { findDates } from '../../../server/areas/ask/dates';
import { resolveRelativeDateRange } from '../../../src/contracts/analyze';
import { DEMO_MODELS, QUESTIONS, TODAY, expectedForm, shortForm } from '../../../scripts/ask-questions';

describe('the question table', () => {
  test('holds at least 60 questions', () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(60);
  });
  test.each(QUESTIONS)('%s', (question, expected) => {
    expect(shortForm(understand(question, DEMO_MODELS, TODAY))).toEqual(expectedForm(expected));
  });
});

describe('what it cannot place', () => {
  test("'whales' is not a metric, with suggestions from the catalogue, and no metric means no success", () => {
    const u = understand('whales by country', DEMO_MODELS, TODAY);
    expect(u.success).toBe(false);
    expect(u.unplaced).toEqual([
      {
        text: 'whales',
        message: "'whales' is not a metric I know.",
        suggestions: [
          { column_name: 'payers', label: 'Payers', kind: 'metric' },
          { column_name: 'iap_revenue', label: 'IAP Revenue', kind: 'metric' },
          { column_name: 'conversion_rate', label: 'Conversion Rate', kind: 'metric' },
        ],
      },
    ]);
  });
  test('a column only another model has is named with its model', () => {
    const u = understand('top 10 levels by completion rate', DEMO_MODELS, TODAY);
    expect(u.unplaced.map((x) => x.message)).toEqual([
      "'levels' is in the Events model, which has no Completion Rate: it was left out.",
    ]);
  });
  test('a ratio that is no metric shows both parts and says so', () => {
    const u = understand('ad revenue per DAU by week', DEMO_MODELS, TODAY);
    expect(u.unplaced.map((x) => x.message)).toEqual([
      "There is no 'Ad Revenue per DAU' metric: Ad Revenue and DAU are shown side by side.",
    ]);
  });
  test('a second group-by is left out in words', () => {
    const u = understand('dau by country and by platform', DEMO_MODELS, TODAY);
    expect(u.report.configuration.group_by.map((g) => g.column_name)).toEqual(['country']);
    expect(u.unplaced.map((x) => x.message)).toEqual([
      "A report groups by one column: 'platform' was left out (grouped by Country).",
    ]);
  });
  test('only catalogue columns come out, with the catalogue types and labels', () => {
    const u = understand('retention d1 by country only iOS', DEMO_MODELS, TODAY);
    const daily = DEMO_MODELS[0]!.config;
    for (const m of u.report.configuration.select)
      expect(daily.select.map((s) => s.column_name)).toContain(m.column_name);
    expect(u.report.configuration.select[0]).toMatchObject({
      label: 'Retention D1',
      data_type: 'FLOAT64',
      model_id: 'daily_metrics',
    });
    expect(u.report.configuration.where?.[0]).toMatchObject({
      column_name: 'platform',
      data_type: 'STRING',
      checked: true,
      value: 'IOS',
    });
  });
  test('a country code counts only in capitals ("show us" is no country)', () => {
    expect(shortForm(understand('show us dau by country', DEMO_MODELS, TODAY)).where).toEqual([]);
    expect(shortForm(understand('dau in US by day', DEMO_MODELS, TODAY)).where).toEqual([['country', 'equals', 'US']]);
  });
});

describe('dates (UTC, like the compiler)', () => {
  test('fixed windows match resolveRelativeDateRange', () => {
    for (const [words, comparison] of [
      ['last 30 days', 'last_30_days'],
      ['this week', 'this_week'],
      ['last month', 'last_month'],
      ['last 90 days', 'last_90_days'],
    ] as const) {
      const found = findDates(`dau ${words}`, TODAY);
      expect({ date_start: found?.date_start, date_end: found?.date_end }).toEqual(
        resolveRelativeDateRange(comparison, TODAY),
      );
    }
  });
  test('since a month runs to today; a month alone is the whole month; before a day starts at the first day of data', () => {
    expect(findDates('since March', TODAY)).toMatchObject({ date_start: '2026-03-01', date_end: TODAY });
    expect(findDates('in february', TODAY)).toMatchObject({ date_start: '2026-02-01', date_end: '2026-02-28' });
    expect(findDates('before april 10', TODAY, '2026-03-18')).toMatchObject({
      date_start: '2026-03-18',
      date_end: '2026-04-10',
    });
  });
  test('version numbers and counts are no dates', () => {
    expect(findDates('dau for version 1.2.0', TODAY)).toBeNull();
    expect(findDates('top 10 countries', TODAY)).toBeNull();
  });
  test('the date words are taken out of the question', () => {
    expect(findDates('dau since March by country', TODAY)?.rest.trim().replace(/\s+/g, ' ')).toBe('dau by country');
  });
});

test('edit distance counts a swap of neighbours as one', () => {
  expect(editDistance('andriod', 'android')).toBe(1);
  expect(editDistance('retension', 'retention')).toBe(1);
  expect(editDistance('dau', 'ecpm')).toBe(4);
});

test('a month without a year is its latest one up to today (UTC)', () => {
  expect(findDates('since March', '2026-11-25')).toMatchObject({ date_start: '2026-03-01', date_end: '2026-11-25' });
  expect(findDates('in December', '2026-11-25')).toMatchObject({ date_start: '2025-12-01', date_end: '2025-12-31' });
  expect(findDates('from march 3 to april 10', '2026-11-25')).toMatchObject({
    date_start: '2026-03-03',
    date_end: '2026-04-10',
  });
  expect(findDates('since 2025-12-01', '2026-11-25')).toMatchObject({
    date_start: '2025-12-01',
    date_end: '2026-11-25',
  });
});

describe('words that are object keys in JavaScript', () => {
  test.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    "'%s' is read as a word: not understood, and said so",
    (word) => {
      for (const question of [
        word,
        `${word} by country`,
        `dau by country excluding ${word}`,
        `dau for the last ${word} days`,
      ]) {
        const u = understand(question, DEMO_MODELS, TODAY);
        expect(u.unplaced.some((x) => x.text.split(' ').includes(word))).toBe(true);
      }
      const alone = understand(word, DEMO_MODELS, TODAY);
      expect(alone.success).toBe(false);
      expect(alone.unplaced).toEqual([
        expect.objectContaining({ text: word, message: `'${word}' is not a metric I know.` }),
      ]);
      expect(shortForm(understand(`dau by country excluding ${word}`, DEMO_MODELS, TODAY))).toMatchObject({
        metrics: ['dau'],
        group: 'country',
        where: [],
      });
    },
  );
});

test('the held-out questions are read only by the benchmark, never by a test or the reader', () => {
  const root = join(__dirname, '../../..');
  const files = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
    );
  const readers = [...files('tests'), ...files('server/areas/ask'), 'scripts/ask-questions.ts'].filter(
    (f) =>
      /held-out/.test(readFileSync(join(root, f), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')) &&
      !f.endsWith('held-out.ts'),
  );
  expect(readers).toEqual(['tests/unit/analytics/ask-questions.test.ts']);
  expect(readFileSync(join(root, 'scripts/bench-ask.ts'), 'utf8')).toContain("from '../tests/fixtures/ask/held-out'");
});
