/**
 * The registries (docs/architecture.md §Registries): attribution partners (src/contracts/partners.ts) and plugin types
 * (src/contracts/plugin-types.ts). Two guarantees:
 *  1. nothing in src/ or server/ lists two or more partners or plugin types by hand (an array, a parenthesised list,
 *     a union, an object keyed by them, or a sentence listing them) — lists derive from the registries. An object
 *     keyed by them is allowed only when it is typed as a Record over a registry set whose members each need code of
 *     their own (REGISTRY_TYPES below);
 *  2. the registries and every list derived from them agree, client and server.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTION_PARTNERS,
  PARTNERS,
  POSTBACK_PARTNERS,
  inWords,
  postbackPartnerOf,
  sourceOf,
} from '../../src/contracts/partners';
import {
  GOOGLE_CLOUD_PLUGIN_TYPES,
  GUIDE_TYPES,
  PLUGIN_TYPE_NAMES,
  PLUGIN_TYPE_REGISTRY,
  QUEST_EVENT_TYPES,
  guideSlugOf,
  hasPlugin,
} from '../../src/contracts/plugin-types';
import { PluginType } from '../../src/contracts/plugin';
import {
  FEATURES_UNLOCKED,
  PLUGIN_TYPES,
  REQUIRED_ROLES,
  SUPPORTED_CAPABILITIES,
} from '../../src/contracts/integrations';
import { GUIDES } from '../../src/contracts/documentation';
import { hasPostbacks, postbackSourceOf } from '../../src/contracts/postbacks';
import { INTEGRATION_TABS } from '../../src/paths';
import { visibleTabs } from '../../src/views/integrations/plugin-view';
import { POSTBACK_FORMATS, postbackFormat } from '../../server/areas/integrations/postback-formats';
import { NO_ATTRIBUTION_SOURCE } from '../../server/areas/acquire/acquire';
import { healthChecksOf } from '../../server/areas/integrations/health';

const ROOT = join(import.meta.dirname, '..', '..');

// ------------------------------------------------------------------------------------------------ 1. no list by hand

/** The registries themselves. */
const REGISTRY_FILES = ['src/contracts/partners.ts', 'src/contracts/plugin-types.ts'];
/** Hand lists that must stay, and why. A stale entry (nothing found there any more) fails too. */
const ALLOWED: Readonly<Record<string, string>> = {
  'server/areas/postbacks/migrations.ts':
    'a migration already run is history: its SQL names the partners of its day (AppsFlyer, Adjust) and is never edited',
};
/**
 * The registry sets whose members each need code of their own: an object keyed by them may be written out when it is
 * typed as a Record over the set, so the type checker ties it to the registry (a postback format per partner that
 * sends postbacks; the IAM roles of each Google Cloud source). A Record over every plugin type or every partner must
 * be derived instead: adding a partner is one registry line.
 */
const REGISTRY_TYPES = /Record<\s*(PostbackPartner|GoogleCloudPluginType)\b/;

const NAMES = PLUGIN_TYPE_NAMES as readonly string[];
const canonical = (name: string) => name.toLowerCase();
const NAME_SET = new Set(NAMES.map(canonical));

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The code with comments blanked out (strings kept), so prose in comments may name partners freely. */
export function withoutComments(code: string): string {
  let out = '';
  let i = 0;
  let quote: string | null = null;
  while (i < code.length) {
    const c = code[i]!;
    const next = code[i + 1];
    if (quote) {
      out += c;
      if (c === '\\') {
        out += next ?? '';
        i += 2;
        continue;
      }
      if (c === quote) quote = null;
      i += 1;
    } else if (c === '/' && next === '/') {
      while (i < code.length && code[i] !== '\n') i += 1;
    } else if (c === '/' && next === '*') {
      const end = code.indexOf('*/', i + 2);
      const stop = end < 0 ? code.length : end + 2;
      out += code.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else {
      if (c === "'" || c === '"' || c === '`') quote = c;
      out += c;
      i += 1;
    }
  }
  return out;
}

const quotedNames = (text: string) =>
  new Set([...text.matchAll(/(['"`])([A-Za-z]+)\1/g)].map((m) => canonical(m[2]!)).filter((n) => NAME_SET.has(n)));
const ALTERNATIVES = NAMES.join('|');
/** Names listed in words: 'A, B or C', 'A and B', 'A/B' (not 'the A export in B', which is no list). */
const LISTED_IN_WORDS = new RegExp(
  `\\b(${ALTERNATIVES})\\b(?:\\s*,\\s*|\\s+(?:or|and)\\s+|\\s*\\/\\s*)\\b(${ALTERNATIVES})\\b`,
  'i',
);
const listedInWords = (text: string) => {
  const m = LISTED_IN_WORDS.exec(text);
  return !!m && canonical(m[1]!) !== canonical(m[2]!);
};

/** The text with every object literal emptied, innermost first. */
function withoutObjects(text: string): string {
  let before = '';
  while (before !== text) [before, text] = [text, text.replace(/\{[^{}]*\}/g, '()')];
  return text;
}

/** Each hand list found in a file's code: what kind, and the text. */
export function handLists(code: string): { kind: string; text: string }[] {
  const found: { kind: string; text: string }[] = [];
  const clean = withoutComments(code);
  // An array whose elements name them (the rows of an array of objects are data, each about one of them).
  for (const m of clean.matchAll(/\[[^[\]]*\]/g)) {
    if (quotedNames(withoutObjects(m[0])).size >= 2) found.push({ kind: 'array', text: m[0] });
  }
  for (const m of clean.matchAll(/\([^()]*\)/g))
    if (quotedNames(m[0]).size >= 2) found.push({ kind: 'list', text: m[0] });
  for (const m of clean.matchAll(/(['"])([A-Za-z]+)\1(\s*\|\s*(['"])([A-Za-z]+)\4)+/g)) {
    if (quotedNames(m[0]).size >= 2) found.push({ kind: 'union', text: m[0] });
  }
  // A condition testing two of them: `x === 'A' || x === 'B'`.
  for (const m of clean.matchAll(
    /[!=]==\s*(['"])([A-Za-z]+)\1\s*(?:\|\||&&)\s*[\w.!?]+\s*[!=]==\s*(['"])([A-Za-z]+)\3/g,
  )) {
    if (quotedNames(m[0]).size >= 2) found.push({ kind: 'condition', text: m[0] });
  }
  for (const m of clean.matchAll(/\{[^{}]*\}/g)) {
    const keys = new Set(
      [...m[0].matchAll(/(?:^|[{,\s])['"]?([A-Za-z]+)['"]?\s*:/g)]
        .map((k) => canonical(k[1]!))
        .filter((n) => NAME_SET.has(n)),
    );
    if (keys.size < 2) continue;
    const before = clean.slice(Math.max(0, m.index - 160), m.index);
    const declaration = before.slice(before.search(/(?:const|let|var|export|return|=)[^;]*$/));
    if (!REGISTRY_TYPES.test(declaration)) found.push({ kind: 'object', text: m[0] });
  }
  for (const m of clean.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
    if (listedInWords(m[2]!)) found.push({ kind: 'sentence', text: m[0] });
  }
  return found;
}

describe('no partner or plugin type is listed by hand', () => {
  const files = [...sources('src'), ...sources('server'), ...sources('scripts')].map((path) =>
    relative(ROOT, join(ROOT, path)),
  );
  const hits = new Map(
    files.filter((f) => !REGISTRY_FILES.includes(f)).map((f) => [f, handLists(readFileSync(join(ROOT, f), 'utf8'))]),
  );

  it('src/, server/ and scripts/ derive every list from the registries', () => {
    const offending = [...hits]
      .filter(([file, lists]) => lists.length > 0 && !(file in ALLOWED))
      .map(
        ([file, lists]) =>
          `${file}: ${lists.map((l) => `${l.kind} ${l.text.replace(/\s+/g, ' ').slice(0, 100)}`).join(' · ')}`,
      );
    expect(offending).toEqual([]);
  });

  it('every allowed exception still exists', () => {
    expect(Object.keys(ALLOWED).filter((file) => (hits.get(file) ?? []).length === 0)).toEqual([]);
  });

  it('the scanner finds each kind of hand list', () => {
    expect(handLists("const a = ['AppsFlyer', 'Adjust'];").map((l) => l.kind)).toEqual(['array']);
    expect(handLists("type A = 'AppsFlyer' | 'Adjust';").map((l) => l.kind)).toEqual(['union']);
    expect(handLists("where('type', 'in', ('BigQuery', 'Firebase'))").map((l) => l.kind)).toContain('list');
    expect(handLists('const m = { AppsFlyer: 1, Adjust: 2 };').map((l) => l.kind)).toEqual(['object']);
    expect(handLists("const s = 'Connect AppsFlyer or Adjust';").map((l) => l.kind)).toEqual(['sentence']);
    expect(handLists("const google = tab === 'BigQuery' || tab === 'Firebase';").map((l) => l.kind)).toEqual([
      'condition',
    ]);
    expect(handLists('const m: Record<PostbackPartner, number> = { AppsFlyer: 1, Adjust: 2 };')).toEqual([]);
    expect(handLists('const m: Record<PluginType, number> = { AppsFlyer: 1, Adjust: 2 };').map((l) => l.kind)).toEqual([
      'object',
    ]);
    expect(handLists("// AppsFlyer, Adjust\n/* ['AppsFlyer', 'Adjust'] */ const one = 'Adjust';")).toEqual([]);
    expect(
      handLists(
        "const s = 'the Firebase export in BigQuery'; const rows = [{ type: 'AppsFlyer' }, { type: 'Adjust' }];",
      ),
    ).toEqual([]);
  });
});

/**
 * A branch on one partner (`x === 'Adjust'`) is that partner's own code: it lives in the partner's own files (a path
 * naming it: server/areas/integrations/adjust/, src/views/integrations/AdjustTab.tsx, src/machines/adjust-update/,
 * src/contracts/adjust.ts), or derives from a registry field (hasEventsFile, the postback URL's words…).
 */
const PARTNER_BRANCH_ALLOWED: Readonly<Record<string, string>> = {
  'src/views/integrations/IntegrationsPage.tsx': "the tab switch: each branch renders that partner's own tab component",
};
const PARTNER_BRANCH = new RegExp(
  `[!=]==\\s*(['"])(${PARTNERS.join('|')})\\1|(['"])(${PARTNERS.join('|')})\\3\\s*[!=]==`,
  'g',
);
export function partnerBranches(code: string): string[] {
  return [...withoutComments(code).matchAll(PARTNER_BRANCH)].map((m) => m[2] ?? m[4]!);
}
const ownFile = (file: string, partner: string) => file.toLowerCase().includes(sourceOf(partner));

describe("a partner's own code stays in its own files", () => {
  const files = [...sources('src'), ...sources('server'), ...sources('scripts')].filter(
    (f) => !REGISTRY_FILES.includes(f),
  );
  const found = new Map(
    files.map((f) => [f, partnerBranches(readFileSync(join(ROOT, f), 'utf8')).filter((p) => !ownFile(f, p))]),
  );

  it('no branch on one partner outside its files (Check Status, the health line, postback:send derive them)', () => {
    const offending = [...found]
      .filter(([file, names]) => names.length > 0 && !(file in PARTNER_BRANCH_ALLOWED))
      .map(([file, names]) => `${file}: ${[...new Set(names)].join(', ')}`);
    expect(offending).toEqual([]);
  });

  it('every allowed branch still exists', () => {
    expect(Object.keys(PARTNER_BRANCH_ALLOWED).filter((f) => (found.get(f) ?? []).length === 0)).toEqual([]);
  });

  it('the scanner finds a branch either way round, and not in comments', () => {
    expect(partnerBranches("const a = source === 'Adjust' || 'AppsFlyer' !== type;")).toEqual(['Adjust', 'AppsFlyer']);
    expect(partnerBranches("// source === 'Adjust'\nconst b = type === 'BigQuery';")).toEqual([]);
    expect(ownFile('src/machines/adjust-update/adjust-update.machine.ts', 'Adjust')).toBe(true);
    expect(ownFile('server/areas/integrations/health.ts', 'Adjust')).toBe(false);
  });
});

// ------------------------------------------------------------------------------------------------ 2. lists agree

describe('the registries and every derived list agree', () => {
  it('plugin types: the Google Cloud sources, then every partner, in order', () => {
    expect(PLUGIN_TYPE_NAMES).toEqual([...GOOGLE_CLOUD_PLUGIN_TYPES, ...PARTNERS]);
    expect(Object.keys(PluginType.keys)).toEqual(PLUGIN_TYPE_NAMES);
    expect(PLUGIN_TYPES).toEqual(PLUGIN_TYPE_NAMES);
    expect(Object.keys(FEATURES_UNLOCKED)).toEqual(PLUGIN_TYPE_NAMES);
    expect(Object.keys(SUPPORTED_CAPABILITIES)).toEqual(PLUGIN_TYPE_NAMES);
    expect(Object.keys(REQUIRED_ROLES)).toEqual(GOOGLE_CLOUD_PLUGIN_TYPES);
  });

  it('the Integrations tabs and the Overview columns', () => {
    expect(INTEGRATION_TABS).toEqual(['Overview', ...PLUGIN_TYPE_NAMES]);
    const alwaysShown = PLUGIN_TYPE_NAMES.filter((type) => PLUGIN_TYPE_REGISTRY[type].tab === 'always');
    expect(visibleTabs([])).toEqual(['Overview', ...alwaysShown]);
    const everyPlugin = PLUGIN_TYPE_NAMES.map((source, i) => ({
      id: `p${i}`,
      source,
      connected: 'connected' as const,
    }));
    expect(visibleTabs(everyPlugin)).toEqual(INTEGRATION_TABS);
  });

  it('partners: plugin types whose tab always shows; a partner without a plugin unlocks nothing', () => {
    for (const partner of PARTNERS) {
      expect(PLUGIN_TYPE_REGISTRY[partner].tab).toBe('always');
      expect(hasPlugin(partner)).toBe(ATTRIBUTION_PARTNERS[partner].connect === 'plugin');
      if (!hasPlugin(partner)) expect(FEATURES_UNLOCKED[partner]).toEqual([]);
    }
  });

  it('postbacks: one format per partner that sends them, for its plugin type, at its lower-case source', () => {
    expect(Object.keys(POSTBACK_FORMATS).sort()).toEqual([...POSTBACK_PARTNERS].sort());
    for (const partner of PARTNERS) {
      const format = postbackFormat(sourceOf(partner));
      expect(format !== null).toBe(ATTRIBUTION_PARTNERS[partner].postbacks);
      if (format) expect(format.pluginType).toBe(partner);
      expect(postbackSourceOf(partner)).toBe(sourceOf(partner));
    }
    for (const type of PLUGIN_TYPE_NAMES)
      expect(hasPostbacks(type)).toBe(postbackFormat(postbackSourceOf(type)) !== null);
    expect(postbackPartnerOf('nobody')).toBeNull();
    expect(postbackFormat('nobody')).toBeNull();
  });

  it('health checks: every partner that sends postbacks watches its silence and refusals; the others none of them', () => {
    for (const partner of PARTNERS) {
      const ids = healthChecksOf(partner).map((check) => check.id);
      if (ATTRIBUTION_PARTNERS[partner].postbacks)
        expect(ids.slice(0, 2)).toEqual(['postback-silence', 'refused-postbacks']);
      else expect(ids).toEqual([]);
    }
    for (const type of GOOGLE_CLOUD_PLUGIN_TYPES)
      expect(healthChecksOf(type).map((c) => c.id)).toContain('credential-roles');
  });

  it('Acquire: its sources are the types with quest events; its gate and refusal name every partner', () => {
    expect(QUEST_EVENT_TYPES).toEqual(PLUGIN_TYPE_NAMES.filter((type) => PLUGIN_TYPE_REGISTRY[type].questEvents));
    for (const partner of PARTNERS) expect(QUEST_EVENT_TYPES.includes(partner)).toBe(hasPlugin(partner));
    expect(NO_ATTRIBUTION_SOURCE).toBe(`Connect ${inWords(PARTNERS)} to use Acquire.`);
  });

  it("today's members keep today's behaviour (docs/decisions.md: where the partner lists disagreed)", () => {
    // The product's copy, verbatim (docs/acquire.md §Messages); a new partner is named here too.
    expect(NO_ATTRIBUTION_SOURCE).toBe('Connect AppsFlyer, Adjust or Singular to use Acquire.');
    expect(QUEST_EVENT_TYPES).toEqual(['Firebase', 'AppsFlyer', 'Adjust']);
    expect(POSTBACK_PARTNERS).toEqual(['AppsFlyer', 'Adjust']);
    expect(GUIDE_TYPES).toEqual(['BigQuery', 'Firebase', 'AppsFlyer', 'Adjust']);
  });

  it('docs guides: the overview, then one per type with a guide, each with its Markdown file and tab', () => {
    expect(GUIDES.map((g) => g.slug)).toEqual(['questboard_overview', ...GUIDE_TYPES.map(guideSlugOf)]);
    for (const guide of GUIDES)
      expect(existsSync(join(ROOT, 'docs', 'guides', `${guide.slug}.md`)), guide.slug).toBe(true);
    for (const guide of GUIDES.slice(1)) expect(INTEGRATION_TABS).toContain(guide.tab);
    for (const partner of PARTNERS) expect(GUIDE_TYPES.includes(partner)).toBe(ATTRIBUTION_PARTNERS[partner].guide);
  });
});
