/**
 * Every string of every REQUEST contract (params, query, JSON body, multipart parts of each endpoint) has a maximum
 * length: the io-ts codec tree is walked, and a t.string (or an opaque codec) reachable without a bound fails,
 * naming the endpoint and field. Plus the bounded-string family's own rules (length first, NUL, surrogates, lines).
 */
import { describe, expect, test, vi } from 'vitest';
import type * as t from 'io-ts';
import { authEndpoints } from '../../../src/contracts/auth';
import { workspaceEndpoints } from '../../../src/contracts/workspace';
import { appsEndpoints } from '../../../src/contracts/apps';
import { teamEndpoints } from '../../../src/contracts/team';
import { filesEndpoints } from '../../../src/contracts/files';
import { analyzeEndpoints } from '../../../src/contracts/analyze';
import { cohortEndpoints } from '../../../src/contracts/cohorts';
import { funnelEndpoints } from '../../../src/contracts/funnels';
import { appsflyerEndpoints, postbackEndpoints } from '../../../src/contracts/postbacks';
import { BoundedStringType, Email, describeErrors, isEmail, line } from '../../../src/contracts/codecs';
import { isMultipart, type Endpoint } from '../../../src/contracts/endpoint';

const ENDPOINTS: Record<string, Record<string, Endpoint>> = {
  auth: authEndpoints,
  workspace: workspaceEndpoints,
  apps: appsEndpoints,
  team: teamEndpoints,
  files: filesEndpoints,
  analyze: analyzeEndpoints,
  cohorts: cohortEndpoints,
  funnels: funnelEndpoints,
  postbacks: postbackEndpoints,
  appsflyer: appsflyerEndpoints,
};

type Node = t.Mixed & {
  _tag?: string;
  props?: t.Props;
  types?: t.Mixed[];
  type?: t.Mixed;
  codomain?: t.Mixed;
  domain?: t.Mixed;
};
const SCALAR = new Set([
  'NumberType',
  'BoundedNumber',
  'BooleanType',
  'NullType',
  'UndefinedType',
  'LiteralType',
  'KeyofType',
  'VoidType',
]);

/** The fields (dotted paths) holding an unbounded string or a codec the walk cannot see into. */
function unbounded(codec: Node, path: string, out: string[], seen = new Set<unknown>()): string[] {
  if (seen.has(codec)) return out;
  seen.add(codec);
  if (codec instanceof BoundedStringType) return out;
  const tag = codec._tag;
  if (tag && SCALAR.has(tag)) return out;
  // validation.ts refine (maxItems…): a plain t.Type over its `base`.
  const base = (codec as { base?: Node }).base;
  if (!tag && base) return unbounded(base, path, out, seen);
  switch (tag) {
    case 'InterfaceType':
    case 'PartialType':
    case 'StrictType':
      for (const [key, child] of Object.entries(codec.props ?? {}))
        unbounded(child as Node, path ? `${path}.${key}` : key, out, seen);
      return out;
    case 'IntersectionType':
    case 'UnionType':
    case 'TupleType':
      for (const child of codec.types ?? []) unbounded(child as Node, path, out, seen);
      return out;
    case 'ExactType':
    case 'RefinementType':
    case 'BrandType':
    case 'ReadonlyType':
    case 'ArrayType':
    case 'ReadonlyArrayType':
    case 'Refine':
      return unbounded(codec.type as Node, tag.includes('Array') ? `${path}[]` : path, out, seen);
    case 'DictionaryType':
      unbounded(codec.domain as Node, `${path}{key}`, out, seen);
      return unbounded(codec.codomain as Node, `${path}{}`, out, seen);
    default:
      out.push(`${path || '(root)'} (${tag ?? codec.name})`);
      return out;
  }
}

const requestCodecs = (endpoint: Endpoint): [string, t.Mixed][] => {
  const codecs: [string, t.Mixed][] = [];
  if (endpoint.params) codecs.push(['params', endpoint.params as t.Mixed]);
  if (endpoint.query) codecs.push(['query', endpoint.query as t.Mixed]);
  if (endpoint.body && isMultipart(endpoint.body)) {
    for (const [name, codec] of [...Object.entries(endpoint.body.json), ...Object.entries(endpoint.body.text)])
      codecs.push([`body.${name}`, codec as t.Mixed]);
  } else if (endpoint.body) codecs.push(['body', endpoint.body as t.Mixed]);
  return codecs;
};

describe('every request string has a maximum length', () => {
  const rows = Object.entries(ENDPOINTS).flatMap(([area, endpoints]) =>
    Object.entries(endpoints).map(([name, e]) => [`${area}.${name}`, e] as const),
  );
  test('the walk sees every endpoint', () => expect(rows.length).toBeGreaterThanOrEqual(20));
  test.each(rows)('%s', (_name, endpoint) => {
    const found = requestCodecs(endpoint).flatMap(([where, codec]) =>
      unbounded(codec as Node, '', []).map((f) => `${endpoint.method} ${endpoint.path} ${where}: ${f}`),
    );
    expect(found).toEqual([]);
  });
  test('the walk does find an unbounded string', () => {
    expect(unbounded({ _tag: 'StringType', name: 'string' } as unknown as Node, 'x', [])).toEqual(['x (StringType)']);
  });
});

describe('bounded strings', () => {
  const decode = (codec: t.Mixed, value: unknown) => {
    const result = codec.decode(value);
    return result._tag === 'Right' ? [] : describeErrors(result.left, 'value');
  };

  test('the length is checked before any pattern runs (no regular expression sees a 1 MB e-mail)', () => {
    const exec = vi.spyOn(RegExp.prototype, 'exec');
    try {
      expect(decode(Email, `a@${'.'.repeat(1_000_000)}@`)).toEqual(['value must be at most 254 characters']);
      expect(exec.mock.calls.filter(([input]) => String(input).length > 254)).toEqual([]);
    } finally {
      exec.mockRestore();
    }
  });

  test('e-mail addresses: linear check, the usual shapes', () => {
    for (const ok of ['a@b.dev', 'first.last+tag@sub.example.co.uk']) expect(isEmail(ok)).toBe(true);
    for (const bad of [
      '',
      'a',
      'a@',
      '@b.dev',
      'a@b',
      'a@.dev',
      'a@b.',
      'a b@c.dev',
      'a@b@c.dev',
      `a@${'.'.repeat(240)}@`,
    ])
      expect(isEmail(bad), bad).toBe(false);
  });

  test('NUL, lone surrogates and (single-line) control characters are refused in words', () => {
    const name = line(100);
    expect(decode(name, 'x'.repeat(101))).toEqual(['value must be at most 100 characters']);
    expect(decode(name, 'a\u0000b')).toEqual(['value must not contain NUL characters']);
    expect(decode(name, 'a\ud800b')).toEqual(['value must be valid Unicode text']);
    expect(decode(name, 'a\udc00')).toEqual(['value must be valid Unicode text']);
    expect(decode(name, 'a\r\nb')).toEqual(['value must be a single line without control characters']);
    expect(decode(name, 'a\u2028b')).toEqual(['value must be a single line without control characters']);
    expect(decode(name, 'Émoji 🎮 ok')).toEqual([]);
    expect(decode(name, 5)).toEqual(['value must be text']);
  });
});

describe('the SPA forms mirror the server bounds', () => {
  test('workspace name and website: the max length error', async () => {
    const { validateWorkspaceForm } = await import('../../../src/contracts/workspace');
    expect(validateWorkspaceForm({ name: 'x'.repeat(101), website: 'moon.dev', icon: null }).name).toBe(
      'Workspace name must be at most 100 characters.',
    );
    expect(validateWorkspaceForm({ name: 'x'.repeat(100), website: 'moon.dev', icon: null })).toEqual({});
    expect(validateWorkspaceForm({ name: 'Moon\r\nForge', website: 'moon.dev', icon: null }).name).toBe(
      'Workspace name must be a single line of text.',
    );
    expect(validateWorkspaceForm({ name: 'Moon', website: `moon.dev/${'x'.repeat(2048)}`, icon: null }).website).toBe(
      'Website must be at most 2048 characters.',
    );
  });

  test('invite e-mail: the max length error before the format check', async () => {
    const { validateInvite } = await import('../../../src/machines/team/invite-form');
    expect(validateInvite({ email: `${'a'.repeat(250)}@b.dev`, role: 'viewer', roles: ['viewer'] }).email).toBe(
      'Email must be at most 254 characters.',
    );
    expect(validateInvite({ email: 'a@b.dev', role: 'viewer', roles: ['viewer'] })).toEqual({});
  });
});
