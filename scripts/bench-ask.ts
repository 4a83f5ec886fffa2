/**
 * `npm run bench:ask`: the share of questions the offline reader of "Ask Analyze in plain words" understands exactly
 * (model, metrics, group-by, dates, limit, sort and conditions all as expected) for the table the reader was written
 * against (scripts/ask-questions.ts: QUESTIONS, and EARLIER, the first reader's held-out questions, seen since) and
 * for the held-out questions of tests/fixtures/ask/held-out.ts, which only this script reads: the reader's tests never
 * import them, so that figure is the one on questions it has never seen. Prints the misses and the time per question.
 * Target: ≥ 95 % exact on the held-out questions.
 */
import { isDeepStrictEqual } from 'node:util';
import { performance } from 'node:perf_hooks';
import { understand } from '../server/areas/ask/parse';
import { DEMO_MODELS, EARLIER, QUESTIONS, TODAY, expectedForm, shortForm, type Expected } from './ask-questions';
import { HELD_OUT } from '../tests/fixtures/ask/held-out';

const quiet = process.argv.includes('--quiet');

function measure(name: string, rows: [string, Expected][]) {
  let exact = 0;
  const misses: string[] = [];
  const started = performance.now();
  for (const [question, expected] of rows) {
    const got = shortForm(understand(question, DEMO_MODELS, TODAY));
    if (isDeepStrictEqual(got, expectedForm(expected))) exact++;
    else
      misses.push(
        `  ✗ ${question}\n      got  ${JSON.stringify(got)}\n      want ${JSON.stringify(expectedForm(expected))}`,
      );
  }
  const ms = (performance.now() - started) / rows.length;
  console.log(
    `${name}: ${exact}/${rows.length} understood exactly (${((100 * exact) / rows.length).toFixed(1)} %), ${ms.toFixed(2)} ms per question`,
  );
  if (!quiet) for (const miss of misses) console.log(miss);
  return { exact, total: rows.length };
}

const table = measure('table', [...QUESTIONS, ...EARLIER]);
const held = measure('held-out', HELD_OUT);
const share = (r: { exact: number; total: number }) => (100 * r.exact) / r.total;
console.log(
  `table ${share(table).toFixed(1)} % · held-out ${share(held).toFixed(1)} % (target ≥ 95 % on the held-out questions)`,
);
process.exitCode = share(held) >= 95 ? 0 : 1;
