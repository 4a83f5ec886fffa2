/**
 * `npm run imports` (and the `imports` tier of `npm test`): checks the import rules of docs/architecture.md, written in
 * .dependency-cruiser.cjs, over every root of the repository. Fails on any violation, and also when a root yielded no
 * module at all, so a broken parser, resolver or path can never pass by checking nothing.
 * tests/unit/harness.test.ts runs the same function on tests/unit/fixtures/imports, which breaks the rules on purpose.
 *
 * dependency-cruiser runs as its own CLI process (plain Node), not in this one: tsx's CommonJS interop hands
 * dependency-cruiser a different shape of `@swc/core/Visitor.js` than Node does, and its swc parser then reads nothing.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Everything that is ours: browser code, server, scripts, tests and the tool configs at the top. */
export const IMPORT_ROOTS = [
  'src',
  'server',
  'scripts',
  'tests',
  'vite.config.ts',
  'vitest.config.ts',
  'playwright.config.ts',
];

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEPCRUISE_BIN = path.join(REPO, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

export interface ImportCheck {
  ok: boolean;
  /** Modules cruised (ours and the packages they import). */
  modules: number;
  /** Roots under which no module of ours was found. */
  emptyRoots: string[];
  /** One line per violation: `rule: from → to`, a cycle as `rule: a → b → a`. */
  violations: string[];
  /** What to print: the violations, why each broken rule exists, and the count. */
  report: string;
}

export interface ImportCheckOptions {
  /** Folder the roots and the rules' paths (and the config's tsconfig) are relative to; default the repository. */
  baseDir?: string;
  /** The dependency-cruiser configuration; default the repository's .dependency-cruiser.cjs. */
  config?: string;
}

/** The parts of dependency-cruiser's JSON result that we read. */
interface CruiseJson {
  modules: { source: string; coreModule?: boolean; couldNotResolve?: boolean }[];
  summary: {
    error: number;
    totalCruised: number;
    violations: { from: string; to: string; rule: { name: string }; cycle?: { name: string }[] }[];
    ruleSetUsed?: { forbidden?: { name: string; comment?: string }[] };
  };
}

function runDepcruise(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [DEPCRUISE_BIN, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }),
    );
  });
}

const isOurs = (m: CruiseJson['modules'][number]) =>
  !m.coreModule && !m.couldNotResolve && !/(^|\/)node_modules\//.test(m.source);

export async function checkImports(
  roots: string[] = IMPORT_ROOTS,
  opts: ImportCheckOptions = {},
): Promise<ImportCheck> {
  const baseDir = path.resolve(opts.baseDir ?? REPO);
  const config = path.resolve(REPO, opts.config ?? '.dependency-cruiser.cjs');
  const run = await runDepcruise(['--config', config, '--output-type', 'json', '--', ...roots], baseDir);
  let result: CruiseJson;
  try {
    result = JSON.parse(run.stdout) as CruiseJson;
  } catch {
    const why = `dependency-cruiser gave no result (exit code ${run.code}):\n${run.stderr.trim() || run.stdout.trim()}`;
    return { ok: false, modules: 0, emptyRoots: [...roots], violations: [], report: why };
  }

  const ours = result.modules.filter(isOurs);
  const emptyRoots = roots.filter((root) => !ours.some((m) => m.source === root || m.source.startsWith(`${root}/`)));
  const violations = result.summary.violations.map((v) =>
    v.cycle?.length
      ? `${v.rule.name}: ${[v.from, ...v.cycle.map((c) => c.name)].join(' → ')}`
      : `${v.rule.name}: ${v.from} → ${v.to}`,
  );
  const broken = [...new Set(result.summary.violations.map((v) => v.rule.name))];
  const why = new Map((result.summary.ruleSetUsed?.forbidden ?? []).map((rule) => [rule.name, rule.comment ?? '']));
  const report = [
    ...violations.map((line) => `  error ${line}`),
    ...emptyRoots.map(
      (root) => `  error no-modules: nothing to check under "${root}" (wrong path, or the parser read nothing)`,
    ),
    ...(broken.length > 0
      ? ['', 'Why these rules exist:', ...broken.map((name) => `  ${name}: ${why.get(name)}`)]
      : []),
    '',
    `${violations.length} violations, ${result.summary.totalCruised} modules cruised (${ours.length} of ours) under ${roots.join(', ')}.`,
  ].join('\n');
  return {
    ok: result.summary.error === 0 && violations.length === 0 && emptyRoots.length === 0 && ours.length > 0,
    modules: result.summary.totalCruised,
    emptyRoots,
    violations,
    report: report.replace(/^\n+/, ''),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const roots = process.argv.slice(2);
  const check = await checkImports(roots.length > 0 ? roots : IMPORT_ROOTS);
  console.log(check.report);
  process.exit(check.ok ? 0 : 1);
}
