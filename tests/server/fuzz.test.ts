/**
 * Fuzz of EVERY route in the route table (a new route is fuzzed without a line written here): fast-check with a fixed
 * seed sends hostile path ids, queries and bodies — wrong types, huge and control-character strings, NUL, lone
 * surrogates, huge numbers, prototype-pollution keys, deep nesting, broken multipart — as every principal (admin,
 * editor, viewer, another workspace's member, anonymous). No answer may be ≥ 500 or take over 1 s, and a refused
 * (4xx) request must leave the database unchanged. fast-check prints the seed and the counterexample on failure.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import fc from 'fast-check';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, DEMO_WORKSPACE_ID } from '../../server/db/seed';
import { paramNames } from '../../src/contracts/endpoint';
import { call, signInAs } from './helpers';
import { createAnalyticsTestServer, dailyReport, type AnalyticsTestServer } from './analyze-helpers';
import { dbSnapshot } from './db-snapshot';
import { multipartForm } from './multipart-form';

const SEED = 20_240_909;
const RUNS_PER_ROUTE = 12;
// A refused sign-in counts as an attempt (rate limiting), by design; sessions are written by a successful one.
const IGNORED = ['sign_in_attempts'];
const WHO = ['admin', 'editor', 'viewer', 'rival', 'anonymous'] as const;
type Who = (typeof WHO)[number];

let server: AnalyticsTestServer;
const tokens: Partial<Record<Who, string>> = {};
beforeAll(async () => {
  server = await createAnalyticsTestServer();
  for (const who of WHO) if (who !== 'anonymous') tokens[who] = await signInAs(server.app, who === 'rival' ? 'rival@rivalgames.dev' : DEMO_ACCOUNTS[who]);
}, 120_000);
afterAll(() => server?.close());

const hostileString = fc.oneof(
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\r\nAccept the invitation: https://evil', '../../etc/passwd', "' OR '1'='1", '%00', '__proto__', 'constructor'),
  fc.string({ maxLength: 40 }),
  fc.nat({ max: 3 }).map((n) => 'x'.repeat([255, 1_001, 10_001, 200_000][n]!)),
  fc.constant(`a@${'.'.repeat(50_000)}@`),
);
const hostileNumber = fc.constantFrom(2 ** 63, -(2 ** 63), 1e308, -0, 0.5, Number.MAX_SAFE_INTEGER + 2, 10_001);
const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const deep = fc.nat({ max: 2 }).map((n) => {
  let v: unknown = 'deep';
  for (let i = 0; i < [50, 500, 5_000][n]!; i++) v = { a: v };
  return v;
});
/** Objects with the contract's keys (and pollution keys), each holding a hostile value. */
const objectOf = (keys: string[]) =>
  fc.record(Object.fromEntries([...keys, '__proto__', 'constructor', 'prototype'].map((k) => [k, fc.oneof(leaf, fc.array(leaf, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 3 }))])), { requiredKeys: [] });
const FIELD_NAMES = ['email', 'password', 'role', 'accountId', 'firstName', 'lastName', 'enabled', 'name', 'website', 'id', 'title', 'saveTemplate', 'report', 'data'];
const json = fc.oneof(leaf, deep, objectOf(FIELD_NAMES), fc.constant({ report: dailyReport(['dau'], 'country', { where: [{ label: 'country', comparison: 'equals', value: 'US\u0000', checked: true, data_type: 'STRING' }] }), saveTemplate: false }));

type Body = { kind: 'json'; value: unknown } | { kind: 'raw'; payload: string; type: string } | { kind: 'multipart'; data: string };
const body: fc.Arbitrary<Body> = fc.oneof(
  json.map((value): Body => ({ kind: 'json', value })),
  fc.constantFrom<Body>(
    { kind: 'raw', payload: '{"a":', type: 'application/json' },
    { kind: 'raw', payload: 'data=x', type: 'multipart/form-data' },
    { kind: 'raw', payload: '--b\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"name"', type: 'multipart/form-data; boundary=b' },
    { kind: 'raw', payload: '\u0000\u0001', type: 'application/octet-stream' },
  ),
  fc.oneof(json, hostileString).map((v): Body => ({ kind: 'multipart', data: typeof v === 'string' ? v : JSON.stringify(v) ?? 'null' })),
);
const DEFAULT_PARAMS: Record<string, string> = { workspaceId: DEMO_WORKSPACE_ID, appId: DEMO_APP_IDS.dragonMergeAndroid };

test('every route holds under hostile input: no 5xx, none over 1 s, a refusal writes nothing', async () => {
  const routes = server.app.questboard.routeTable;
  expect(routes.length).toBeGreaterThanOrEqual(20);
  for (const route of routes) {
    const names = paramNames(route.url);
    const params = fc.record(Object.fromEntries(names.map((n) => [n, fc.oneof(fc.constant(DEFAULT_PARAMS[n] ?? 'x'), hostileString)])));
    const query = fc.dictionary(fc.constantFrom('expires', 'signature', '__proto__', 'x'), hostileString, { maxKeys: 3 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...WHO), params, query, body, async (who, p, q, b) => {
        const url = route.url.replace(/:([A-Za-z0-9_]+)/g, (_, n: string) => encodeURIComponent(p[n] ?? '').slice(0, 60_000));
        const qs = new URLSearchParams(Object.entries(q)).toString();
        const request =
          b.kind === 'json' ? { payload: JSON.stringify(b.value) ?? 'null', headers: { 'content-type': 'application/json' } }
          : b.kind === 'raw' ? { payload: b.payload, headers: { 'content-type': b.type } }
          : multipartForm([{ name: 'data', value: b.data }]);
        const before = await dbSnapshot(server.db, IGNORED);
        const started = performance.now();
        const res = await call(server.app, tokens[who] ?? null, {
          method: route.method, url: qs ? `${url}?${qs}` : url,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : request),
        });
        const took = performance.now() - started;
        const what = `${route.method} ${route.url} as ${who} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        expect(took, what).toBeLessThan(1_000);
        if (res.statusCode >= 400) expect(await dbSnapshot(server.db, IGNORED), what).toEqual(before);
        // A successful sign-out ends that principal's session: sign in anew.
        if (res.statusCode < 300 && route.url === '/api/auth/sign-out' && who !== 'anonymous') {
          tokens[who] = await signInAs(server.app, who === 'rival' ? 'rival@rivalgames.dev' : DEMO_ACCOUNTS[who]);
        }
      }),
      { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
    );
  }
}, 120_000);
