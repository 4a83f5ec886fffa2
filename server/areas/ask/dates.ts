/**
 * Dates of a question → the report's date range (inclusive UTC days), resolved like the compiler's relative ranges
 * (src/contracts/analyze.ts resolveRelativeDateRange: last_N_days = the N days ending today, Monday weeks, calendar
 * months). The fixed windows publishers write most ("last 30 days", "this week", "last month", "yesterday") are
 * read here; everything else ("since March", "from March 3 to April 10", "in May", "2026-05-01") by chrono-node with
 * a UTC reference. A month named without a day means the whole month; "since"/"from" a day means that day to today;
 * "before"/"until" a day means the data's first day up to it.
 */
import * as chrono from 'chrono-node';
import {
  addDays,
  daysBetween,
  resolveRelativeDateRange,
  type RelativeDateComparison,
} from '../../../src/contracts/analyze';

export interface FoundDates {
  date_start: string;
  date_end: string;
  /** The question with the date words blanked out (same length, so positions stay). */
  rest: string;
}

const NUMBER_WORDS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    a: 1,
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
    eleven: 11,
    twelve: 12,
    fourteen: 14,
    fifteen: 15,
    twenty: 20,
    thirty: 30,
    sixty: 60,
    ninety: 90,
  }),
);
const UNIT_DAYS: ReadonlyMap<string, number> = new Map(
  Object.entries({ day: 1, week: 7, month: 30, quarter: 90, year: 365 }),
);

const DATE_LIKE =
  /\b(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|mon(?:day)?|tue(?:sday)?|wed(?:nesday)?|thu(?:rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?|\d{1,4})\b/g;

/** "since may …": chrono leaves the month May alone after "since" unread (the verb "may"); it is its first day. */
const SINCE_MAY =
  /\b(?:since|from|after|starting)\s+(?:the\s+start\s+of\s+)?may\b(?!\s*(?:\d|,|to\b|until\b|till\b|through\b|and\b|-))/g;

const blank = (text: string, index: number, length: number) =>
  text.slice(0, index) + ' '.repeat(length) + text.slice(index + length);
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const lastDayOfMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

const RELATIVE: [RegExp, RelativeDateComparison | ((today: string) => { date_start: string; date_end: string })][] = [
  [/\b(?:this|current) week\b|\bweek to date\b|\bwtd\b/, 'this_week'],
  [/\b(?:last|previous|past|prior) week\b/, 'last_week'],
  [/\b(?:this|current) month\b|\bmonth to date\b|\bmtd\b/, 'this_month'],
  [/\b(?:last|previous|prior) month\b/, 'last_month'],
  [
    /\b(?:this|current) year\b|\byear to date\b|\bytd\b/,
    (today) => ({ date_start: `${today.slice(0, 4)}-01-01`, date_end: today }),
  ],
  [/\byesterday\b/, (today) => ({ date_start: addDays(today, -1), date_end: addDays(today, -1) })],
  [/\btoday\b/, (today) => ({ date_start: today, date_end: today })],
];

/** "last 30 days", "past 2 weeks", "previous three months", "last quarter", "the last 90d". */
const WINDOW =
  /\b(?:in |over |during |for )?(?:the )?(?:last|past|previous|recent|trailing)\s+(\d{1,4}|[a-z]+)?\s*(day|week|month|quarter|year)s?\b|\b(?:last|past)\s+(\d{1,4})d\b/;

function windowDays(match: RegExpExecArray): number | null {
  if (match[3]) return Number(match[3]);
  const unit = UNIT_DAYS.get(match[2]!)!;
  if (match[1] === undefined) return unit === 7 || unit === 30 ? null : unit; // "last week/month" are calendar ranges
  const n = /^\d+$/.test(match[1]) ? Number(match[1]) : NUMBER_WORDS.get(match[1]);
  return n && n > 0 ? n * unit : null;
}

/** The date range a question names, or null. `today` is a UTC YYYY-MM-DD day; `firstDay` the data's first day. */
export function findDates(question: string, today: string, firstDay?: string): FoundDates | null {
  let text = question.toLowerCase();

  const window = WINDOW.exec(text);
  const days = window ? windowDays(window) : null;
  if (window && days) {
    return {
      date_start: addDays(today, -(days - 1)),
      date_end: today,
      rest: blank(text, window.index, window[0].length),
    };
  }
  for (const [re, resolve] of RELATIVE) {
    const m = re.exec(text);
    if (!m) continue;
    const range = typeof resolve === 'string' ? resolveRelativeDateRange(resolve, today) : resolve(today);
    return { ...range, rest: blank(text, m.index, m[0].length) };
  }

  // Version numbers ("1.2.0") and bare counts are no dates: hide them from chrono.
  const hidden = text
    .replace(/\b\d+\.\d+(?:\.\d+)*\b/g, (s) => ' '.repeat(s.length))
    .replace(/\b(?:top|bottom|first|best|worst|limit|level|levels|over|above|under|below|than)\s+\d+\b/g, (s) =>
      ' '.repeat(s.length),
    );
  const monthEnded = hidden.replace(SINCE_MAY, (m) => `${m.slice(0, -3)}5/1`);
  const reference = { instant: new Date(`${today}T12:00:00Z`), timezone: 0 };
  // chrono's cost grows fast with the number of dates in a text; a question names two at most, so only the text up
  // to the seventh date-like word is read (a hostile 500-character question stays fast).
  const cut = [...monthEnded.matchAll(DATE_LIKE)][6];
  const results = chrono.en.casual
    .parse(cut ? monthEnded.slice(0, cut.index) : monthEnded, reference, { forwardDate: false })
    .filter((r) => r.start.isCertain('month') || r.start.isCertain('year'));
  if (results.length === 0) return null;

  const dayOf = (c: chrono.ParsedComponents, edge: 'start' | 'end') => {
    const m = c.get('month') ?? 1;
    // A month or day without a year is its latest one up to today ("since March" in November: this year's March).
    let y = c.get('year') ?? Number(today.slice(0, 4));
    if (!c.isCertain('year')) {
      y = Number(today.slice(0, 4));
      if (iso(y, m, c.isCertain('day') ? c.get('day')! : 1) > today) y -= 1;
    }
    if (c.isCertain('day')) return iso(y, m, c.get('day')!);
    if (!c.isCertain('month')) return edge === 'start' ? iso(y, 1, 1) : iso(y, 12, 31);
    return edge === 'start' ? iso(y, m, 1) : iso(y, m, lastDayOfMonth(y, m));
  };
  const first = results[0]!;
  const second = results[1];
  let date_start = dayOf(first.start, 'start');
  let date_end = first.end ? dayOf(first.end, 'end') : dayOf(first.start, 'end');
  let from = first.index;
  let to = first.index + first.text.length;
  const before = hidden.slice(Math.max(0, first.index - 12), first.index);
  if (!first.end && second && /^\s*(?:and|to|until|till|through|-)\s*$/.test(hidden.slice(to, second.index))) {
    date_end = dayOf(second.start, 'end');
    to = second.index + second.text.length;
  } else if (
    !first.end &&
    /\b(?:since|from|after|starting)\s+(?:the\s+)?(?:start of\s+|beginning of\s+)?$/.test(before)
  ) {
    date_end = today;
  } else if (!first.end && /\b(?:before|until|till|up to)\s+$/.test(before)) {
    date_start = firstDay ?? addDays(dayOf(first.start, 'end'), -89);
  }
  const lead = /\b(?:since|from|after|starting|before|until|till|up to|between|in|during|for|on)\s+(?:the\s+)?$/.exec(
    before,
  );
  if (lead) from -= lead[0].length;
  if (date_start > date_end) [date_start, date_end] = [date_end, date_start];
  if (daysBetween(date_start, date_end) < 0) return null;
  return { date_start, date_end, rest: blank(text, from, to - from) };
}
