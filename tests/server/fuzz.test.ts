/**
 * Fuzz of EVERY route in the route table (a new route is fuzzed without a line written here): fast-check with a fixed
 * seed sends hostile path ids, queries and bodies — wrong types, huge and control-character strings, NUL, lone
 * surrogates, huge, tiny, negative, NaN-like and exponent-form numbers, prototype keys (as keys and as words), deep
 * nesting, broken multipart — as every principal (admin, editor, viewer, another workspace's member, anonymous), with
 * the field names of the route's own contract. No answer may be ≥ 500 or take over 1 s, and a refused (4xx) request
 * must leave the database unchanged. fast-check prints the seed and the counterexample on failure.
 *
 * A second, deterministic pass fills each route's contract (a skeleton of its body and query, as a member) with one
 * hostile class at a time: every number leaf, then every string leaf, then every path param.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import fc from 'fast-check';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import { paramNames } from '../../src/contracts/endpoint';
import { call, signInAs } from './helpers';
import { createAnalyticsTestServer, dailyReport, type AnalyticsTestServer } from './analyze-helpers';
import { snapshotWatcher, SESSION_LAST_USE } from './db-snapshot';
import { multipartForm, type FormPart } from './multipart-form';
import { fieldNamesOf, leavesOf, requestCodecs, skeletonOf, type Replace } from './codec-walk';
import { isMultipart, type Endpoint } from '../../src/contracts/endpoint';

const SEED = 20_240_909;
const RUNS_PER_ROUTE = 12;
// A refused sign-in or promo code counts as an attempt (rate limiting), by design; sessions are written by a successful one.
const IGNORED = ['sign_in_attempts', 'billing_redeem_attempts'];
const WHO = ['admin', 'editor', 'viewer', 'rival', 'anonymous'] as const;
type Who = (typeof WHO)[number];

let server: AnalyticsTestServer;
/** The database's fingerprint now (computed again only after a write: tests/server/db-snapshot.ts). */
let snapshot: () => Promise<Record<string, string>>;
const tokens: Partial<Record<Who, string>> = {};
beforeAll(async () => {
  server = await createAnalyticsTestServer();
  snapshot = snapshotWatcher(server.db, IGNORED, SESSION_LAST_USE);
  for (const who of WHO)
    if (who !== 'anonymous')
      tokens[who] = await signInAs(server.app, who === 'rival' ? 'rival@rivalgames.dev' : DEMO_ACCOUNTS[who]);
}, 300_000);
afterAll(() => server?.close());

/** Words that name Object.prototype members: a plain-object lookup keyed by them finds a function, not undefined. */
const PROTOTYPE_WORDS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
/** Numbers as text where a number is expected. */
const NAN_LIKE = ['NaN', 'Infinity', '-Infinity', '1e999', '1e308', '-1', '0x10'];
/** Huge, tiny, negative, fractional and unsafe numbers. */
const HOSTILE_NUMBERS = [
  2 ** 63,
  -(2 ** 63),
  1e308,
  -1e308,
  1e-300,
  -1e-300,
  5e-324,
  -0,
  -1,
  -0.01,
  0.001,
  0.5,
  Number.MAX_SAFE_INTEGER + 2,
  10_001,
];
/** Number literals JSON can carry but JSON.stringify never writes: 1e999 parses as Infinity. */
const NUMBER_TEXTS = ['1e999', '-1e999', '1E+308', '1e-400', '-0.0e0', '12.345e1'];
const NUMBER_MARK = 987_654_321.125;

const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfff',
    '\r\nAccept the invitation: https://evil',
    '../../etc/passwd',
    "' OR '1'='1",
    '%00',
  ),
  fc.constantFrom(...PROTOTYPE_WORDS),
  fc.constantFrom(...NAN_LIKE),
  fc.string({ maxLength: 40 }),
  fc.nat({ max: 3 }).map((n) => 'x'.repeat([255, 1_001, 10_001, 200_000][n]!)),
  fc.constant(`a@${'.'.repeat(50_000)}@`),
);
const hostileNumber = fc.constantFrom(...HOSTILE_NUMBERS);
const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
/** A JSON value nested this deep, as text (JSON.stringify itself may overflow the stack at 5,000 levels). */
class Deep {
  constructor(readonly levels: number) {}
  get text() {
    return `${'{"a":'.repeat(this.levels)}"deep"${'}'.repeat(this.levels)}`;
  }
  [fc.toStringMethod]() {
    return `{a:{a:… ${this.levels} levels}}`;
  }
}
const deep = fc.nat({ max: 2 }).map((n) => new Deep([50, 500, 5_000][n]!));
const jsonText = (value: unknown) => (value instanceof Deep ? value.text : (JSON.stringify(value) ?? 'null'));
/** Objects with the contract's keys (and pollution keys), each holding a hostile value. */
const objectOf = (keys: string[]) =>
  fc.record(
    Object.fromEntries(
      [...new Set([...keys, ...PROTOTYPE_WORDS])].map((k) => [
        k,
        fc.oneof(
          leaf,
          fc.array(leaf, { maxLength: 3 }),
          fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 3 }),
        ),
      ]),
    ),
    { requiredKeys: [] },
  );
const FIELD_NAMES = [
  'email',
  'password',
  'role',
  'accountId',
  'firstName',
  'lastName',
  'enabled',
  'name',
  'website',
  'id',
  'title',
  'saveTemplate',
  'report',
  'data',
];
const jsonOf = (keys: string[]) =>
  fc.oneof(
    leaf,
    deep,
    objectOf([...FIELD_NAMES, ...keys]),
    fc.constant({
      report: dailyReport(['dau'], 'country', {
        where: [{ label: 'country', comparison: 'equals', value: 'US\u0000', checked: true, data_type: 'STRING' }],
      }),
      saveTemplate: false,
    }),
    // docs/analyze.md §Breakdown, compare and chart types: the new options, one of them hostile.
    fc
      .constantFrom(
        { column_name: 'country', top: 10 },
        { column_name: "country'; DROP TABLE events; --", top: 5 },
        { column_name: 'platform', top: 2 },
      )
      .map((breakdown) => ({
        report: dailyReport(['dau', 'new_users_per'], 'date', {
          breakdown,
          compare: 'previous_year',
          chart_type: 'stacked_bar',
          grid_layout: 'pivot',
        }),
        saveTemplate: false,
      })),
  );
/** JSON text of an object with the given keys, each a number literal JSON.stringify cannot write (1e999 → Infinity). */
const numberTextOf = (keys: string[]) =>
  fc
    .tuple(fc.subarray([...FIELD_NAMES, ...keys], { minLength: 1 }), fc.constantFrom(...NUMBER_TEXTS))
    .map(([ks, text]): Body => ({
      kind: 'raw',
      type: 'application/json',
      payload: `{${ks.map((k) => `${JSON.stringify(k)}:${text}`).join(',')}}`,
    }));

type Body =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; payload: string; type: string }
  | { kind: 'multipart'; data: string };
const bodyOf = (keys: string[]): fc.Arbitrary<Body> =>
  fc.oneof(
    jsonOf(keys).map((value): Body => ({ kind: 'json', value })),
    numberTextOf(keys),
    fc.constantFrom<Body>(
      { kind: 'raw', payload: '{"a":', type: 'application/json' },
      { kind: 'raw', payload: 'data=x', type: 'multipart/form-data' },
      {
        kind: 'raw',
        payload: '--b\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"name"',
        type: 'multipart/form-data; boundary=b',
      },
      { kind: 'raw', payload: '\u0000\u0001', type: 'application/octet-stream' },
    ),
    fc
      .oneof(jsonOf(keys), hostileString)
      .map((v): Body => ({ kind: 'multipart', data: typeof v === 'string' ? v : jsonText(v) })),
  );
const DEFAULT_PARAMS: Record<string, string> = {
  workspaceId: DEMO_WORKSPACE_ID,
  appId: DEMO_APP_IDS.dragonMergeAndroid,
};

test('every route holds under hostile input: no 5xx, none over 1 s, a refusal writes nothing', async () => {
  const routes = server.app.questboard.routeTable;
  expect(routes.length).toBeGreaterThanOrEqual(20);
  for (const route of routes) {
    const names = paramNames(route.url);
    const params = fc.record(
      Object.fromEntries(names.map((n) => [n, fc.oneof(fc.constant(DEFAULT_PARAMS[n] ?? 'x'), hostileString)])),
    );
    const keys = requestCodecs(route.endpoint).flatMap(({ codec }) => fieldNamesOf(codec));
    const query = fc.dictionary(
      fc.constantFrom('expires', 'signature', 'x', ...PROTOTYPE_WORDS, ...keys),
      hostileString,
      { maxKeys: 3 },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...WHO), params, query, bodyOf(keys), async (who, p, q, b) => {
        const url = route.url.replace(/:([A-Za-z0-9_]+)/g, (_, n: string) =>
          encodeURIComponent(p[n] ?? '').slice(0, 60_000),
        );
        const qs = new URLSearchParams(Object.entries(q)).toString();
        const request =
          b.kind === 'json'
            ? { payload: jsonText(b.value), headers: { 'content-type': 'application/json' } }
            : b.kind === 'raw'
              ? { payload: b.payload, headers: { 'content-type': b.type } }
              : multipartForm([{ name: 'data', value: b.data }]);
        const before = await snapshot();
        const started = performance.now();
        const res = await call(server.app, tokens[who] ?? null, {
          method: route.method,
          url: qs ? `${url}?${qs}` : url,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : request),
        });
        const took = performance.now() - started;
        const what = `${route.method} ${route.url} as ${who} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        expect(took, what).toBeLessThan(1_000);
        if (res.statusCode >= 400) expect(await snapshot(), what).toEqual(before);
        // A successful sign-out ends that principal's session: sign in anew.
        if (res.statusCode < 300 && route.url === '/api/auth/sign-out' && who !== 'anonymous') {
          tokens[who] = await signInAs(server.app, who === 'rival' ? 'rival@rivalgames.dev' : DEMO_ACCOUNTS[who]);
        }
      }),
      { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
    );
  }
}, 300_000);

// ------------------------------------------------------------------------------------------------ contract sweep

/** A route's request with its contract's skeleton (hostile leaves as `replace` says): the JSON body or the parts. */
function skeletonRequest(
  endpoint: Endpoint,
  replace: Replace,
  params: Record<string, string> = {},
  numberText?: string,
) {
  const url = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, n: string) =>
    encodeURIComponent(params[n] ?? DEFAULT_PARAMS[n] ?? 'x'),
  );
  const query = endpoint.query ? skeletonOf(endpoint.query, replace) : null;
  const entries =
    query && typeof query === 'object' ? Object.entries(query).filter(([, v]) => v !== undefined && v !== null) : [];
  const qs = new URLSearchParams(
    entries.map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();
  const raw = (value: unknown) => {
    const text = JSON.stringify(value) ?? 'null';
    return numberText ? text.replaceAll(String(NUMBER_MARK), numberText) : text;
  };
  const spec = endpoint.body;
  let request: { payload?: string | Buffer; headers?: Record<string, string> } = {};
  if (spec && isMultipart(spec)) {
    const parts: FormPart[] = [
      ...Object.entries(spec.json).map(([name, codec]) => ({ name, value: raw(skeletonOf(codec, replace)) })),
      ...Object.entries(spec.text).map(([name, codec]) => ({
        name,
        value: String((skeletonOf(codec, replace) as string | number | boolean | null | undefined) ?? ''),
      })),
    ];
    request = multipartForm(parts);
  } else if (spec) {
    request = { payload: raw(skeletonOf(spec, replace)), headers: { 'content-type': 'application/json' } };
  }
  return { method: endpoint.method, url: qs ? `${url}?${qs}` : url, ...request };
}

const hasLeaf = (endpoint: Endpoint, kind: 'number' | 'string') =>
  requestCodecs(endpoint)
    .filter((r) => r.where !== 'params')
    .some(({ codec }) =>
      leavesOf(codec).some(({ codec: leaf }) =>
        kind === 'number'
          ? leaf._tag === 'NumberType' || leaf._tag === 'BoundedNumber'
          : leaf._tag === 'StringType' || leaf._tag === 'BoundedString',
      ),
    );

test('every route, filled from its contract as a member, holds each hostile class: numbers, prototype words, NUL', async () => {
  const routes = server.app.questboard.routeTable;
  let sent = 0;
  for (const route of routes) {
    const cases: { what: string; request: ReturnType<typeof skeletonRequest>; refused?: boolean }[] = [];
    if (route.method !== 'DELETE' && hasLeaf(route.endpoint, 'number')) {
      for (const n of [1e308, -1e308, 1e-300, -1, -0.01, 2 ** 63])
        cases.push({ what: `numbers ${n}`, request: skeletonRequest(route.endpoint, { number: () => n }) });
      for (const text of NAN_LIKE.slice(0, 3))
        cases.push({ what: `numbers "${text}"`, request: skeletonRequest(route.endpoint, { number: () => text }) });
      for (const text of NUMBER_TEXTS)
        cases.push({
          what: `numbers ${text}`,
          request: skeletonRequest(route.endpoint, { number: () => NUMBER_MARK }, {}, text),
        });
    }
    if (route.method !== 'DELETE' && hasLeaf(route.endpoint, 'string')) {
      for (const word of PROTOTYPE_WORDS)
        cases.push({ what: `strings ${word}`, request: skeletonRequest(route.endpoint, { string: () => word }) });
      cases.push({
        what: 'strings with NUL',
        request: skeletonRequest(route.endpoint, { string: () => 'a\u0000b' }),
        refused: true,
      });
    }
    const names = paramNames(route.url);
    if (names.length > 0) {
      cases.push({
        what: 'path params with NUL',
        request: skeletonRequest(route.endpoint, {}, Object.fromEntries(names.map((n) => [n, 'a\u0000b']))),
        refused: true,
      });
    }
    for (const { what, request, refused } of cases) {
      const before = await snapshot();
      // (Time is the random pass's bound: here the first call of a route also warms it up.)
      const res = await call(server.app, tokens.admin!, request);
      sent++;
      const said = `${route.method} ${route.url} (${what}) → ${res.statusCode} ${res.body.slice(0, 300)}`;
      expect(res.statusCode, said).toBeLessThan(500);
      if (refused) expect(res.statusCode, said).toBeGreaterThanOrEqual(400);
      if (what === 'path params with NUL') expect(res.statusCode, said).toBe(400);
      if (res.statusCode >= 400) expect(await snapshot(), said).toEqual(before);
      if (res.statusCode < 300 && route.url === '/api/auth/sign-out')
        tokens.admin = await signInAs(server.app, DEMO_ACCOUNTS.admin);
    }
  }
  expect(sent).toBeGreaterThan(routes.length);
}, 240_000);
