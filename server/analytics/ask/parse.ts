/**
 * The offline reader of "Ask Analyze in plain words": a publisher's question → a SPEC §3 report of the existing
 * builder (model, metrics, one group-by, date range, limit, sort, conditions), using only the app's live catalogue
 * (each model's configuration: metric and column labels and ids) plus the words of ./vocabulary.ts, which only count
 * for columns a model has. No network, no model, deterministic for a given `today`.
 *
 * Why on the server (not shared in src/): the same catalogue the compiler trusts is at hand, chrono-node stays out of
 * the browser's chunks, and the optional language model (./model.ts) needs the key the browser must never see; the
 * page gets both answers through one endpoint.
 *
 * How it reads, per data model (the model that places the most wins; Daily Metrics on a tie):
 *  1. dates (./dates.ts) are taken out first;
 *  2. words are split, lower-cased, stemmed (plural s) and typos corrected against the vocabulary (Damerau distance
 *     1, or 2 for long words);
 *  3. fixed patterns: "top/bottom N", "limit N", "sorted by X asc", retention lists ("d1 and d7 retention",
 *     "retention day 1, 3 and 7"), numeric conditions ("level above 10"), app versions, "excluding X";
 *  4. the longest catalogue phrase at each place: a metric, a column (a group-by after by/per/each/top N, or a
 *     value's column), or a value (a condition; several values of a column become is-one-of, or a group-by after
 *     "vs"/"compare");
 *  5. whatever is left that is no filler word is reported, with suggestions from the catalogue.
 */
import {
  isIsoDate, type Comparison, type ConditionValue, type ModelConfiguration, type Report, type SortOrder,
} from '../../../src/contracts/analyze';
import type { AskSuggestion, AskUnplaced } from '../../../src/contracts/ask';
import { findDates } from './dates';
import { COLUMN_SYNONYMS, FILLER, METRIC_SYNONYMS, RELATED_METRICS, VALUE_WORDS } from './vocabulary';
import { lookupTable } from '../../../src/contracts/lookup';

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

const TOKEN_RE = /[a-z0-9_]+(?:\.\d+)+|[a-z0-9_%]+|[<>]=?|=/gi;

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

const KEYWORDS = `by per each across split broken down grouped group top bottom best worst highest lowest most least fewest first
  limit sorted sort order ordered ascending descending asc desc retention retained ret day week d w only excluding except
  without not no vs versus compare and or level version build above over under below more less than greater at least most
  equal equals is between rows results`.split(/\s+/);

// ---------------------------------------------------------------------------------------------------------------
// Phrases of one model

type Target =
  | { kind: 'metric'; column_name: string }
  | { kind: 'column'; column_name: string }
  | { kind: 'value'; column_name: string; value: string | boolean; label: string };

interface Phrase {
  stems: string[];
  target: Target;
  /** Only when written in capitals (country codes). */
  caps?: string;
}

interface Lexicon {
  phrases: Phrase[];
  vocabulary: Set<string>;
  /** Typo corrections already worked out. */
  corrections: Map<string, string>;
}

/** Lexicons by catalogue (column names and labels): a model's catalogue rarely changes, so it is built once. */
const lexicons = new Map<string, Lexicon>();
const LEXICON_CACHE_MAX = 64;

function lexiconOf(model: AskModel): Lexicon {
  const key = JSON.stringify([model.id, model.config.select.map((m) => [m.column_name, m.label]), model.config.group_by_where.map((c) => [c.column_name, c.label])]);
  let lexicon = lexicons.get(key);
  if (!lexicon) {
    if (lexicons.size >= LEXICON_CACHE_MAX) lexicons.clear();
    lexicons.set(key, (lexicon = buildLexicon(model)));
  }
  return lexicon;
}

function buildLexicon(model: AskModel): Lexicon {
  const phrases: Phrase[] = [];
  const add = (text: string, target: Target) => {
    const s = stems(text);
    if (s.length) phrases.push({ stems: s, target });
  };
  for (const m of model.config.select) {
    const target: Target = { kind: 'metric', column_name: m.column_name };
    for (const text of [m.label ?? '', m.column_name, m.column_name.replace(/_/g, ' '), ...(METRIC_SYNONYMS[m.column_name] ?? [])]) add(text, target);
  }
  const columns = new Set(model.config.group_by_where.map((c) => c.column_name));
  for (const c of model.config.group_by_where) {
    const target: Target = { kind: 'column', column_name: c.column_name };
    for (const text of [c.label ?? '', c.column_name, c.column_name.replace(/_/g, ' '), ...(COLUMN_SYNONYMS[c.column_name] ?? [])]) add(text, target);
  }
  for (const v of VALUE_WORDS) {
    if (!columns.has(v.column_name)) continue;
    const target: Target = { kind: 'value', column_name: v.column_name, value: v.value, label: v.label };
    for (const text of v.phrases) add(text, target);
    for (const code of v.codes ?? []) phrases.push({ stems: [code.toLowerCase()], target, caps: code });
  }
  const vocabulary = new Set([...phrases.flatMap((p) => p.stems), ...KEYWORDS, ...[...FILLER].map(stem), ...Object.keys(RELATED_METRICS).map(stem)]);
  return { phrases, vocabulary, corrections: new Map() };
}

/** Replaces a misspelt word by the one vocabulary word it is closest to (none when two are as close). */
function correct(word: string, lexicon: Lexicon): string {
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

const NUMBER_WORDS: Record<string, number> = lookupTable({
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twenty: 20, fifty: 50, hundred: 100,
});
const numberOf = (word: string | undefined): number | null => {
  if (word === undefined) return null;
  if (/^\d+(?:\.\d+)?$/.test(word)) return Number(word);
  return NUMBER_WORDS[word] ?? null;
};

const GROUP_WORDS = new Set(['by', 'per', 'each', 'across', 'every']);
const DESC_WORDS = new Set(['top', 'best', 'highest', 'most', 'biggest', 'largest', 'greatest']);
const ASC_WORDS = new Set(['bottom', 'worst', 'lowest', 'least', 'fewest', 'smallest']);
const NEGATIONS = new Set(['excluding', 'exclude', 'except', 'without', 'not', 'no', 'non', 'minus']);
const OPERATORS: [string[], Comparison][] = [
  [['>='], 'greater_than_or_equal'], [['at', 'least'], 'greater_than_or_equal'], [['<='], 'less_than_or_equal'], [['at', 'most'], 'less_than_or_equal'],
  [['>'], 'greater_than'], [['above'], 'greater_than'], [['over'], 'greater_than'], [['more', 'than'], 'greater_than'], [['greater', 'than'], 'greater_than'],
  [['<'], 'less_than'], [['below'], 'less_than'], [['under'], 'less_than'], [['less', 'than'], 'less_than'], [['fewer', 'than'], 'less_than'],
  [['='], 'equals'], [['equal'], 'equals'], [['equals'], 'equals'], [['is'], 'equals'],
];

interface Draft {
  metrics: string[];
  groupBy: string | null;
  groupAuto: boolean;
  limit: number | null;
  order: { column_name: string; order: SortOrder }[];
  conditions: ParsedCondition[];
  values: Map<string, { values: (string | boolean)[]; negated: boolean }>;
  unplaced: AskUnplaced[];
  placed: number;
  /** The sort direction "top"/"bottom" asked for, waiting for its metric. */
  pendingSort: SortOrder | null;
  compare: boolean;
}

function readModel(question: string, model: AskModel, today: string): { draft: Draft; dates: { date_start: string; date_end: string } | null } {
  const lexicon = lexiconOf(model);
  const { phrases } = lexicon;
  const firstDay = model.config.date_range[0]?.start_date;
  const found = findDates(question, today, firstDay && isIsoDate(firstDay) ? firstDay : undefined);
  const text = found ? question.split('').map((ch, i) => (found.rest[i] === ' ' && question.toLowerCase()[i] !== ' ' ? ' ' : ch)).join('') : question;
  const tokens: Token[] = (text.replace(/[’']s\b/g, '').match(TOKEN_RE) ?? []).map((raw) => {
    const word = correct(raw.toLowerCase(), lexicon);
    return { raw, word, stem: stem(word), used: false };
  });
  const draft: Draft = {
    metrics: [], groupBy: null, groupAuto: false, limit: null, order: [], conditions: [], values: new Map(), unplaced: [], placed: 0,
    pendingSort: null, compare: tokens.some((t) => t.word === 'vs' || t.word === 'versus' || t.word.startsWith('compar')),
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
  const label = (name: string) => model.config.select.find((m) => m.column_name === name)?.label ?? columns.get(name)?.label ?? name;

  const at = (i: number) => tokens[i];
  const mark = (from: number, to: number) => {
    for (let i = from; i < to; i++) tokens[i]!.used = true;
  };
  /** The longest phrase starting at i (ties: the preferred kind). */
  const phraseAt = (i: number, prefer: Target['kind'][]): { phrase: Phrase; length: number } | null => {
    let best: { phrase: Phrase; length: number } | null = null;
    for (const phrase of phrases) {
      const n = phrase.stems.length;
      if (i + n > tokens.length) continue;
      let ok = true;
      for (let k = 0; k < n && ok; k++) ok = !tokens[i + k]!.used && tokens[i + k]!.stem === phrase.stems[k];
      if (!ok || (phrase.caps && tokens[i]!.raw !== phrase.caps)) continue;
      const rank = (p: Phrase) => prefer.indexOf(p.target.kind);
      if (!best || n > best.length || (n === best.length && rank(phrase) < rank(best.phrase))) best = { phrase, length: n };
    }
    return best;
  };
  const setGroup = (name: string, words: string) => {
    if (draft.groupBy === null || draft.groupBy === name) {
      draft.groupBy = name;
      draft.placed++;
    } else {
      draft.unplaced.push({ text: words, message: `A report groups by one column: '${words}' was left out (grouped by ${label(draft.groupBy)}).`, suggestions: [] });
    }
  };

  // 3a. top / bottom N, limit N, N rows
  for (let i = 0; i < tokens.length; i++) {
    const t = at(i)!;
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

  // 3b. sorted / ordered by X [asc|desc]
  for (let i = 0; i < tokens.length; i++) {
    if (!/^(?:sorted|sort|order|ordered|rank|ranked)$/.test(at(i)!.word) || at(i + 1)?.word !== 'by') continue;
    const hit = phraseAt(i + 2, ['metric', 'column', 'value']);
    if (!hit || hit.phrase.target.kind === 'value') continue;
    const name = hit.phrase.target.column_name;
    let end = i + 2 + hit.length;
    let order: SortOrder = draft.pendingSort ?? 'DESC';
    const next = tokens.slice(end, end + 3).map((t) => t.word).join(' ');
    const m = /^(?:(asc|ascending|lowest first|smallest first|low to high)|(desc|descending|highest first|largest first|high to low))/.exec(next);
    if (m) {
      order = m[1] ? 'ASC' : 'DESC';
      end += m[0].split(' ').length;
    }
    mark(i, end);
    if (hit.phrase.target.kind === 'metric') addMetric(name, i + 2);
    draft.order.push({ column_name: name, order });
    draft.pendingSort = null;
  }

  // 3c. retention lists: "d1 and d7 retention", "retention d1, d3, d7", "day 1 retention", "7-day retention", "w2 retention"
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
      if (first && second && /^(?:day|week|d|w)$/.test(first.word) && /^\d{1,3}$/.test(second.word) && !first.used && !second.used) {
        return { unit: first.word.startsWith('w') ? 'w' : 'd', n: Number(second.word), at: step === 1 ? [j, j + 1] : [j - 1, j] };
      }
      if (first && second && /^\d{1,3}$/.test(first.word) && /^(?:day|week)$/.test(second.word) && !first.used && !second.used) {
        return { unit: second.word === 'week' ? 'w' : 'd', n: Number(first.word), at: step === 1 ? [j, j + 1] : [j - 1, j] };
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
        const near = p.unit === 'd' && p.n > 7 ? [`retention_w${Math.min(7, Math.floor(p.n / 7))}`, 'retention_d7'] : ['retention_d7', 'retention_w1'];
        draft.unplaced.push({
          text: `${p.unit.toUpperCase()}${p.n} retention`,
          message: `'${p.unit.toUpperCase()}${p.n} retention' is not a metric I know.`,
          suggestions: near.filter((m) => metricNames.has(m)).map((m) => ({ column_name: m, label: label(m), kind: 'metric' as const })),
        });
      }
    }
  }

  // 3d. app versions: "version 1.2.0", "v1.3.0", "builds 1.2.0 and 1.3.0"
  if (columns.has('app_version')) {
    for (let i = 0; i < tokens.length; i++) {
      const m = /^v?(\d+\.\d+(?:\.\d+)*)$/.exec(at(i)!.word);
      if (!m || at(i)!.used) continue;
      const list = draft.values.get('app_version') ?? { values: [], negated: false };
      list.values.push(m[1]!);
      draft.values.set('app_version', list);
      at(i)!.used = true;
      if (i > 0 && /^(?:version|build|release|app|v)$/.test(at(i - 1)!.word)) at(i - 1)!.used = true;
      if (i > 1 && at(i - 2)!.word === 'app' && at(i - 1)!.word === 'version') at(i - 2)!.used = true;
      draft.placed++;
    }
  }

  // 3e. numeric conditions: "<column> above 10", "level > 5", "levels 1 to 10"
  for (let i = 0; i < tokens.length; i++) {
    const hit = phraseAt(i, ['column', 'metric', 'value']);
    if (!hit || hit.phrase.target.kind !== 'column') continue;
    const column = columns.get(hit.phrase.target.column_name)!;
    if (!['INTEGER', 'INT64', 'FLOAT', 'FLOAT64', 'DOUBLE'].includes(column.data_type)) continue;
    let j = i + hit.length;
    const range = numberOf(at(j)?.word) !== null && /^(?:to|-|through)$/.test(at(j + 1)?.word ?? '') ? numberOf(at(j + 2)?.word) : null;
    if (range !== null) {
      draft.conditions.push({ column_name: column.column_name, comparison: 'greater_than_or_equal', value: numberOf(at(j)!.word)! });
      draft.conditions.push({ column_name: column.column_name, comparison: 'less_than_or_equal', value: range });
      mark(i, j + 3);
      draft.placed++;
      continue;
    }
    const op = OPERATORS.find(([ws]) => ws.every((w, k) => at(j + k)?.word === w));
    if (op) j += op[0].length;
    else if (i > 0 && at(i - 1)!.word === 'first' && numberOf(at(j)?.word) === null) continue;
    const n = numberOf(at(j)?.word);
    if (n === null || (!op && column.column_name !== 'level')) continue;
    draft.conditions.push({ column_name: column.column_name, comparison: op ? op[1] : 'equals', value: n });
    mark(i, j + 1);
    draft.placed++;
  }

  // 4. phrases, left to right
  let bareRevenue: number | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const t = at(i)!;
    if (t.used) continue;
    const prev = (k: number) => at(i - k)?.word ?? '';
    const groupContext = GROUP_WORDS.has(prev(1)) || (prev(2) === 'broken' && prev(1) === 'down') || (prev(1) === 'by' && prev(2) === 'split')
      || (tokens[i - 1]?.used && numberOf(prev(1)) !== null && (DESC_WORDS.has(prev(2)) || ASC_WORDS.has(prev(2)) || prev(2) === 'first'))
      || DESC_WORDS.has(prev(1)) || ASC_WORDS.has(prev(1));
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
    const words = tokens.slice(i, i + hit.length).map((x) => x.raw).join(' ');
    const target = hit.phrase.target;
    const negatedAt = NEGATIONS.has(prev(1)) ? 1 : (NEGATIONS.has(prev(2)) && /^(?:from|in|on|for)$/.test(prev(1))) || (prev(1) === 'than' && prev(2) === 'other') ? 2 : 0;
    const negated = negatedAt > 0;
    mark(i, i + hit.length);
    if (negated) mark(i - negatedAt, i);
    if (target.kind === 'metric') {
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
      const sortWord = groupContext && prev(1) === 'by' && draft.pendingSort;
      if (sortWord && draft.groupBy !== null) {
        draft.order.push({ column_name: target.column_name, order: draft.pendingSort! });
        draft.pendingSort = null;
      }
    } else if (target.kind === 'column') {
      setGroup(target.column_name, words);
    } else {
      const list = draft.values.get(target.column_name) ?? { values: [], negated };
      if (!list.values.includes(target.value)) list.values.push(target.value);
      list.negated = list.negated || negated;
      draft.values.set(target.column_name, list);
      draft.placed++;
    }
  }

  if (bareRevenue !== null && !draft.metrics.some((m) => m === 'iap_revenue' || m === 'ad_revenue')) {
    for (const m of ['iap_revenue', 'ad_revenue']) if (metricNames.has(m)) addMetric(m, bareRevenue);
  }
  draft.metrics.sort((a, b) => (metricAt.get(a) ?? 0) - (metricAt.get(b) ?? 0));

  // values → conditions (or a group-by when compared: "iOS vs Android")
  for (const [column_name, { values, negated }] of draft.values) {
    const column = columns.get(column_name)!;
    if (values.length > 1 && draft.compare && !negated && (draft.groupBy === null || draft.groupBy === column_name)) {
      draft.groupBy = column_name;
      continue;
    }
    if (column.data_type === 'BOOL') {
      const value = values[0] === true ? !negated : negated;
      draft.conditions.push({ column_name, comparison: value ? 'is_true' : 'is_false', value: value ? 'is_true' : 'is_false' });
    } else if (values.length > 1) {
      draft.conditions.push({ column_name, comparison: negated ? 'is_not_one_of' : 'is_one_of', value: values.join(',') });
    } else {
      draft.conditions.push({ column_name, comparison: negated ? 'not_equals' : 'equals', value: String(values[0]) });
    }
  }

  // a sort asked for ("top 10 countries", "lowest ...") without its metric sorts by the first metric
  if (draft.pendingSort && draft.metrics[0] && draft.order.length === 0) draft.order.push({ column_name: draft.metrics[0], order: draft.pendingSort });

  // 5. what is left
  let run: string[] = [];
  let runContext: 'group' | 'filter' | 'metric' = 'metric';
  const flush = () => {
    if (run.length) draft.unplaced.push(unplacedOf(run.join(' '), runContext, model, label));
    run = [];
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = at(i)!;
    const filler = t.used || FILLER.has(t.word) || FILLER.has(t.stem) || KEYWORDS.includes(t.word) || /^\d+$/.test(t.word) || t.word.length < 2;
    if (filler) {
      flush();
      if (!t.used) runContext = GROUP_WORDS.has(t.word) ? 'group' : /^(?:only|in|for|from|where|excluding|except|without|on)$/.test(t.word) ? 'filter' : runContext;
      if (t.used) runContext = 'metric';
      continue;
    }
    run.push(t.raw);
  }
  flush();
  return { draft, dates: found ? { date_start: found.date_start, date_end: found.date_end } : null };
}

function unplacedOf(text: string, context: 'group' | 'filter' | 'metric', model: AskModel, label: (name: string) => string): AskUnplaced {
  const lower = text.toLowerCase();
  const metric = (name: string): AskSuggestion => ({ column_name: name, label: label(name), kind: 'metric' });
  const has = (name: string) => model.config.select.some((m) => m.column_name === name);
  if (context === 'group') {
    const near = model.config.group_by_where
      .map((c) => ({ c, d: Math.min(editDistance(lower, (c.label ?? c.column_name).toLowerCase()), editDistance(lower, c.column_name)) }))
      .sort((a, b) => a.d - b.d).slice(0, 3);
    return {
      text,
      message: `'${text}' is not a column I can group by.`,
      suggestions: near.map(({ c }) => ({ column_name: c.column_name, label: c.label ?? c.column_name, kind: 'group_by' as const })),
    };
  }
  const related = (RELATED_METRICS[lower] ?? RELATED_METRICS[stem(lower)] ?? []).filter(has);
  if (context === 'filter' && related.length === 0) return { text, message: `'${text}' is not a value I know how to filter on.`, suggestions: [] };
  const close = model.config.select
    .map((m) => ({ m, d: Math.min(editDistance(lower, (m.label ?? '').toLowerCase()), editDistance(lower, m.column_name)) }))
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
  const readings = models.map((model) => ({ model, ...readModel(question, model, today) }));
  // A model needs a metric; then each placed part counts 2 and each word left out 3 (ties keep the first model).
  const score = (r: (typeof readings)[number]) => (r.draft.metrics.length > 0 ? 100 : 0) + r.draft.placed * 2 - r.draft.unplaced.length * 3;
  const best = readings.reduce((a, b) => (score(b) > score(a) ? b : a));
  const { model, draft, dates } = best;
  // A word that names something only another model has says so ("'levels' is in the Events model …").
  const otherModels = models.filter((m) => m !== model);
  const unplaced = draft.unplaced.map((u) => {
    const wanted = stems(u.text).join(' ');
    if (!/is not a (?:metric|column|value)/.test(u.message)) return u;
    const home = otherModels.find((m) => lexiconOf(m).phrases.some((p) => p.stems.join(' ') === wanted));
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
  const select = draft.metrics.flatMap((name) => model.config.select.filter((m) => m.column_name === name)).map((m) => ({ ...m, model_id: model.id }));
  const group = draft.groupBy ? columns.get(draft.groupBy) : undefined;
  const where = draft.conditions.flatMap((c) => {
    const column = columns.get(c.column_name);
    return column
      ? [{ label: c.column_name, column_name: c.column_name, comparison: c.comparison, value: c.value, checked: true, data_type: column.data_type, sample_value: column.sample_value, model_id: model.id }]
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
