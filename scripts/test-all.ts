/**
 * `npm test`: every tier in order, output streamed, stopping at the first failure with a non-zero exit.
 *   typecheck (browser, node and tests tsconfigs) → imports (dependency-cruiser rules) → format (Prettier's check:
 *   .prettierrc.json) → lint (oxlint, type-aware, with the React and hooks rules: .oxlintrc.json) → unit → model →
 *   server (PGlite) → server (PostgreSQL, when TEST_DATABASE_URL is set) → vite build → Chromium (installed when
 *   missing) → bundle budget → end-to-end (Playwright)
 * Three static tiers (typecheck, imports, format) run side by side, each one's output printed whole when it ends:
 * none writes anything, and tsc and Prettier use one core each. Lint runs after them: type-aware oxlint uses every
 * core. Measured on this 2-core machine: the four in a row 97 s, all four together 99 s, this way 88 s.
 * Ends with a table of tiers and durations (the total is the run's own time) and a last line `N passed, N failed`.
 * A tier that ran nothing fails: Vitest and Playwright both exit non-zero when they find no test (never pass
 * `--passWithNoTests` / `--pass-with-no-tests` here), and the import checker when a root holds no module.
 *
 * `npm test -- --only server,e2e` runs a subset (names from the table); `--from build` starts at a tier.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Written by the e2e tier's reporter (tests/e2e/reporters/file-times.ts). */
const E2E_FILE_TIMES = path.resolve(import.meta.dirname, '../test-results/e2e-file-times.json');

export interface Tier {
  name: string;
  command: string[];
  env?: Record<string, string | undefined>;
  /** Why the tier is skipped, when it is. */
  skip?: string;
  /** Consecutive tiers of one group run side by side. */
  group?: string;
}

export type Outcome = 'passed' | 'failed' | 'skipped' | 'not run';

export interface TierResult {
  name: string;
  outcome: Outcome;
  ms: number;
  note?: string;
  group?: string;
}

export function tiers(env: Record<string, string | undefined> = process.env): Tier[] {
  const vitest = (project: string) => ['npx', 'vitest', 'run', '--project', project];
  const pgUrl = env.TEST_DATABASE_URL;
  return [
    // package.json's `typecheck` lists the tsconfigs (one per part: browser, node, tests); it stays the one place.
    { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'], group: 'static' },
    { name: 'imports', command: ['npx', 'tsx', 'scripts/check-imports.ts'], group: 'static' },
    { name: 'format', command: ['npm', 'run', '--silent', 'format:check'], group: 'static' },
    // Alone: type-aware oxlint runs its own type checker on every core, so beside tsc both only got slower.
    // A finding fails the tier (warnings too); `npm run lint` shows them, `npm run format` fixes the format.
    { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
    { name: 'unit', command: vitest('unit') },
    { name: 'model', command: vitest('model') },
    // The first server run is always the embedded database, even when a PostgreSQL URL is around.
    { name: 'server', command: vitest('server'), env: { TEST_DATABASE_URL: undefined } },
    {
      name: 'server-postgres',
      command: vitest('server'),
      env: { TEST_DATABASE_URL: pgUrl },
      skip: pgUrl ? undefined : 'TEST_DATABASE_URL is not set',
    },
    { name: 'build', command: ['npx', 'vite', 'build'] },
    { name: 'chromium', command: ['npx', 'tsx', 'scripts/ensure-chromium.ts'] },
    { name: 'budget', command: ['npx', 'tsx', 'scripts/bundle-budget.ts'] },
    { name: 'e2e', command: ['npx', 'playwright', 'test'], env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } },
  ];
}

/** Picks tiers from `--only a,b` or `--from name`; unknown names are an error. */
export function selectTiers(all: Tier[], argv: string[]): Tier[] {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const names = all.map((t) => t.name);
  const only = value('--only')
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const from = value('--from');
  for (const name of [...(only ?? []), ...(from ? [from] : [])]) {
    if (!names.includes(name)) throw new Error(`unknown tier "${name}" (tiers: ${names.join(', ')})`);
  }
  if (only) return all.filter((t) => only.includes(t.name));
  if (from) return all.slice(names.indexOf(from));
  return all;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}

/** The e2e tier's time per spec file, slowest first (from the reporter's file), or nothing. */
export function formatE2eFileTimes(
  report: { files: Array<{ file: string; tests: number; ms: number; failed: number }> } | undefined,
): string {
  if (!report?.files.length) return '';
  const width = Math.max(...report.files.map((f) => f.file.length));
  return [
    'e2e time per spec file',
    ...report.files.map(
      (f) =>
        `  ${f.file.padEnd(width)}  ${String(f.tests).padStart(4)} tests  ${formatDuration(f.ms).padStart(10)}${f.failed ? `  ${f.failed} failed` : ''}`,
    ),
  ].join('\n');
}

/** The closing table and the last line `N passed, N failed` (skipped and not-run tiers count in neither). */
export function formatSummary(results: TierResult[]): string {
  const nameWidth = Math.max(4, ...results.map((r) => r.name.length));
  const rows = results.map((r) => {
    const time = r.outcome === 'passed' || r.outcome === 'failed' ? formatDuration(r.ms) : '';
    return `${r.name.padEnd(nameWidth)}  ${r.outcome.padEnd(7)}  ${time.padStart(10)}${r.note ? `  ${r.note}` : ''}`.trimEnd();
  });
  // A group's tiers ran side by side: the group took as long as its slowest.
  const groups = new Map<string, number>();
  let total = 0;
  for (const r of results) {
    if (!r.group) total += r.ms;
    else groups.set(r.group, Math.max(groups.get(r.group) ?? 0, r.ms));
  }
  for (const ms of groups.values()) total += ms;
  const passed = results.filter((r) => r.outcome === 'passed').length;
  const failed = results.filter((r) => r.outcome === 'failed').length;
  const rule = '-'.repeat(Math.max(...rows.map((r) => r.length), nameWidth + 21));
  return [
    rule,
    `${'tier'.padEnd(nameWidth)}  ${'result'.padEnd(7)}  ${'time'.padStart(10)}`,
    rule,
    ...rows,
    rule,
    `${'total'.padEnd(nameWidth)}  ${''.padEnd(7)}  ${formatDuration(total).padStart(10)}`,
    `${passed} passed, ${failed} failed`,
  ].join('\n');
}

/** Runs one tier; with `capture`, its output is kept and handed back instead of streamed. */
function runTier(tier: Tier, capture = false): Promise<{ ok: boolean; note?: string; output: string }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const [key, value] of Object.entries(tier.env ?? {})) {
      if (value === undefined) delete env[key];
      else env[key] = value;
    }
    const child = spawn(tier.command[0]!, tier.command.slice(1), {
      stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'],
      env,
    });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    const done = (result: { ok: boolean; note?: string }) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve({ ...result, output: Buffer.concat(chunks).toString('utf8') });
    };
    child.on('error', (error) => done({ ok: false, note: error.message }));
    child.on('close', (code, signal) =>
      done(code === 0 ? { ok: true } : { ok: false, note: signal ? `killed by ${signal}` : `exit code ${code}` }),
    );
  });
}

export async function runAll(selected: Tier[], log: (line: string) => void = console.log): Promise<TierResult[]> {
  const results: TierResult[] = [];
  let stopped = false;
  for (let i = 0; i < selected.length;) {
    const first = selected[i]!;
    // The tiers that run now: one, or the consecutive tiers of its group.
    let end = i + 1;
    while (first.group && end < selected.length && selected[end]!.group === first.group) end++;
    const batch = selected.slice(i, end);
    i = end;
    if (stopped) {
      for (const tier of batch) results.push({ name: tier.name, outcome: 'not run', ms: 0 });
      continue;
    }
    const together = batch.filter((tier) => !tier.skip).length > 1;
    const ran = await Promise.all(
      batch.map(async (tier): Promise<TierResult> => {
        if (tier.skip) {
          log(`\n=== ${tier.name}: skipped (${tier.skip})`);
          return { name: tier.name, outcome: 'skipped', ms: 0, note: tier.skip };
        }
        const header = `\n=== ${tier.name}: ${tier.command.join(' ')}`;
        if (!together) log(header);
        // A stale per-file report must never be printed as this run's.
        if (tier.name === 'e2e') fs.rmSync(E2E_FILE_TIMES, { force: true });
        const started = performance.now();
        const { ok, note, output } = await runTier(tier, together);
        const ms = performance.now() - started;
        if (together) log(`${header} (${formatDuration(ms)}, alongside the rest of its group)\n${output.trimEnd()}`);
        return {
          name: tier.name,
          outcome: ok ? 'passed' : 'failed',
          ms,
          note,
          group: together ? tier.group : undefined,
        };
      }),
    );
    results.push(...ran);
    if (ran.some((r) => r.outcome === 'failed')) stopped = true;
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let selected: Tier[];
  try {
    selected = selectTiers(tiers(), process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  const results = await runAll(selected);
  if (
    results.some((r) => r.name === 'e2e' && (r.outcome === 'passed' || r.outcome === 'failed')) &&
    fs.existsSync(E2E_FILE_TIMES)
  ) {
    console.log(
      `\n${formatE2eFileTimes(JSON.parse(fs.readFileSync(E2E_FILE_TIMES, 'utf8')) as Parameters<typeof formatE2eFileTimes>[0])}`,
    );
  }
  console.log(`\n${formatSummary(results)}`);
  process.exit(results.some((r) => r.outcome === 'failed') ? 1 : 0);
}
