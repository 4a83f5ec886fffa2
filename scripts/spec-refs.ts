/**
 * Where the old references now point (docs/README.md): code comments once cited sections of a product specification
 * the repository does not contain ("SPEC §4") and issue numbers ("issue 12"). The docs pages now hold that contract,
 * with stable `##` headings; this script maps every SPEC section to the page and heading that covers it, for the
 * area a file belongs to.
 *
 *   tsx scripts/spec-refs.ts --map     prints the section map (per area) and checks every heading exists in docs/
 *   tsx scripts/spec-refs.ts --files   lists each file holding references with the area whose page it points at
 *   tsx scripts/spec-refs.ts --check   lists every "SPEC §" and "issue <n>" reference in src/ and server/, with counts
 *                                      (exit 1 when a reference has no target or a target heading is missing)
 *   tsx scripts/spec-refs.ts --write   rewrites them in place: "SPEC §4" → "docs/acquire.md §Quest states", a bare
 *                                      "§5" later in the same file → "§Rules and limits" (same page) or the full form,
 *                                      "(issue 12)" removed, other "issue 12" → "docs/postbacks.md"
 *
 * No dependencies beyond node. Run --write only on a tree nobody else is editing.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SCAN = ['src', 'server', 'tests', 'scripts'];
/** Files that name the old references on purpose (this script). */
const SKIP = new Set(['scripts/spec-refs.ts']);
const EXTENSIONS = /\.(ts|tsx|js|cjs|mjs|css|html)$/;

// ---------------------------------------------------------------- the map

/** The specification's sections, as it numbered them (its `## N. …` headings). */
export const SPEC_SECTIONS: Record<number, string> = {
  1: 'What the product does and for whom',
  2: 'Screens and routes',
  3: 'Entities and their fields',
  4: 'States and transitions',
  5: 'Validation rules',
  6: 'Roles and permissions',
  7: 'The calls it makes',
  8: 'Error catalogue',
  9: 'Business constants and limits',
};

type Area =
  | 'accounts'
  | 'workspace'
  | 'apps'
  | 'team'
  | 'billing'
  | 'analyze'
  | 'ask'
  | 'integrations'
  | 'postbacks'
  | 'acquire'
  | 'monetize'
  | 'app-settings'
  | 'architecture';

interface Target {
  page: string;
  heading: string;
}

/** The headings every area page shares, by SPEC section; §4 is the area's own states heading. */
const COMMON: Record<number, string> = {
  1: 'What it does',
  2: 'Screens and routes',
  3: 'Entities',
  5: 'Rules and limits',
  6: 'Roles',
  7: 'API endpoints',
  8: 'Messages',
  9: 'Rules and limits',
};

const STATES: Record<Exclude<Area, 'architecture'>, string> = {
  accounts: 'Session states',
  workspace: 'Workspace states',
  apps: 'App states',
  team: 'Member states',
  billing: 'Invoice and credit states',
  analyze: 'Report states',
  ask: 'Question states',
  integrations: 'Plugin states',
  postbacks: 'Partner plugin states',
  acquire: 'Quest states',
  monetize: 'Campaign states',
  'app-settings': 'App settings states',
};

/** Shared code (contracts' codecs, http, db, shared machines, ui primitives) points at the architecture page. */
const ARCHITECTURE: Record<number, Target> = {
  1: { page: 'docs/README.md', heading: 'What Questboard does' },
  2: { page: 'docs/architecture.md', heading: 'Areas and their doors' },
  3: { page: 'docs/architecture.md', heading: 'Layers' },
  4: { page: 'docs/architecture.md', heading: 'Layers' },
  5: { page: 'docs/architecture.md', heading: 'Endpoints and errors' },
  6: { page: 'docs/accounts.md', heading: 'Roles' },
  7: { page: 'docs/architecture.md', heading: 'Endpoints and errors' },
  8: { page: 'docs/architecture.md', heading: 'Endpoints and errors' },
  9: { page: 'docs/architecture.md', heading: 'Layers' },
};

/** The section map of one area: SPEC §N → page and heading. */
export function sectionMap(area: Area, statesHeading?: string): Record<number, Target> {
  if (area === 'architecture') return ARCHITECTURE;
  const page = `docs/${area}.md`;
  const map: Record<number, Target> = {};
  for (const n of Object.keys(SPEC_SECTIONS).map(Number)) {
    map[n] = { page, heading: n === 4 ? (statesHeading ?? STATES[area]) : COMMON[n]! };
  }
  return map;
}

/**
 * Which area a file belongs to, first match wins; `states` names a more precise states heading for that file.
 * A file matching nothing belongs to the workspace area (the shell and the rest of SPEC §2's frame).
 */
const FILE_AREAS: { test: RegExp; area: Area; states?: string }[] = [
  // tests named after what they test
  { test: /^tests\/.*(team|invite|mailbox)/, area: 'team' },
  { test: /^tests\/.*(\/apps[./]|add-app)/, area: 'apps' },
  { test: /^tests\/.*(\/auth[./]|sign-in|session)/, area: 'accounts' },
  { test: /^tests\/e2e\/docs/, area: 'app-settings' },
  { test: /^tests\/.*(exports|chart-model|result-columns)/, area: 'analyze' },
  {
    test: /^tests\/.*(authorization-matrix|bad-input|endpoints|me-cache|multipart-form|test-links|notify)/,
    area: 'architecture',
  },
  { test: /machines\/accept-invite\//, area: 'accounts', states: 'Invitation states' },
  {
    test: /(contracts\/auth|machines\/session\/|views\/auth\/|routes\/auth|domain\/(auth|accounts)|server\/auth\/|flows\/session)/,
    area: 'accounts',
  },
  { test: /(contracts\/team|machines\/team\/|views\/team\/|routes\/team|domain\/team)/, area: 'team' },
  { test: /(\/ask[./-]|\/ask\/|ask-analyze|ReportAi)/, area: 'ask' },
  {
    test: /(acquire-settings|views\/acquire\/(TargetTab|useLeaveGuard|Target))/,
    area: 'acquire',
    states: 'Target settings states',
  },
  { test: /(acquire|quest-)/, area: 'acquire' },
  { test: /(monetize|audience)/, area: 'monetize' },
  { test: /(billing|payment|redeem-promo|providers\/payments)/, area: 'billing' },
  { test: /(postback|appsflyer|adjust|check-status|singular|attribution|TestLink|events-csv)/i, area: 'postbacks' },
  {
    test: /(integrations|integration-health|contracts\/plugin|firebase|revenue-settings|configure-connection|process-data|daily-process|active-source|plugin-lifecycle|google-cloud|server\/jobs\/|raw-export|bigquery-process|EventDetail|HealthLine|StatusChip)/i,
    area: 'integrations',
  },
  {
    test: /(analyze|analytics|report-|delete-report|spreadsheet-export|google-sheets|lib\/exports|lib\/report-rows|oauth-callback|OAuthCallback)/i,
    area: 'analyze',
  },
  {
    test: /(contracts\/apps|machines\/(add-app|app-visibility)|views\/apps\/|routes\/apps|domain\/apps|app-store|services\/apps)/,
    area: 'apps',
  },
  {
    test: /(app-settings|app-content|views\/settings\/|views\/docs\/|cms|catalogue|messages|deeplink|app-links|documentation|event-schemas|api-keys|image-slot|app-general|app-details|guide-markdown|jpeg)/i,
    area: 'app-settings',
  },
  { test: /(workspace|views\/shell\/|AppRouter|routes\.ts$|paths\.ts$|files)/, area: 'workspace' },
  {
    test: /(contracts\/(codecs|endpoint|validation|runtime-config)|server\/http\/|server\/db\/|machines\/shared\/|views\/ui\/|views\/flows\/|services\/(http|notify)|server\/(app|main|config|context|areas|log)\.ts|domain\/errors|inspector)/,
    area: 'architecture',
  },
];

export function areaOf(file: string): { area: Area; states?: string; fallback: boolean } {
  for (const rule of FILE_AREAS)
    if (rule.test.test(file)) return { area: rule.area, states: rule.states, fallback: false };
  return { area: 'workspace', fallback: true };
}

export function targetFor(file: string, section: number): Target | null {
  const { area, states } = areaOf(file);
  return sectionMap(area, states)[section] ?? null;
}

/** Issue numbers once cited in comments → the page that now covers what the issue asked. */
const ISSUE_PAGES: Record<number, string> = {
  2: 'docs/accounts.md',
  4: 'docs/architecture.md',
  8: 'docs/workspace.md',
  9: 'docs/architecture.md',
  10: 'docs/apps.md',
  11: 'docs/integrations.md',
  12: 'docs/postbacks.md',
  13: 'docs/app-settings.md',
  14: 'docs/monetize.md',
  15: 'docs/ask.md',
};
/** Issues that touched several areas: the file's own page wins. */
const ISSUE_BY_FILE = new Set([8, 14]);

function issuePage(file: string, n: number): string | null {
  const page = ISSUE_PAGES[n];
  if (!page) return null;
  if (ISSUE_BY_FILE.has(n)) {
    const own = areaOf(file);
    if (!own.fallback) return own.area === 'architecture' ? 'docs/architecture.md' : `docs/${own.area}.md`;
  }
  return page;
}

// ---------------------------------------------------------------- scanning

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (EXTENSIONS.test(name)) out.push(full);
  }
  return out;
}

const files = () =>
  SCAN.flatMap((dir) => walk(path.join(ROOT, dir)))
    .map((f) => path.relative(ROOT, f))
    .filter((f) => !SKIP.has(f))
    .sort();

/** "SPEC §5", "SPEC §5/§9", "SPEC §6's" */
const SPEC_REF = /SPEC (§\d+(?:\/§\d+)*)('s)?/g;
/** A bare "§5" (not part of "SPEC §…", a compound, or "docs/x.md §Heading"). */
const BARE_REF = /(?<!SPEC )(?<![/§\w])§(\d+)\b/g;
/** "issue 12", "SPEC issue 10", "Metabase issue 17335" */
const ISSUE_REF = /(?:(Metabase|SPEC) )?issue (\d+)/gi;
/** Other mentions of documents outside the repository. */
const OUTSIDE_REF = /\b(?:ARCHITECTURE|DOMAIN|STACK)(?:\.md)?\b|\bSPEC(?! §)(?! issue)\b/g;

const sectionsOf = (group: string) => group.split('/').map((s) => Number(s.replace('§', '')));

interface Counts {
  spec: number;
  specLines: number;
  bare: number;
  issues: number;
  outside: number;
  bySection: Map<number, number>;
  byIssue: Map<number, number>;
  byArea: Map<string, number>;
  fallbackFiles: Set<string>;
  unmapped: string[];
}

function check(): Counts {
  const counts: Counts = {
    spec: 0,
    specLines: 0,
    bare: 0,
    issues: 0,
    outside: 0,
    bySection: new Map(),
    byIssue: new Map(),
    byArea: new Map(),
    fallbackFiles: new Set(),
    unmapped: [],
  };
  const bump = <K>(m: Map<K, number>, k: K, by = 1) => m.set(k, (m.get(k) ?? 0) + by);
  for (const file of files()) {
    const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
    let seenSpec = false;
    lines.forEach((line, i) => {
      const spec = [...line.matchAll(SPEC_REF)];
      if (spec.length) counts.specLines++;
      for (const m of spec) {
        seenSpec = true;
        counts.spec++;
        for (const n of sectionsOf(m[1]!)) {
          bump(counts.bySection, n);
          const { area, fallback } = areaOf(file);
          bump(counts.byArea, area);
          if (fallback) counts.fallbackFiles.add(file);
          if (!targetFor(file, n)) counts.unmapped.push(`${file}:${i + 1} SPEC §${n}`);
        }
      }
      if (seenSpec) {
        for (const m of line.matchAll(BARE_REF)) {
          counts.bare++;
          const n = Number(m[1]);
          bump(counts.bySection, n);
          if (!targetFor(file, n)) counts.unmapped.push(`${file}:${i + 1} §${n}`);
        }
      }
      for (const m of line.matchAll(ISSUE_REF)) {
        counts.issues++;
        const n = Number(m[2]);
        bump(counts.byIssue, n);
        if (m[1]?.toLowerCase() !== 'metabase' && !issuePage(file, n))
          counts.unmapped.push(`${file}:${i + 1} issue ${n}`);
      }
      counts.outside += [...line.matchAll(OUTSIDE_REF)].length;
    });
  }
  return counts;
}

/** Every heading the map can point at must exist as a `## ` heading of its page. */
function missingHeadings(): string[] {
  const targets = new Map<string, Set<string>>();
  const add = (t: Target) => (targets.get(t.page) ?? targets.set(t.page, new Set()).get(t.page)!).add(t.heading);
  for (const rule of FILE_AREAS) for (const t of Object.values(sectionMap(rule.area, rule.states))) add(t);
  for (const t of Object.values(sectionMap('workspace'))) add(t);
  const missing: string[] = [];
  for (const [page, headings] of targets) {
    let text = '';
    try {
      text = readFileSync(path.join(ROOT, page), 'utf8');
    } catch {
      missing.push(`${page} (no such page)`);
      continue;
    }
    const have = new Set(
      text
        .split('\n')
        .filter((l) => l.startsWith('## '))
        .map((l) => l.slice(3).trim()),
    );
    for (const h of headings) if (!have.has(h)) missing.push(`${page} §${h}`);
  }
  for (const page of new Set(Object.values(ISSUE_PAGES))) {
    try {
      statSync(path.join(ROOT, page));
    } catch {
      missing.push(`${page} (no such page)`);
    }
  }
  return missing;
}

// ---------------------------------------------------------------- rewriting

const ref = (t: Target) => `${t.page} §${t.heading}`;

/** Rewrites one file's text; the page of the previous rewritten reference decides the short bare form. */
export function rewrite(file: string, text: string): string {
  let lastPage: string | null = null;
  let lastHeading: string | null = null;
  const lines = text.split('\n');
  const out = lines.map((line) => {
    // 1. issue references
    line = line
      .replace(/(Metabase) issue (\d+)/g, '$1 #$2')
      .replace(/ \((?:SPEC )?issue (\d+)\)/gi, '')
      .replace(/\((?:SPEC )?issue (\d+)[;,] /gi, '(')
      .replace(/[;,] (?:SPEC )?issue (\d+)(?=\))/gi, '')
      .replace(/(?:SPEC )?issue (\d+)/gi, (whole, n: string) => issuePage(file, Number(n)) ?? whole);
    // 2. SPEC §N (and compounds, possessives), then bare §N after one
    let result = '';
    let index = 0;
    const tokens = /SPEC (§\d+(?:\/§\d+)*)('s)?|(?<![/§\w])§(\d+)\b/g;
    for (const m of line.matchAll(tokens)) {
      const at = m.index!;
      result += line.slice(index, at);
      index = at + m[0].length;
      if (m[1]) {
        const targets = sectionsOf(m[1])
          .map((n) => targetFor(file, n))
          .filter((t): t is Target => t !== null);
        if (!targets.length) {
          result += m[0];
          continue;
        }
        const page = targets[0]!.page;
        const headings = [...new Set(targets.filter((t) => t.page === page).map((t) => `§${t.heading}`))];
        const others = targets.filter((t) => t.page !== page).map(ref);
        const text = `${page} ${headings.join('/')}${others.length ? ` (${others.join(', ')})` : ''}`;
        if (m[2]) {
          const p = possessive(text, line.slice(index));
          result += p.text;
          index += p.consumed;
        } else result += text;
        lastPage = page;
        lastHeading = targets[0]!.heading;
      } else if (m[3] && lastPage !== null) {
        const t = targetFor(file, Number(m[3]));
        if (!t) {
          result += m[0];
          continue;
        }
        if (
          t.page === lastPage &&
          t.heading === lastHeading &&
          /(, |\/)$/.test(result) &&
          !/^ \w/.test(line.slice(index))
        ) {
          // "§5, §9" both Rules and limits: say it once
          result = result.replace(/(, |\/)$/, '');
          continue;
        }
        result += t.page === lastPage ? `§${t.heading}` : ref(t);
        lastPage = t.page;
        lastHeading = t.heading;
      } else {
        result += m[0];
      }
    }
    return result + line.slice(index);
  });
  return out.join('\n');
}

/**
 * "SPEC §6's view-only tooltip; …" → "the view-only tooltip (docs/x.md §Roles); …" when the noun phrase is short and
 * ends on the same line; otherwise "per docs/x.md §Roles".
 */
function possessive(reference: string, rest: string): { text: string; consumed: number } {
  const m = /^ ([^,;:.()]{1,60}?)(\s*)(?=[,;:.()])/.exec(rest);
  if (m && m[1]!.trim().split(/\s+/).length <= 6)
    return { text: ` the ${m[1]!.trim()} (${reference})${m[2]}`.slice(1), consumed: m[0].length };
  return { text: `per ${reference}`, consumed: 0 };
}

// ---------------------------------------------------------------- main

function printMap() {
  console.log("SPEC section → docs page and heading, per area (a file's area: FILE_AREAS in this script)\n");
  for (const [n, title] of Object.entries(SPEC_SECTIONS)) console.log(`§${n}  ${title}`);
  console.log('');
  const areas = [...new Set(FILE_AREAS.map((r) => `${r.area}|${r.states ?? ''}`))];
  for (const key of areas) {
    const [area, states] = key.split('|') as [Area, string];
    const map = sectionMap(area, states || undefined);
    console.log(`${area}${states ? ` (${states})` : ''}:`);
    for (const [n, t] of Object.entries(map)) console.log(`  §${n} → ${ref(t)}`);
  }
  console.log('\nissue → page:');
  for (const [n, page] of Object.entries(ISSUE_PAGES))
    console.log(`  issue ${n} → ${page}${ISSUE_BY_FILE.has(Number(n)) ? " (or the file's own area page)" : ''}`);
}

function main() {
  const mode = process.argv[2] ?? '--check';
  const missing = missingHeadings();
  if (mode === '--map') {
    printMap();
  } else if (mode === '--files') {
    for (const file of files()) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      const n = [...text.matchAll(SPEC_REF)].length + [...text.matchAll(ISSUE_REF)].length;
      if (n) console.log(`${areaOf(file).area.padEnd(13)} ${String(n).padStart(3)}  ${file}`);
    }
  } else if (mode === '--check') {
    const c = check();
    console.log(
      `"SPEC §" references: ${c.spec} (on ${c.specLines} lines), plus ${c.bare} bare "§N" after one in the same file`,
    );
    console.log(
      `  by section: ${[...c.bySection]
        .sort((a, b) => a[0] - b[0])
        .map(([n, k]) => `§${n} ${k}`)
        .join(', ')}`,
    );
    console.log(
      `  by area:    ${[...c.byArea]
        .sort((a, b) => b[1] - a[1])
        .map(([a, k]) => `${a} ${k}`)
        .join(', ')}`,
    );
    console.log(`"issue <n>" references: ${c.issues}`);
    console.log(
      `  by issue:   ${[...c.byIssue]
        .sort((a, b) => a[0] - b[0])
        .map(([n, k]) => `${n}: ${k}`)
        .join(', ')}`,
    );
    console.log(
      `other mentions of documents outside the repository (SPEC's/SPEC says…, ARCHITECTURE, DOMAIN.md, STACK): ${c.outside} (reported, not rewritten)`,
    );
    if (c.fallbackFiles.size)
      console.log(`files with no area rule (mapped to the workspace page): ${[...c.fallbackFiles].join(', ')}`);
    const sections = [...c.bySection.keys()].filter((n) => !(n in SPEC_SECTIONS));
    if (sections.length) console.log(`sections the map does not know: ${sections.join(', ')}`);
    if (c.unmapped.length) console.log(`references with no target:\n  ${c.unmapped.join('\n  ')}`);
    if (missing.length) console.log(`map targets missing in docs/:\n  ${missing.join('\n  ')}`);
    process.exitCode = c.unmapped.length || missing.length || sections.length ? 1 : 0;
  } else if (mode === '--write') {
    if (missing.length) {
      console.error(`refusing to write: map targets missing in docs/:\n  ${missing.join('\n  ')}`);
      process.exit(1);
    }
    let changed = 0;
    for (const file of files()) {
      const full = path.join(ROOT, file);
      const before = readFileSync(full, 'utf8');
      const after = rewrite(file, before);
      if (after !== before) {
        writeFileSync(full, after);
        changed++;
      }
    }
    console.log(`rewrote ${changed} files; run --check again to see what is left`);
  } else {
    console.error('usage: tsx scripts/spec-refs.ts [--map | --check | --write]');
    process.exit(2);
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('spec-refs.ts')) main();
