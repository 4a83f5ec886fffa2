/**
 * `npm run bench:ask`: how many questions the offline reader of "Ask Analyze in plain words" understands exactly
 * (model, metrics, group-by, dates, limit, sort and conditions all as expected), for the table the reader was written
 * against and for the held-out questions (scripts/ask-questions.ts), with the misses and the time per question.
 * Target: ≥ 90 % exact.
 */
import { isDeepStrictEqual } from 'node:util';
import { performance } from 'node:perf_hooks';
import { understand } from '../server/analytics/ask/parse';
import { DEMO_MODELS, HELD_OUT, QUESTIONS, TODAY, expectedForm, shortForm, type Expected } from './ask-questions';

function measure(name: string, rows: [string, Expected][]) {
  let exact = 0;
  const misses: string[] = [];
  const started = performance.now();
  for (const [question, expected] of rows) {
    const got = shortForm(understand(question, DEMO_MODELS, TODAY));
    if (isDeepStrictEqual(got, expectedForm(expected))) exact++;
    else misses.push(`  ✗ ${question}\n      got  ${JSON.stringify(got)}\n      want ${JSON.stringify(expectedForm(expected))}`);
  }
  const ms = (performance.now() - started) / rows.length;
  console.log(`${name}: ${exact}/${rows.length} understood exactly (${((100 * exact) / rows.length).toFixed(1)} %), ${ms.toFixed(2)} ms per question`);
  for (const miss of misses) console.log(miss);
  return { exact, total: rows.length };
}

const table = measure('table', QUESTIONS);
const held = measure('held-out', HELD_OUT);
const all = (100 * (table.exact + held.exact)) / (table.total + held.total);
console.log(`all: ${(table.exact + held.exact)}/${table.total + held.total} (${all.toFixed(1)} %; target ≥ 90 %)`);
process.exitCode = all >= 90 ? 0 : 1;
