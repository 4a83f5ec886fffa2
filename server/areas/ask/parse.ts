/**
 * The offline reader of "Ask Analyze in plain words": a publisher's question → a docs/ask.md §Entities report of the existing
 * builder (model, metrics, one group-by, date range, limit, sort, conditions), using only the app's live catalogue
 * (each model's configuration: metric and column labels and ids) plus the words of ./vocabulary.ts, which only count
 * for columns a model has. No network, no model, deterministic for a given `today`.
 *
 * Why on the server (not shared in src/): the same catalogue the compiler trusts is at hand, chrono-node stays out of
 * the browser's chunks, and the optional language model (./model.ts) needs the key the browser must never see; the
 * page gets both answers through one endpoint.
 *
 * How it reads, per data model (the model that places the most wins; Daily Metrics on a tie): a small grammar over
 * the catalogue rather than a list of sentences —
 *  1. dates (./dates.ts) are taken out first;
 *  2. words are split, lower-cased, stemmed (plural s) and typos corrected against the vocabulary (Damerau distance
 *     1, or 2 for long words; a word another model knows, or a word of the grammar itself, is never corrected);
 *  3. fixed patterns: "top/bottom N", "limit N", "sorted by X asc", retention lists ("d1 and d7 retention"), app
 *     versions;
 *  4. conditions on numeric columns ("level above 10", "days since install is below 7") and on a player's own columns
 *     in their unit ("players with more than 3 sessions that day", "5 or more sessions"), boolean columns ("is new
 *     user is false", "players who are not new");
 *  5. the longest catalogue phrase at each place: a metric, a column (a group-by after by/per/each/top N) or a value.
 *     A value continues the list before it (commas, "and", "or", "&"), or falls in the scope of a negation cue before
 *     it, across articles, prepositions and people words ("excluding the United States and the United Kingdom", "but
 *     not for South Korea"); a lower-case "us" is the country after a place word, before people or in a list, and
 *     the pronoun after a verb ("show us"). No phrase ends on a connective, so "per day" stays a grouping. Naming
 *     a column only the Events model has reads Daily measures through their Events equivalents (ad revenue = event
 *     value of ad_impression events), and events named as nouns are counted ("ad clicks by ad format");
 *  6. value lists become conditions (is / is not / is one of / is not one of), or a group-by when compared ("iOS vs
 *     Android"; comparing some of many values keeps them as a condition too);
 *  7. whatever is left that is no filler word is reported, with suggestions from the catalogue.
 * Every lookup keyed by a question's words is a Map or a Set ("constructor" is a word like any other).
 */
import {
  isIsoDate,
  type Comparison,
  type ConditionValue,
  type ModelConfiguration,
  type Report,
  type SortOrder,
} from '../../../src/contracts/analyze';
import type { AskSuggestion, AskUnplaced } from '../../../src/contracts/ask';
import { findDates } from './dates';
import {
  BOOL_ADJECTIVES,
  COLUMN_SYNONYMS,
  COLUMN_UNITS,
  EVENT_EQUIVALENTS,
  FILLER,
  METRIC_SYNONYMS,
  PEOPLE,
  RELATED_METRICS,
  VALUE_WORDS,
} from './vocabulary';

export interface AskModel {
  id: string;
  name: string;
  config: ModelConfiguration;
}

export interface ParsedCondition {
  column_name: string;
  comparison: Comparison;
  value: ConditionValue;
}

export interface Understanding {
  model: AskModel;
  report: Report;
  sortChosen: boolean;
  unplaced: AskUnplaced[];
  /** At least one metric was placed. */
  success: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Words

interface Token {
  /** Lower-cased, typo-corrected. */
  word: string;
  stem: string;
  /** As written (country codes must be capitals). */
  raw: string;
  used: boolean;
}

const TOKEN_RE = /[a-z0-9_]+(?:\.\d+)+|[a-z0-9_%]+|[<>]=?|=|&|\+/gi;

export function stem(word: string): string {
  if (/^\d/.test(word) || word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}
const words = (text: string) => text.toLowerCase().match(TOKEN_RE) ?? [];
const stems = (text: string) => words(text).map(stem);

/** Damerau-Levenshtein distance (optimal string alignment), capped work for short words. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

const KEYWORDS = new Set(
  `by per each across split broken down grouped group top bottom best worst highest lowest most least fewest first
  limit sorted sort order ordered ascending descending asc desc retention retained ret day week d w only excluding except
  without not no vs versus compare and or level version build above over under below more less than greater at least most
  equal equals is between rows results`.split(/\s+/),
);
/** Keywords that still count as left out when nothing placed them: "by level" on a model without levels. */
const NOT_FILLER = new Set(['level', 'version', 'build']);

// ---------------------------------------------------------------------------------------------------------------
// The catalogue's grammar, per model: phrases (metrics, columns, values), units, adjectives

type Target =
  | {
      kind: 'metric';
      column_name: string;
      /** An Events equivalent of a Daily Metrics measure, and the event it counts. */ translated?: boolean;
      event?: string;
    }
  | { kind: 'column'; column_name: string }
  | { kind: 'value'; column_name: string; value: string | boolean; label: string };

interface Phrase {
  stems: string[];
  target: Target;
  /** Only when written in capitals (country codes). */
  caps?: string;
}

interface Lexicon {
  /** Phrases by their first stem. */
  byFirst: Map<string, Phrase[]>;
  /** Every phrase's stems joined by a space (what another model names). */
  known: Set<string>;
  vocabulary: Set<string>;
  /** Typo corrections already worked out. */
  corrections: Map<string, string>;
  /** Units of a player's own numeric columns ("3 sessions" → Sessions of the User that Day). */
  units: { stems: string[]; column_name: string }[];
  /** Adjectives of boolean columns ("who are new"). */
  adjectives: { stems: string[]; column_name: string; value: boolean }[];
  /** How many values the vocabulary knows per column: comparing all of them needs no condition. */
  valueCount: Map<string, number>;
}

/** Lexicons by catalogue (column names and labels): a model's catalogue rarely changes, so it is built once. */
const lexicons = new Map<string, Lexicon>();
const LEXICON_CACHE_MAX = 64;

function lexiconOf(model: AskModel): Lexicon {
  const key = JSON.stringify([
    model.id,
    model.config.select.map((m) => [m.column_name, m.label]),
    model.config.group_by_where.map((c) => [c.column_name, c.label, c.data_type]),
  ]);
  let lexicon = lexicons.get(key);
  if (!lexicon) {
    if (lexicons.size >= LEXICON_CACHE_MAX) lexicons.clear();
    lexicons.set(key, (lexicon = buildLexicon(model)));
  }
  return lexicon;
}

/** A phrase never ends on a connective: "new users per" (from new_users_per) would eat "new users per day". */
const CONNECTIVES = new Set(['per', 'by', 'of', 'for', 'and', 'in', 'the']);
const NUMERIC: readonly string[] = ['INTEGER', 'INT64', 'FLOAT', 'FLOAT64', 'DOUBLE'];
const own = <T>(record: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;

function buildLexicon(model: AskModel): Lexicon {
  const phrases: Phrase[] = [];
  const add = (text: string, target: Target, caps?: string) => {
    const s = stems(text);
    if (s.length && !CONNECTIVES.has(s[s.length - 1]!)) phrases.push({ stems: s, target, ...(caps ? { caps } : {}) });
  };
  const metricNames = new Set(model.config.select.map((m) => m.column_name));
  for (const m of model.config.select) {
    const target: Target = { kind: 'metric', column_name: m.column_name };
    for (const text of [
      m.label ?? '',
      m.column_name,
      m.column_name.replace(/_/g, ' '),
      ...(own(METRIC_SYNONYMS, m.column_name) ?? []),
    ])
      add(text, target);
  }
  const columns = new Map(model.config.group_by_where.map((c) => [c.column_name, c]));
  for (const c of model.config.group_by_where) {
    const target: Target = { kind: 'column', column_name: c.column_name };
    for (const text of [
      c.label ?? '',
      c.column_name,
      c.column_name.replace(/_/g, ' '),
      ...(own(COLUMN_SYNONYMS, c.column_name) ?? []),
    ])
      add(text, target);
  }
  const valueCount = new Map<string, number>();
  for (const v of VALUE_WORDS) {
    if (!columns.has(v.column_name)) continue;
    valueCount.set(v.column_name, (valueCount.get(v.column_name) ?? 0) + 1);
    const target: Target = { kind: 'value', column_name: v.column_name, value: v.value, label: v.label };
    for (const text of v.phrases) add(text, target);
    for (const code of v.codes ?? []) add(code, target, code);
  }
  const named = new Set(phrases.map((p) => p.stems.join(' ')));
  for (const e of EVENT_EQUIVALENTS) {
    if (!metricNames.has(e.metric) || (e.event && !columns.has('event_name'))) continue;
    for (const text of e.phrases)
      if (!named.has(stems(text).join(' ')))
        add(text, { kind: 'metric', column_name: e.metric, translated: true, ...(e.event ? { event: e.event } : {}) });
  }
  const units = Object.entries(COLUMN_UNITS).flatMap(([column_name, words]) =>
    columns.has(column_name) && NUMERIC.includes(columns.get(column_name)!.data_type)
      ? words.map((w) => ({ stems: stems(w), column_name }))
      : [],
  );
  const adjectives = Object.entries(BOOL_ADJECTIVES).flatMap(([column_name, words]) =>
    columns.get(column_name)?.data_type === 'BOOL'
      ? [
          ...words.true.map((w) => ({ stems: stems(w), column_name, value: true })),
          ...words.false.map((w) => ({ stems: stems(w), column_name, value: false })),
        ]
      : [],
  );
  const byFirst = new Map<string, Phrase[]>();
  for (const p of phrases) byFirst.set(p.stems[0]!, [...(byFirst.get(p.stems[0]!) ?? []), p]);
  const vocabulary = new Set([
    ...phrases.flatMap((p) => p.stems),
    ...KEYWORDS,
    ...[...FILLER].map(stem),
    ...RELATED_METRICS.keys(),
    ...[...RELATED_METRICS.keys()].map(stem),
    ...units.flatMap((u) => u.stems),
    ...adjectives.flatMap((a) => a.stems),
    ...PEOPLE,
    ...GRAMMAR_WORDS,
  ]);
  return {
    byFirst,
    known: new Set(phrases.map((p) => p.stems.join(' '))),
    vocabulary,
    corrections: new Map(),
    units,
    adjectives,
    valueCount,
  };
}

/** Replaces a misspelt word by the one vocabulary word it is closest to (none when two are as close). */
function correct(word: string, lexicon: Lexicon, others: readonly Lexicon[]): string {
  // a word another model knows is that word ("tablets" is no typo of "table")
  if (others.some((o) => o.vocabulary.has(word) || o.vocabulary.has(stem(word)))) return word;
  let known = lexicon.corrections.get(word);
  if (known === undefined) {
    known = closest(word, lexicon.vocabulary);
    if (lexicon.corrections.size < 10_000) lexicon.corrections.set(word, known);
  }
  return known;
}

function closest(word: string, vocabulary: Set<string>): string {
  const s = stem(word);
  if (vocabulary.has(s) || vocabulary.has(word) || !/^[a-z]{4,}$/.test(word)) return word;
  const max = word.length >= 7 ? 2 : 1;
  let best: string | null = null;
  let bestDistance = max + 1;
  let tie = false;
  for (const candidate of vocabulary) {
    if (!/^[a-z]{3,}$/.test(candidate) || Math.abs(candidate.length - s.length) > max) continue;
    const d = Math.min(editDistance(s, candidate), editDistance(word, candidate));
    if (d < bestDistance) [best, bestDistance, tie] = [candidate, d, false];
    else if (d === bestDistance && candidate !== best) tie = true;
  }
  return best && !tie ? best : word;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading one model

const NUMBER_WORDS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    one: 1,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    seven: 7,
    eight: 8,
    nine: 9,
    ten: 10,
    twenty: 20,
    thirty: 30,
    fifty: 50,
    sixty: 60,
    hundred: 100,
  }),
);
const numberOf = (word: string | undefined): number | null => {
  if (word === undefined) return null;
  if (/^\d+(?:\.\d+)?$/.test(word)) return Number(word);
  return NUMBER_WORDS.get(word) ?? null;
};

const GROUP_WORDS = new Set(['by', 'per', 'each', 'across', 'every']);
const DESC_WORDS = new Set(['top', 'best', 'highest', 'most', 'biggest', 'largest', 'greatest']);
const ASC_WORDS = new Set(['bottom', 'worst', 'lowest', 'least', 'fewest', 'smallest']);

/** Negation cues: their scope is the list of values that follows (across articles, prepositions and people words). */
const NEGATIONS = new Set([
  'excluding',
  'exclude',
  'excludes',
  'excluded',
  'except',
  'without',
  'not',
  'no',
  'non',
  'minus',
  'outside',
  'excl',
]);
const NEGATION_PAIRS = new Set([
  'other than',
  'leaving out',
  'leave out',
  'left out',
  'apart from',
  'but not',
  'except for',
  'outside of',
  'rather than',
  'aside from',
]);
/** Words a negation or a list reaches across: "except the uk", "without players from Saudi Arabia", "US, CA and MX". */
const LIST_SKIP = new Set([
  'the',
  'a',
  'an',
  'in',
  'from',
  'for',
  'of',
  'on',
  'at',
  'to',
  'and',
  'or',
  '&',
  'plus',
  'nor',
  'any',
  'all',
  'everywhere',
  'anywhere',
  'only',
  'just',
  'also',
]);
/** Before a lower-case "us": the pronoun ("show us") or the country ("in the us", "outside us"). */
const PRONOUN_VERBS = new Set([
  'show',
  'give',
  'tell',
  'let',
  'help',
  'send',
  'get',
  'email',
  'mail',
  'brief',
  'remind',
  'bring',
  'ask',
  'allow',
  'teach',
  'cost',
  'make',
  'lets',
  'for',
  'to',
  'with',
  'of',
]);
const COUNTRY_BEFORE = new Set([
  'in',
  'from',
  'outside',
  'excluding',
  'exclude',
  'except',
  'without',
  'not',
  'than',
  'the',
  'and',
  'or',
  'vs',
  'versus',
  '&',
  'nor',
  'minus',
]);
const RELATIVES = new Set([
  'with',
  'having',
  'had',
  'have',
  'has',
  'who',
  'whose',
  'where',
  'that',
  'which',
  'played',
  'spent',
  'spending',
  'playing',
]);
const DAY_TAIL = new Set(['in', 'the', 'a', 'game', 'app', 'that', 'on', 'per', 'each', 'same', 'during', 'of', 'one']);

type Op = { words: string[]; comparison: Comparison };
const OPERATORS: Op[] = [
  [['>='], 'greater_than_or_equal'],
  [['at', 'least'], 'greater_than_or_equal'],
  [['no', 'less', 'than'], 'greater_than_or_equal'],
  [['<='], 'less_than_or_equal'],
  [['at', 'most'], 'less_than_or_equal'],
  [['no', 'more', 'than'], 'less_than_or_equal'],
  [['up', 'to'], 'less_than_or_equal'],
  [['>'], 'greater_than'],
  [['above'], 'greater_than'],
  [['over'], 'greater_than'],
  [['more', 'than'], 'greater_than'],
  [['greater', 'than'], 'greater_than'],
  [['higher', 'than'], 'greater_than'],
  [['<'], 'less_than'],
  [['below'], 'less_than'],
  [['under'], 'less_than'],
  [['less', 'than'], 'less_than'],
  [['fewer', 'than'], 'less_than'],
  [['lower', 'than'], 'less_than'],
  [['='], 'equals'],
  [['equal', 'to'], 'equals'],
  [['equal'], 'equals'],
  [['equals'], 'equals'],
  [['exactly'], 'equals'],
].map(([words, comparison]) => ({ words: words as string[], comparison: comparison as Comparison }));
const POSTFIX: Op[] = [
  [['or', 'more'], 'greater_than_or_equal'],
  [['or', 'above'], 'greater_than_or_equal'],
  [['plus'], 'greater_than_or_equal'],
  [['+'], 'greater_than_or_equal'],
  [['or', 'fewer'], 'less_than_or_equal'],
  [['or', 'less'], 'less_than_or_equal'],
  [['or', 'below'], 'less_than_or_equal'],
].map(([words, comparison]) => ({ words: words as string[], comparison: comparison as Comparison }));
/** The grammar's own words: known words, never "corrected" into a catalogue word nor reported as left out. */
const GRAMMAR_WORDS = new Set([
  ...NEGATIONS,
  ...[...NEGATION_PAIRS].flatMap((p) => p.split(' ')),
  ...LIST_SKIP,
  ...PRONOUN_VERBS,
  ...RELATIVES,
  ...DAY_TAIL,
  ...[...OPERATORS, ...POSTFIX].flatMap((o) => o.words),
]);

interface ValueList {
  pos: (string | boolean)[];
  neg: (string | boolean)[];
}

interface Draft {
  metrics: string[];
  groupBy: string | null;
  groupAuto: boolean;
  limit: number | null;
  order: { column_name: string; order: SortOrder }[];
  conditions: ParsedCondition[];
  values: Map<string, ValueList>;
  unplaced: AskUnplaced[];
  placed: number;
  /** Measures read through an equivalent of another model (they lose a tie). */
  translated: number;
  /** The sort direction "top"/"bottom" asked for, waiting for its metric. */
  pendingSort: SortOrder | null;
  compare: boolean;
}

function readModel(
  question: string,
  model: AskModel,
  today: string,
  others: readonly Lexicon[],
): { draft: Draft; dates: { date_start: string; date_end: string } | null } {
  const lexicon = lexiconOf(model);
  const firstDay = model.config.date_range[0]?.start_date;
  const found = findDates(question, today, firstDay && isIsoDate(firstDay) ? firstDay : undefined);
  const text = found
    ? question
        .split('')
        .map((ch, i) => (found.rest[i] === ' ' && question.toLowerCase()[i] !== ' ' ? ' ' : ch))
        .join('')
    : question;
  const tokens: Token[] = (text.replace(/[’']s\b/g, '').match(TOKEN_RE) ?? []).map((raw) => {
    const word = correct(raw.toLowerCase(), lexicon, others);
    return { raw, word, stem: stem(word), used: false };
  });
  const draft: Draft = {
    metrics: [],
    groupBy: null,
    groupAuto: false,
    limit: null,
    order: [],
    conditions: [],
    values: new Map(),
    unplaced: [],
    placed: 0,
    translated: 0,
    pendingSort: null,
    compare: tokens.some((t) => t.word === 'vs' || t.word === 'versus' || t.word.startsWith('compar')),
  };
  const metricNames = new Set(model.config.select.map((m) => m.column_name));
  const columns = new Map(model.config.group_by_where.map((c) => [c.column_name, c]));
  /** Where each metric was named: the report lists them in the question's order. */
  const metricAt = new Map<string, number>();
  const addMetric = (name: string, at: number) => {
    if (!draft.metrics.includes(name)) draft.metrics.push(name);
    metricAt.set(name, Math.min(at, metricAt.get(name) ?? at));
    draft.placed++;
  };
  const label = (name: string) =>
    model.config.select.find((m) => m.column_name === name)?.label ?? columns.get(name)?.label ?? name;

  const at = (i: number) => tokens[i];
  const mark = (from: number, to: number) => {
    for (let i = Math.max(0, from); i < Math.min(to, tokens.length); i++) tokens[i]!.used = true;
  };
  const wordsAt = (i: number, ws: readonly string[]) => ws.every((w, k) => at(i + k)?.word === w && !at(i + k)!.used);
  const opAt = (i: number, ops: readonly Op[]) => ops.find((o) => wordsAt(i, o.words)) ?? null;
  const stemsAt = (i: number, s: readonly string[]) => s.every((w, k) => at(i + k)?.stem === w && !at(i + k)!.used);

  /** A lower-case "us" is the country after a place word ("in the us"), before people ("us players") or in a list. */
  const usCountry = new Map<number, boolean>();
  const usIsCountry = (i: number): boolean => {
    let known = usCountry.get(i);
    if (known === undefined) usCountry.set(i, (known = usIsCountryAt(i)));
    return known;
  };
  const usIsCountryAt = (i: number): boolean => {
    const prev = at(i - 1)?.word;
    const next = at(i + 1);
    const inList = (k: number) => {
      const value = phraseAt(k, ['value'])?.phrase.target;
      return value?.kind === 'value' && value.column_name === 'country';
    };
    if (
      next &&
      /^(?:and|or|vs|versus|&|nor)$/.test(next.word) &&
      (inList(i + 2) || (at(i + 2)?.word === 'the' && inList(i + 3)))
    )
      return true;
    if (prev && PRONOUN_VERBS.has(prev) && !(prev === 'for' && PEOPLE.has(next?.stem ?? ''))) return false;
    if (prev && COUNTRY_BEFORE.has(prev)) return true;
    if (!next) return false;
    if (PEOPLE.has(next.stem) || /^(?:market|store|traffic|audience)$/.test(next.stem)) return true;
    return phraseAt(i + 1, ['metric'])?.phrase.target.kind === 'metric';
  };
  /** The longest phrase starting at i (ties: the preferred kind). */
  function phraseAt(i: number, prefer: Target['kind'][]): { phrase: Phrase; length: number } | null {
    const first = at(i);
    if (!first || first.used) return null;
    let best: { phrase: Phrase; length: number } | null = null;
    for (const phrase of lexicon.byFirst.get(first.stem) ?? []) {
      const n = phrase.stems.length;
      if (!stemsAt(i, phrase.stems)) continue;
      if (phrase.caps && first.raw !== phrase.caps && !(phrase.caps === 'US' && first.raw === 'us' && usIsCountry(i)))
        continue;
      const rank = (p: Phrase) => (prefer.includes(p.target.kind) ? prefer.indexOf(p.target.kind) : prefer.length);
      if (!best || n > best.length || (n === best.length && rank(phrase) < rank(best.phrase)))
        best = { phrase, length: n };
    }
    return best;
  }
  const setGroup = (name: string, words: string) => {
    if (draft.groupBy === null || draft.groupBy === name) {
      draft.groupBy = name;
      draft.placed++;
    } else {
      draft.unplaced.push({
        text: words,
        message: `A report groups by one column: '${words}' was left out (grouped by ${label(draft.groupBy)}).`,
        suggestions: [],
      });
    }
  };

  // Values and their polarity: a value continues the list before it ("Germany, France and Italy"), or is in the scope
  // of a negation cue before it ("excluding the United States and the United Kingdom", "but not for South Korea").
  const valueAt = new Map<number, { column_name: string; negated: boolean }>();
  const negatedAt = (i: number, column_name: string): boolean => {
    for (let j = i - 1, skipped = 0; j >= 0 && skipped <= 4; j--, skipped++) {
      const before = valueAt.get(j);
      if (before) return before.column_name === column_name && before.negated;
      const t = at(j)!;
      if (j > 0 && NEGATION_PAIRS.has(`${at(j - 1)!.word} ${t.word}`)) {
        mark(j - 1, j + 1);
        return true;
      }
      if (NEGATIONS.has(t.word)) {
        t.used = true;
        return true;
      }
      if (t.used || !(LIST_SKIP.has(t.word) || PEOPLE.has(t.stem))) return false;
    }
    return false;
  };
  const addValue = (
    column_name: string,
    value: string | boolean,
    from: number,
    to: number,
    negated = negatedAt(from, column_name),
  ) => {
    for (let k = from; k < to; k++) valueAt.set(k, { column_name, negated });
    const list = draft.values.get(column_name) ?? { pos: [], neg: [] };
    const side = negated ? list.neg : list.pos;
    if (!side.includes(value)) side.push(value);
    draft.values.set(column_name, list);
    mark(from, to);
    draft.placed++;
  };

  // top / bottom N, limit N, N rows ("at least 2" and "at most 5" are comparisons, not a sort)
  for (let i = 0; i < tokens.length; i++) {
    const t = at(i)!;
    if ((t.word === 'least' || t.word === 'most') && at(i - 1)?.word === 'at') continue;
    const n = numberOf(at(i + 1)?.word);
    if ((DESC_WORDS.has(t.word) || ASC_WORDS.has(t.word) || t.word === 'first') && n !== null && Number.isInteger(n)) {
      draft.limit = n;
      if (t.word !== 'first') draft.pendingSort = DESC_WORDS.has(t.word) ? 'DESC' : 'ASC';
      mark(i, i + 2);
    } else if (t.word === 'limit' && n !== null) {
      draft.limit = n;
      mark(i, i + 2);
    } else if (n === null && numberOf(t.word) !== null && /^(?:rows?|results?|lines?)$/.test(at(i + 1)?.word ?? '')) {
      draft.limit = numberOf(t.word);
      mark(i, i + 2);
    } else if (DESC_WORDS.has(t.word) || ASC_WORDS.has(t.word)) {
      draft.pendingSort = DESC_WORDS.has(t.word) ? 'DESC' : 'ASC';
      t.used = true;
    }
  }

  // sorted / ordered by X [asc|desc]; "sorted ascending"
  for (let i = 0; i < tokens.length; i++) {
    if (!/^(?:sorted|sort|order|ordered|rank|ranked)$/.test(at(i)!.word)) continue;
    const direction = (from: number) => {
      const next = tokens
        .slice(from, from + 3)
        .map((t) => t.word)
        .join(' ');
      const m =
        /^(?:(asc|ascending|lowest first|smallest first|low to high)|(desc|descending|highest first|largest first|high to low))/.exec(
          next,
        );
      return m ? { order: (m[1] ? 'ASC' : 'DESC') as SortOrder, length: m[0].split(' ').length } : null;
    };
    if (at(i + 1)?.word !== 'by') {
      const d = direction(i + 1);
      if (d) {
        draft.pendingSort = d.order;
        mark(i, i + 1 + d.length);
      }
      continue;
    }
    const hit = phraseAt(i + 2, ['metric', 'column', 'value']);
    if (!hit || hit.phrase.target.kind === 'value') continue;
    const name = hit.phrase.target.column_name;
    let end = i + 2 + hit.length;
    let order: SortOrder = draft.pendingSort ?? 'DESC';
    const d = direction(end);
    if (d) {
      order = d.order;
      end += d.length;
    }
    mark(i, end);
    if (hit.phrase.target.kind === 'metric') addMetric(name, i + 2);
    draft.order.push({ column_name: name, order });
    draft.pendingSort = null;
  }

  // retention lists: "d1 and d7 retention", "retention d1, d3, d7", "day 1 retention", "7-day retention", "w2 retention"
  for (let i = 0; i < tokens.length; i++) {
    if (!/^(?:retention|retained|ret|retension)$/.test(at(i)!.word) || at(i)!.used) continue;
    const found: { unit: 'd' | 'w'; n: number; at: number[] }[] = [];
    const readPeriod = (j: number, step: 1 | -1): { unit: 'd' | 'w'; n: number; at: number[] } | null => {
      const t = at(j);
      if (!t || t.used) return null;
      const short = /^(d|w|day|week)(\d{1,3})$/.exec(t.word);
      if (short) return { unit: short[1]!.startsWith('w') ? 'w' : 'd', n: Number(short[2]), at: [j] };
      const first = step === 1 ? t : at(j - 1);
      const second = step === 1 ? at(j + 1) : t;
      if (
        first &&
        second &&
        /^(?:day|week|d|w)$/.test(first.word) &&
        /^\d{1,3}$/.test(second.word) &&
        !first.used &&
        !second.used
      ) {
        return {
          unit: first.word.startsWith('w') ? 'w' : 'd',
          n: Number(second.word),
          at: step === 1 ? [j, j + 1] : [j - 1, j],
        };
      }
      if (
        first &&
        second &&
        /^\d{1,3}$/.test(first.word) &&
        /^(?:day|week)$/.test(second.word) &&
        !first.used &&
        !second.used
      ) {
        return {
          unit: second.word === 'week' ? 'w' : 'd',
          n: Number(first.word),
          at: step === 1 ? [j, j + 1] : [j - 1, j],
        };
      }
      return null;
    };
    for (const step of [1, -1] as const) {
      let j = i + step;
      for (;;) {
        while (at(j) && /^(?:and|or|&|plus|to)$/.test(at(j)!.word)) j += step;
        const p = readPeriod(j, step);
        if (!p) break;
        found.push(p);
        j = (step === 1 ? Math.max(...p.at) : Math.min(...p.at)) + step;
      }
    }
    at(i)!.used = true;
    if (found.length === 0) found.push({ unit: 'd', n: 1, at: [] });
    found.sort((a, b) => (a.unit === b.unit ? a.n - b.n : a.unit === 'd' ? -1 : 1));
    for (const p of found) {
      for (const k of p.at) tokens[k]!.used = true;
      const name = `retention_${p.unit}${p.n}`;
      if (metricNames.has(name)) addMetric(name, p.at[0] ?? i);
      else {
        const near =
          p.unit === 'd' && p.n > 7
            ? [`retention_w${Math.min(7, Math.floor(p.n / 7))}`, 'retention_d7']
            : ['retention_d7', 'retention_w1'];
        draft.unplaced.push({
          text: `${p.unit.toUpperCase()}${p.n} retention`,
          message: `'${p.unit.toUpperCase()}${p.n} retention' is not a metric I know.`,
          suggestions: near
            .filter((m) => metricNames.has(m))
            .map((m) => ({ column_name: m, label: label(m), kind: 'metric' as const })),
        });
      }
    }
  }

  // app versions: "version 1.2.0", "v1.3.0", "builds 1.2.0 and 1.3.0", "not version 1.2.0"
  if (columns.has('app_version')) {
    for (let i = 0; i < tokens.length; i++) {
      const m = /^v?(\d+\.\d+(?:\.\d+)*)$/.exec(at(i)!.word);
      if (!m || at(i)!.used) continue;
      let from = i;
      if (i > 0 && /^(?:version|build|release|app|v)$/.test(at(i - 1)!.word) && !at(i - 1)!.used) from = i - 1;
      if (from === i - 1 && i > 1 && at(i - 2)!.word === 'app' && at(i - 1)!.word === 'version' && !at(i - 2)!.used)
        from = i - 2;
      addValue('app_version', m[1]!, from, i + 1);
    }
  }

  // conditions on numeric columns: "<column> [is] above 10", "levels 1 to 10", and a player's own counts in their
  //    unit ("players with more than 3 sessions that day", "users who played over 30 minutes", "5 or more sessions")
  const unitAt = (i: number) => {
    let best: { column_name: string; length: number } | null = null;
    for (const u of lexicon.units)
      if (stemsAt(i, u.stems) && (!best || u.stems.length > best.length))
        best = { column_name: u.column_name, length: u.stems.length };
    return best;
  };
  /** "that day", "in the game that day", "a day": the day a player's own column counts. */
  const markDayTail = (from: number) => {
    for (let k = from; k < Math.min(tokens.length, from + 6); k++) {
      const t = at(k)!;
      if (t.word === 'day' && k > from && /^(?:that|a|per|each|same|one|the)$/.test(at(k - 1)!.word))
        return mark(from, k + 1);
      if (t.used || !DAY_TAIL.has(t.word)) return;
    }
  };
  for (let i = 0; i < tokens.length; i++) {
    const hit = phraseAt(i, ['column', 'metric', 'value']);
    if (!hit || hit.phrase.target.kind !== 'column') continue;
    const column = columns.get(hit.phrase.target.column_name)!;
    if (!NUMERIC.includes(column.data_type)) continue;
    let j = i + hit.length;
    const range =
      numberOf(at(j)?.word) !== null && /^(?:to|-|through)$/.test(at(j + 1)?.word ?? '')
        ? numberOf(at(j + 2)?.word)
        : null;
    if (range !== null) {
      draft.conditions.push({
        column_name: column.column_name,
        comparison: 'greater_than_or_equal',
        value: numberOf(at(j)!.word)!,
      });
      draft.conditions.push({ column_name: column.column_name, comparison: 'less_than_or_equal', value: range });
      mark(i, j + 3);
      draft.placed++;
      continue;
    }
    if (/^(?:is|are|was|were)$/.test(at(j)?.word ?? '') && opAt(j + 1, OPERATORS)) j++;
    const op = opAt(j, OPERATORS);
    if (op) j += op.words.length;
    else if (i > 0 && at(i - 1)!.word === 'first' && numberOf(at(j)?.word) === null) continue;
    const n = numberOf(at(j)?.word);
    if (n === null || (!op && column.column_name !== 'level')) continue;
    draft.conditions.push({ column_name: column.column_name, comparison: op ? op.comparison : 'equals', value: n });
    mark(i, j + 1);
    draft.placed++;
  }
  for (let i = 0; i < tokens.length; i++) {
    if (at(i)!.used) continue;
    let j = i;
    const op = opAt(j, OPERATORS);
    let comparison: Comparison | null = op?.comparison ?? null;
    if (op) j += op.words.length;
    const n = numberOf(at(j)?.word);
    if (n === null || at(j)!.used) continue;
    j++;
    const post = comparison === null ? opAt(j, POSTFIX) : null;
    if (post) {
      comparison = post.comparison;
      j += post.words.length;
    }
    const unit = unitAt(j);
    if (!unit) continue;
    if (comparison === null) {
      if (![1, 2, 3].some((k) => RELATIVES.has(at(i - k)?.word ?? ''))) continue;
      comparison = 'equals';
    }
    draft.conditions.push({ column_name: unit.column_name, comparison, value: n });
    mark(i, j + unit.length);
    markDayTail(j + unit.length);
    draft.placed++;
  }

  // boolean columns: "where is new user is false", "success = true", "players who are (not) new"
  const TRUTH = new Map<string, boolean>([
    ['true', true],
    ['yes', true],
    ['false', false],
    ['no', false],
  ]);
  for (let i = 0; i < tokens.length; i++) {
    const hit = phraseAt(i, ['column', 'metric', 'value']);
    if (hit?.phrase.target.kind === 'column' && columns.get(hit.phrase.target.column_name)?.data_type === 'BOOL') {
      let j = i + hit.length;
      if (/^(?:is|=|equals|was|are)$/.test(at(j)?.word ?? '')) j++;
      const truth = TRUTH.get(at(j)?.word ?? '');
      if (truth !== undefined) {
        addValue(hit.phrase.target.column_name, truth, i, j + 1);
        continue;
      }
    }
    if (!RELATIVES.has(at(i)!.word) || !/^(?:are|is|were|was|re)$/.test(at(i + 1)?.word ?? '')) continue;
    const not = at(i + 2)?.word === 'not';
    const k = i + 2 + (not ? 1 : 0);
    const adjective = lexicon.adjectives.find((a) => stemsAt(k, a.stems));
    if (adjective) addValue(adjective.column_name, adjective.value, i, k + adjective.stems.length, not);
  }

  // phrases, left to right: metrics, group-by columns (after by/per/each/top N) and values in lists
  let bareRevenue: number | null = null;
  const equivalentEvents: { event: string; at: number }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = at(i)!;
    if (t.used) continue;
    const prev = (k: number) => at(i - k)?.word ?? '';
    const groupContext =
      GROUP_WORDS.has(prev(1)) ||
      (prev(2) === 'broken' && prev(1) === 'down') ||
      (prev(1) === 'by' && prev(2) === 'split') ||
      (tokens[i - 1]?.used &&
        numberOf(prev(1)) !== null &&
        (DESC_WORDS.has(prev(2)) || ASC_WORDS.has(prev(2)) || prev(2) === 'first')) ||
      DESC_WORDS.has(prev(1)) ||
      ASC_WORDS.has(prev(1));
    const hit = phraseAt(i, groupContext ? ['column', 'metric', 'value'] : ['metric', 'value', 'column']);
    if (!hit && /^(?:revenue|rev|income|earning)$/.test(t.stem)) {
      // "revenue" alone: both kinds the model has, unless the question names one ("revenue from in-app purchases")
      if (metricNames.has('iap_revenue')) {
        t.used = true;
        bareRevenue = i;
      }
      continue;
    }
    if (!hit) continue;
    const words = tokens
      .slice(i, i + hit.length)
      .map((x) => x.raw)
      .join(' ');
    const target = hit.phrase.target;
    if (target.kind === 'value') {
      addValue(target.column_name, target.value, i, i + hit.length);
      continue;
    }
    mark(i, i + hit.length);
    if (target.kind === 'column') {
      setGroup(target.column_name, words);
      continue;
    }
    // "ad revenue per DAU": no such metric, both shown side by side
    if (prev(1) === 'per' && draft.metrics.length > 0) {
      const before = draft.metrics[draft.metrics.length - 1]!;
      tokens[i - 1]!.used = true;
      draft.unplaced.push({
        text: `${label(before)} per ${label(target.column_name)}`,
        message: `There is no '${label(before)} per ${label(target.column_name)}' metric: ${label(before)} and ${label(target.column_name)} are shown side by side.`,
        suggestions: [],
      });
    }
    addMetric(target.column_name, i);
    if (target.translated) draft.translated++;
    if (target.event) equivalentEvents.push({ event: target.event, at: i });
    if (groupContext && prev(1) === 'by' && draft.pendingSort && draft.groupBy !== null) {
      draft.order.push({ column_name: target.column_name, order: draft.pendingSort });
      draft.pendingSort = null;
    }
  }
  for (const e of equivalentEvents) {
    const list = draft.values.get('event_name') ?? { pos: [], neg: [] };
    if (!list.pos.includes(e.event)) list.pos.push(e.event);
    draft.values.set('event_name', list);
  }

  if (bareRevenue !== null && !draft.metrics.some((m) => m === 'iap_revenue' || m === 'ad_revenue')) {
    for (const m of ['iap_revenue', 'ad_revenue']) if (metricNames.has(m)) addMetric(m, bareRevenue);
  }
  // Events named as nouns ("ad clicks by ad format", "level_end by level") are counted.
  const events = draft.values.get('event_name');
  if (draft.metrics.length === 0 && events && events.pos.length > 0 && metricNames.has('event_count')) {
    addMetric('event_count', tokens.length);
    draft.placed--;
    draft.translated++;
  }
  draft.metrics.sort((a, b) => (metricAt.get(a) ?? 0) - (metricAt.get(b) ?? 0));

  // value lists → conditions (or a group-by when compared: "iOS vs Android"; "US vs Canada" keeps the two)
  for (const [column_name, { pos, neg }] of draft.values) {
    const column = columns.get(column_name)!;
    if (
      pos.length > 1 &&
      neg.length === 0 &&
      draft.compare &&
      (draft.groupBy === null || draft.groupBy === column_name)
    ) {
      draft.groupBy = column_name;
      if (pos.length >= (lexicon.valueCount.get(column_name) ?? Infinity)) continue;
    }
    if (column.data_type === 'BOOL') {
      const value = pos.length > 0 ? pos[0] === true : neg[0] !== true;
      draft.conditions.push({
        column_name,
        comparison: value ? 'is_true' : 'is_false',
        value: value ? 'is_true' : 'is_false',
      });
      continue;
    }
    for (const [values, negated] of [
      [pos, false],
      [neg, true],
    ] as const) {
      if (values.length > 1)
        draft.conditions.push({
          column_name,
          comparison: negated ? 'is_not_one_of' : 'is_one_of',
          value: values.join(','),
        });
      else if (values.length === 1)
        draft.conditions.push({ column_name, comparison: negated ? 'not_equals' : 'equals', value: String(values[0]) });
    }
  }

  // a sort asked for ("top 10 countries", "lowest ...") without its metric sorts by the first metric
  if (draft.pendingSort && draft.metrics[0] && draft.order.length === 0)
    draft.order.push({ column_name: draft.metrics[0], order: draft.pendingSort });

  // what is left
  let run: string[] = [];
  let runContext: 'group' | 'filter' | 'metric' = 'metric';
  const flush = () => {
    if (run.length) draft.unplaced.push(unplacedOf(run.join(' '), runContext, model, label));
    run = [];
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = at(i)!;
    const filler =
      t.used ||
      FILLER.has(t.word) ||
      FILLER.has(t.stem) ||
      GRAMMAR_WORDS.has(t.word) ||
      (KEYWORDS.has(t.word) && !NOT_FILLER.has(t.word)) ||
      /^\d+$/.test(t.word) ||
      t.word.length < 2;
    if (filler) {
      flush();
      if (!t.used)
        runContext = GROUP_WORDS.has(t.word)
          ? 'group'
          : /^(?:only|in|for|from|where|excluding|except|without|on)$/.test(t.word)
            ? 'filter'
            : runContext;
      if (t.used) runContext = 'metric';
      continue;
    }
    run.push(t.raw);
  }
  flush();
  return { draft, dates: found ? { date_start: found.date_start, date_end: found.date_end } : null };
}

function unplacedOf(
  text: string,
  context: 'group' | 'filter' | 'metric',
  model: AskModel,
  label: (name: string) => string,
): AskUnplaced {
  const lower = text.toLowerCase();
  const metric = (name: string): AskSuggestion => ({ column_name: name, label: label(name), kind: 'metric' });
  const has = (name: string) => model.config.select.some((m) => m.column_name === name);
  if (context === 'group') {
    const near = model.config.group_by_where
      .map((c) => ({
        c,
        d: Math.min(editDistance(lower, (c.label ?? c.column_name).toLowerCase()), editDistance(lower, c.column_name)),
      }))
      .sort((a, b) => a.d - b.d)
      .slice(0, 3);
    return {
      text,
      message: `'${text}' is not a column I can group by.`,
      suggestions: near.map(({ c }) => ({
        column_name: c.column_name,
        label: c.label ?? c.column_name,
        kind: 'group_by' as const,
      })),
    };
  }
  const related = (RELATED_METRICS.get(lower) ?? RELATED_METRICS.get(stem(lower)) ?? []).filter(has);
  if (context === 'filter' && related.length === 0)
    return { text, message: `'${text}' is not a value I know how to filter on.`, suggestions: [] };
  const close = model.config.select
    .map((m) => ({
      m,
      d: Math.min(editDistance(lower, (m.label ?? '').toLowerCase()), editDistance(lower, m.column_name)),
    }))
    .sort((a, b) => a.d - b.d)
    .slice(0, 3)
    .map(({ m }) => m.column_name);
  const names = Array.from(new Set([...related, ...close])).slice(0, 3);
  return { text, message: `'${text}' is not a metric I know.`, suggestions: names.map(metric) };
}

// ---------------------------------------------------------------------------------------------------------------
// The question → the best model's report

/** Reads a question against the app's models; `today` is the UTC day relative dates resolve against. */
export function understand(question: string, models: readonly AskModel[], today: string): Understanding {
  const lexiconsOf = models.map(lexiconOf);
  const readings = models.map((model, i) => ({
    model,
    ...readModel(
      question,
      model,
      today,
      lexiconsOf.filter((_, k) => k !== i),
    ),
  }));
  // A model needs a metric; then each placed part counts 2 and each word left out 3 (ties keep the first model).
  const score = (r: (typeof readings)[number]) =>
    (r.draft.metrics.length > 0 ? 100 : 0) + r.draft.placed * 2 - r.draft.unplaced.length * 3 - r.draft.translated;
  const best = readings.reduce((a, b) => (score(b) > score(a) ? b : a));
  const { model, draft, dates } = best;
  // A word that names something only another model has says so ("'levels' is in the Events model …").
  const otherModels = models.filter((m) => m !== model);
  const unplaced = draft.unplaced.map((u) => {
    const wanted = stems(u.text).join(' ');
    if (!/is not a (?:metric|column|value)/.test(u.message)) return u;
    const home = otherModels.find((m) => lexiconOf(m).known.has(wanted));
    if (!home) return u;
    const metrics = draft.metrics.map((name) => model.config.select.find((m) => m.column_name === name)?.label ?? name);
    return {
      ...u,
      message: `'${u.text}' is in the ${home.name} model${metrics.length ? `, which has no ${metrics.join(', ')}` : ''}: it was left out.`,
      suggestions: [],
    };
  });

  const columns = new Map(model.config.group_by_where.map((c) => [c.column_name, c]));
  if (draft.groupBy === null) {
    draft.groupBy = columns.has('date') ? 'date' : (model.config.group_by_where[0]?.column_name ?? null);
    draft.groupAuto = true;
  }
  const select = draft.metrics
    .flatMap((name) => model.config.select.filter((m) => m.column_name === name))
    .map((m) => ({ ...m, model_id: model.id }));
  const group = draft.groupBy ? columns.get(draft.groupBy) : undefined;
  const where = draft.conditions.flatMap((c) => {
    const column = columns.get(c.column_name);
    return column
      ? [
          {
            label: c.column_name,
            column_name: c.column_name,
            comparison: c.comparison,
            value: c.value,
            checked: true,
            data_type: column.data_type,
            sample_value: column.sample_value,
            model_id: model.id,
          },
        ]
      : [];
  });
  const sortable = new Set([...(group ? [group.column_name] : []), ...draft.metrics]);
  const order = draft.order.filter((o) => sortable.has(o.column_name));
  const report: Report = {
    model_id: model.id,
    configuration: {
      select,
      group_by: group ? [{ ...group, model_id: model.id }] : [],
      ...(dates ? { date_range: [{ ...dates, model_id: model.id }] } : {}),
      ...(draft.limit !== null ? { limit: [{ value: draft.limit, model_id: model.id }] } : {}),
      ...(order.length ? { order_by: order.map((o) => ({ ...o, model_id: model.id })) } : {}),
      ...(where.length ? { where } : {}),
    },
  };
  return { model, report, sortChosen: order.length > 0, unplaced, success: select.length > 0 };
}
