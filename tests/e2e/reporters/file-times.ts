/**
 * A Playwright reporter that measures the e2e tier per spec file: at the end of a run it prints, for every file, its
 * tests and the time they took (test bodies with their hooks and fixtures, summed over workers), slowest first, and
 * writes the same as JSON to test-results/e2e-file-times.json, which scripts/test-all.ts adds to its closing table.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';

export interface FileTime {
  file: string;
  tests: number;
  failed: number;
  ms: number;
}

export const FILE_TIMES_PATH = path.resolve(import.meta.dirname, '../../../test-results/e2e-file-times.json');

export default class FileTimesReporter implements Reporter {
  private readonly files = new Map<string, FileTime>();
  private started = 0;

  onBegin() {
    this.started = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult) {
    // The spec file, not where the test was declared (flow-paths.spec.ts's tests are declared in the driver).
    let suite: Suite | undefined = test.parent;
    while (suite && suite.type !== 'file') suite = suite.parent;
    const file = path.relative(process.cwd(), suite?.location?.file ?? test.location.file);
    const entry = this.files.get(file) ?? { file, tests: 0, failed: 0, ms: 0 };
    entry.tests += 1;
    entry.ms += result.duration;
    if (result.status !== 'passed' && result.status !== 'skipped') entry.failed += 1;
    this.files.set(file, entry);
  }

  onEnd(_result: FullResult) {
    const rows = [...this.files.values()].sort((a, b) => b.ms - a.ms);
    if (!rows.length) return;
    const width = Math.max(...rows.map((r) => r.file.length));
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`\ne2e time per spec file (wall clock of the run: ${seconds(Date.now() - this.started)})`);
    for (const r of rows)
      console.log(
        `  ${r.file.padEnd(width)}  ${String(r.tests).padStart(4)} tests  ${seconds(r.ms).padStart(9)}${r.failed ? `  ${r.failed} failed` : ''}`,
      );
    fs.mkdirSync(path.dirname(FILE_TIMES_PATH), { recursive: true });
    fs.writeFileSync(FILE_TIMES_PATH, JSON.stringify({ wallMs: Date.now() - this.started, files: rows }, null, 2));
  }

  printsToStdio() {
    return false;
  }
}
