/**
 * The test harness: Chromium finder and install plan, tier selection and summary, budget report, and the import
 * checker's self-test (the real rules run on a fixture that breaks them, so the imports tier cannot pass on nothing).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkImports } from '../../scripts/check-imports';
import {
  DEBIAN_CHROMIUM,
  DEBIAN_HEADLESS_SHELL,
  findChromium,
  installPlan,
  skipsBrowserDownload,
  type FinderDeps,
} from '../../scripts/chromium-path';
import {
  formatDuration,
  formatE2eFileTimes,
  formatSummary,
  runAll,
  selectTiers,
  tiers,
  type TierResult,
} from '../../scripts/test-all';
import { formatReport, kb, overLimits, type PageMeasure } from '../../scripts/bundle-budget';

const PLAYWRIGHT_OWN = '/root/.cache/ms-playwright/chromium-1/chrome-linux64/chrome';

function deps(
  existing: string[],
  env: Record<string, string | undefined> = {},
  own: string | undefined = PLAYWRIGHT_OWN,
): FinderDeps {
  return { env, isExecutable: (p) => existing.includes(p), playwrightPath: () => own };
}

describe('findChromium', () => {
  test('CHROMIUM_PATH wins when it exists', () => {
    expect(
      findChromium(deps(['/opt/chrome', DEBIAN_CHROMIUM, PLAYWRIGHT_OWN], { CHROMIUM_PATH: '/opt/chrome' })),
    ).toEqual({
      path: '/opt/chrome',
      source: 'CHROMIUM_PATH',
    });
  });

  test('a CHROMIUM_PATH that does not exist falls through to Debian', () => {
    expect(findChromium(deps([DEBIAN_CHROMIUM], { CHROMIUM_PATH: '/nowhere/chrome' }))).toEqual({
      path: DEBIAN_CHROMIUM,
      source: 'debian',
    });
  });

  test('an empty CHROMIUM_PATH is ignored', () => {
    expect(findChromium(deps([DEBIAN_CHROMIUM], { CHROMIUM_PATH: '  ' }))?.source).toBe('debian');
  });

  test('Debian chromium before Playwright own', () => {
    expect(findChromium(deps([DEBIAN_CHROMIUM, PLAYWRIGHT_OWN]))?.source).toBe('debian');
  });

  test("Debian's headless shell before the whole Debian chromium", () => {
    expect(findChromium(deps([DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL, PLAYWRIGHT_OWN]))).toEqual({
      path: DEBIAN_HEADLESS_SHELL,
      source: 'debian-headless-shell',
    });
    expect(findChromium(deps([DEBIAN_HEADLESS_SHELL, '/opt/chrome'], { CHROMIUM_PATH: '/opt/chrome' }))?.source).toBe(
      'CHROMIUM_PATH',
    );
  });

  test("Playwright's own only when it was downloaded", () => {
    expect(findChromium(deps([PLAYWRIGHT_OWN]))).toEqual({ path: PLAYWRIGHT_OWN, source: 'playwright' });
    expect(findChromium(deps([]))).toBeNull();
    expect(findChromium(deps([], {}, undefined))).toBeNull();
  });
});

describe('installPlan', () => {
  test("root with apt-get installs Debian's chromium-headless-shell", () => {
    expect(installPlan({ isRoot: true, hasAptGet: true })).toEqual({
      kind: 'apt',
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', 'chromium-headless-shell'],
      ],
    });
  });
  test("otherwise Playwright's download", () => {
    for (const opts of [
      { isRoot: false, hasAptGet: true },
      { isRoot: true, hasAptGet: false },
    ]) {
      expect(installPlan(opts)).toEqual({
        kind: 'playwright',
        commands: [['npx', 'playwright', 'install', 'chromium']],
      });
    }
  });
  test('PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD forbids the download but not apt', () => {
    expect(installPlan({ isRoot: false, hasAptGet: true, skipDownload: true })).toMatchObject({ kind: 'refuse' });
    expect(installPlan({ isRoot: true, hasAptGet: true, skipDownload: true }).kind).toBe('apt');
    expect(skipsBrowserDownload({ PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' })).toBe(true);
    expect(skipsBrowserDownload({ PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: 'true' })).toBe(true);
    expect(skipsBrowserDownload({ PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '0' })).toBe(false);
    expect(skipsBrowserDownload({})).toBe(false);
  });
});

describe('test-all tiers', () => {
  test('order, and the PostgreSQL run only with TEST_DATABASE_URL', () => {
    const without = tiers({});
    expect(without.map((t) => t.name)).toEqual([
      'typecheck',
      'imports',
      'format',
      'lint',
      'unit',
      'model',
      'server',
      'server-postgres',
      'build',
      'chromium',
      'budget',
      'e2e',
    ]);
    expect(without.find((t) => t.name === 'server-postgres')?.skip).toBe('TEST_DATABASE_URL is not set');

    const url = 'postgres://u:p@127.0.0.1:5432/db';
    const withPg = tiers({ TEST_DATABASE_URL: url });
    expect(withPg.find((t) => t.name === 'server-postgres')).toMatchObject({
      skip: undefined,
      env: { TEST_DATABASE_URL: url },
    });
    // the first server run stays on the embedded database
    const server = withPg.find((t) => t.name === 'server')!;
    expect('TEST_DATABASE_URL' in (server.env ?? {}) && server.env!.TEST_DATABASE_URL === undefined).toBe(true);
    expect(server.command).toEqual(['npx', 'vitest', 'run', '--project', 'server']);
  });

  test('no tier passes on nothing: no pass-with-no-tests flag anywhere', () => {
    for (const tier of tiers({ TEST_DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' })) {
      expect(
        tier.command.filter((arg) => /pass-?with-?no-?tests/i.test(arg)),
        tier.name,
      ).toEqual([]);
    }
  });

  test('typecheck checks every tsconfig part, and the imports tier runs the checker', () => {
    const all = tiers({});
    expect(all.find((t) => t.name === 'typecheck')?.command).toEqual(['npm', 'run', '--silent', 'typecheck']);
    expect(all.find((t) => t.name === 'imports')?.command).toEqual(['npx', 'tsx', 'scripts/check-imports.ts']);
    const scripts = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
      .scripts;
    // Every project tsconfig (not the shared base, not the root map) is type-checked by `npm run typecheck`.
    const parts = fs
      .readdirSync('.')
      .filter((f) => /^tsconfig\..+\.json$/.test(f) && f !== 'tsconfig.base.json')
      .sort();
    expect(parts).toEqual(['tsconfig.browser.json', 'tsconfig.node.json', 'tsconfig.tests.json']);
    expect(scripts.typecheck!.split(' && ').sort()).toEqual(parts.map((f) => `tsc --noEmit -p ${f}`));
    expect(scripts.imports).toBe('tsx scripts/check-imports.ts');
  });

  test('--only and --from select tiers; unknown names are refused', () => {
    const all = tiers({});
    expect(selectTiers(all, []).length).toBe(all.length);
    expect(selectTiers(all, ['--only', 'e2e,unit']).map((t) => t.name)).toEqual(['unit', 'e2e']);
    expect(selectTiers(all, ['--from', 'budget']).map((t) => t.name)).toEqual(['budget', 'e2e']);
    expect(() => selectTiers(all, ['--only', 'typo'])).toThrow(/unknown tier "typo"/);
  });
});

describe('test-all summary', () => {
  test('durations', () => {
    expect(formatDuration(420)).toBe('420 ms');
    expect(formatDuration(12_345)).toBe('12.3 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
  });

  test('table and the closing count of tiers', () => {
    const results: TierResult[] = [
      { name: 'typecheck', outcome: 'passed', ms: 4_200 },
      { name: 'server-postgres', outcome: 'skipped', ms: 0, note: 'TEST_DATABASE_URL is not set' },
      { name: 'unit', outcome: 'failed', ms: 900, note: 'exit code 1' },
      { name: 'e2e', outcome: 'not run', ms: 0 },
    ];
    const summary = formatSummary(results);
    const lines = summary.split('\n');
    expect(lines.at(-1)).toBe('1 passed, 1 failed');
    expect(summary).toContain('typecheck        passed        4.2 s');
    expect(summary).toContain('unit             failed       900 ms  exit code 1');
    expect(summary).toContain('server-postgres  skipped              TEST_DATABASE_URL is not set');
    expect(summary).toMatch(/^e2e\s+not run$/m);
    expect(summary).toMatch(/^total\s+5\.1 s$/m);
  });

  test('all green', () => {
    expect(
      formatSummary([{ name: 'unit', outcome: 'passed', ms: 1 }])
        .split('\n')
        .at(-1),
    ).toBe('1 passed, 0 failed');
  });

  test("a group's tiers count once in the total: as long as the slowest of them", () => {
    const summary = formatSummary([
      { name: 'typecheck', outcome: 'passed', ms: 30_000, group: 'static' },
      { name: 'format', outcome: 'passed', ms: 20_000, group: 'static' },
      { name: 'unit', outcome: 'passed', ms: 5_000 },
    ]);
    expect(summary).toMatch(/^total\s+35\.0 s$/m);
  });

  test('a group runs side by side, each output printed whole; a failure in it stops what follows', async () => {
    // Each of a and b marks that it started, then waits (at most 20 s) for the other's mark: one after the other,
    // the first would give up and fail; side by side, both see the other.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-tiers-'));
    const meet = (me: string, other: string, exit: number) => [
      'node',
      '-e',
      `const fs = require('fs'); const p = require('path'); fs.writeFileSync(p.join(${JSON.stringify(dir)}, '${me}'), '');
       const until = Date.now() + 20000;
       const look = () => fs.existsSync(p.join(${JSON.stringify(dir)}, '${other}'))
         ? (console.log('${me} met ${other}'), process.exit(${exit}))
         : Date.now() > until ? process.exit(9) : setTimeout(look, 20);
       look();`,
    ];
    const lines: string[] = [];
    const results = await runAll(
      [
        { name: 'a', command: meet('a', 'b', 0), group: 'g' },
        { name: 'b', command: meet('b', 'a', 3), group: 'g' },
        { name: 'c', command: ['node', '-e', 'console.log("c")'] },
      ],
      (line) => lines.push(line),
    );
    fs.rmSync(dir, { recursive: true, force: true });
    expect(results.map((r) => [r.name, r.outcome, r.group])).toEqual([
      ['a', 'passed', 'g'],
      ['b', 'failed', 'g'],
      ['c', 'not run', undefined],
    ]);
    expect(results[1]!.note).toBe('exit code 3');
    expect(lines.find((l) => l.includes('=== a:'))).toMatch(/alongside the rest of its group\)\na met b$/);
    expect(lines.find((l) => l.includes('=== b:'))).toMatch(/\nb met a$/);
  });

  test('the e2e time per spec file, as the reporter wrote it', () => {
    const text = formatE2eFileTimes({
      files: [
        { file: 'tests/e2e/flow-paths.spec.ts', tests: 120, ms: 600_000, failed: 0 },
        { file: 'tests/e2e/team.spec.ts', tests: 9, ms: 45_500, failed: 1 },
      ],
    });
    expect(text.split('\n')).toEqual([
      'e2e time per spec file',
      '  tests/e2e/flow-paths.spec.ts   120 tests  10 min 0 s',
      '  tests/e2e/team.spec.ts           9 tests      45.5 s  1 failed',
    ]);
    expect(formatE2eFileTimes(undefined)).toBe('');
  });
});

describe('bundle budget report', () => {
  const page = (name: string, sizes: number[]): PageMeasure => ({
    name,
    path: `/${name}`,
    files: sizes.map((gzipBytes, i) => ({
      url: `http://127.0.0.1:1/assets/${name}-${i}.js`,
      bytes: gzipBytes * 3,
      gzipBytes,
    })),
    gzipBytes: sizes.reduce((a, b) => a + b, 0),
  });

  test('kB are 1000 bytes, as Vite prints them', () => {
    expect(kb(150_000)).toBe('150.0 kB');
    expect(kb(98_912)).toBe('98.9 kB');
  });

  const limits = { targetBytes: 125_000, budgetBytes: 150_000 };

  test('a page within the target is one line; a page over it lists its files, largest first', () => {
    const report = formatReport([page('small', [1_000, 2_000]), page('big', [100_000, 60_000])], limits);
    const lines = report.split('\n');
    expect(lines[0]).toMatch(
      /^ok {2}\s+small\s+\/small\s+3\.0 kB gzipped JS in 2 files \(target 125\.0 kB, budget 150\.0 kB\)$/,
    );
    expect(lines[1]).toMatch(/^OVER\s+big\s+\/big\s+160\.0 kB gzipped JS in 2 files/);
    expect(lines.slice(2).map((l) => l.trim())).toEqual(['100.0 kB  /assets/big-0.js', '60.0 kB  /assets/big-1.js']);
  });

  test('over the 125 kB target fails as well as over the 150 kB budget; exactly the target passes', () => {
    const pages = [page('at-target', [125_000]), page('over-target', [125_001]), page('over-budget', [150_001])];
    expect(overLimits(pages, limits).map((p) => p.name)).toEqual(['over-target', 'over-budget']);
    expect(
      formatReport(pages, limits)
        .split('\n')
        .filter((l) => l.startsWith('OVER')),
    ).toHaveLength(2);
  });
});

describe('import checker (the real .dependency-cruiser.cjs on tests/unit/fixtures/imports)', () => {
  const fixture = path.resolve('tests/unit/fixtures/imports');

  test('reports a contract importing a service (through a tsconfig alias), a view importing http.ts (JSX) and a cycle', async () => {
    const check = await checkImports(['src'], { baseDir: fixture });
    expect(check.ok).toBe(false);
    expect(check.emptyRoots).toEqual([]);
    // Exactly these: the view's query hook and the actors file's service import are allowed.
    expect([...check.violations].sort()).toEqual([
      'contracts-are-pure: src/contracts/team.ts → src/services/team.service.ts',
      'no-cycles: src/machines/team/team.machine.ts → src/machines/team/team.selectors.ts → src/machines/team/team.machine.ts',
      'views-only-query-hooks: src/views/TeamPage.tsx → src/services/http.ts',
    ]);
    expect(check.report).toContain('  error contracts-are-pure: src/contracts/team.ts → src/services/team.service.ts');
    expect(check.report).toMatch(/^ {2}contracts-are-pure: src\/contracts is shared by the SPA and the server/m);
  });

  test("reports an area reaching past another area's door, area logic using HTTP, infrastructure importing an area and a composition skipping a door", async () => {
    const check = await checkImports(['server'], { baseDir: fixture });
    expect(check.ok).toBe(false);
    // Exactly these: billing's index.ts, and acquire's routes using HTTP and their own area, are allowed.
    expect([...check.violations].sort()).toEqual([
      'area-doors: server/areas/acquire/acquire.ts → server/areas/billing/billing.ts',
      'area-logic-not-http: server/areas/acquire/acquire.ts → server/http/decode.ts',
      'composition-uses-doors: server/main.ts → server/areas/acquire/routes.ts',
      'infrastructure-knows-no-area: server/db/connect.ts → server/areas/billing/index.ts',
    ]);
  });

  test('a root that follows the rules passes', async () => {
    const check = await checkImports(['src/services'], { baseDir: fixture });
    expect(check.violations).toEqual([]);
    expect(check.modules).toBeGreaterThanOrEqual(3);
    expect(check.ok).toBe(true);
  });

  test('a root with no module fails, so the tier cannot pass by checking nothing', async () => {
    const check = await checkImports(['src/services', 'empty'], { baseDir: fixture });
    expect(check.violations).toEqual([]);
    expect(check.emptyRoots).toEqual(['empty']);
    expect(check.ok).toBe(false);
    expect(check.report).toContain('error no-modules: nothing to check under "empty"');
  });

  test('a root that does not exist fails', async () => {
    const check = await checkImports(['no-such-folder'], { baseDir: fixture });
    expect(check.ok).toBe(false);
    expect(check.report).toMatch(/no-such-folder/);
  });
});
