/**
 * One way to declare an endpoint: every route the server answers comes from a contract endpoint
 * (src/contracts/<area>.ts, made with endpoint()), and every contract endpoint is registered, once. The contract
 * endpoints are found by loading every module of src/contracts, so an endpoint declared anywhere there and forgotten
 * on the server fails here, and so does a route written by hand on the Fastify instance.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRight } from 'fp-ts/Either';
import { isEndpoint, isMultipart, paramNames, type Endpoint } from '../../src/contracts/endpoint';
import { routeTable } from '../../server/areas';
import { createTestServer, type TestServer } from './helpers';

const CONTRACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/contracts');
const key = (e: { method: string; path?: string; url?: string }) => `${e.method} ${e.path ?? e.url}`;

/** Every endpoint exported by a contract module, directly or inside an exported object (e.g. `teamEndpoints`). */
async function contractEndpoints(): Promise<Map<Endpoint, string>> {
  const found = new Map<Endpoint, string>();
  for (const file of fs
    .readdirSync(CONTRACTS)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const module = (await import(path.join(CONTRACTS, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (isEndpoint(value)) found.set(value, `${file} ${name}`);
      else if (value && typeof value === 'object' && !Array.isArray(value)) {
        for (const [inner, candidate] of Object.entries(value))
          if (isEndpoint(candidate)) found.set(candidate, `${file} ${name}.${inner}`);
      }
    }
  }
  return found;
}

/** The routes Fastify really has (`METHOD /path`, HEAD left out), read from its route tree. */
function fastifyRoutes(server: TestServer): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const url = stack.join('');
    for (const method of (match[3] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean)) {
      if (method !== 'HEAD') routes.push(`${method} ${url}`);
    }
  }
  return routes.sort();
}

let server: TestServer;
let endpoints: Map<Endpoint, string>;
beforeAll(async () => {
  endpoints = await contractEndpoints();
  server = await createTestServer();
});
afterAll(() => server?.close());

describe('every route comes from a contract endpoint, and every contract endpoint is registered once', () => {
  test('the contracts declare endpoints of every area, each method + path once', () => {
    const keys = [...endpoints.keys()].map(key);
    expect(keys.length).toBeGreaterThanOrEqual(24);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    expect(new Set(routeTable.map((r) => r.area))).toEqual(
      new Set([
        'auth',
        'workspace',
        'apps',
        'team',
        'files',
        'analyze',
        'billing',
        'integrations',
        'app-settings',
        'cms',
        'documentation',
        'app-links',
        'firebase',
        'catalogue',
        'messages',
        'postbacks',
        'monetize',
        'adjust',
        'acquire',
        'activity',
        'notifications',
      ]),
    );
  });

  test('the routes Fastify answers are exactly the contract endpoints', () => {
    expect(fastifyRoutes(server)).toEqual([...endpoints.keys()].map(key).sort());
  });

  test('the route table lists every route with its contract endpoint (the same object) and access rule', () => {
    const table = server.app.questboard.routeTable;
    expect(table).toBe(routeTable);
    for (const entry of table) {
      expect(endpoints.has(entry.endpoint), `${key(entry)} is not a contract endpoint`).toBe(true);
      expect(key(entry)).toBe(key(entry.endpoint));
      expect(['public', 'signedIn', 'workspace', 'app', 'plugin']).toContain(entry.access.kind);
    }
    const registered = table.map((entry) => entry.endpoint);
    const unregistered = [...endpoints].filter(([endpoint]) => !registered.includes(endpoint)).map(([, name]) => name);
    expect(unregistered, 'contract endpoints no route registers').toEqual([]);
    expect(new Set(registered).size).toBe(registered.length);
  });

  test('workspace and app routes carry the param their rule resolves membership from', () => {
    for (const entry of routeTable) {
      if (entry.access.kind === 'workspace') expect(paramNames(entry.url), key(entry)).toContain('workspaceId');
      if (entry.access.kind === 'app') expect(paramNames(entry.url), key(entry)).toContain('appId');
    }
  });

  test("each endpoint's params codec takes exactly its path's :params", () => {
    for (const [endpoint, name] of endpoints) {
      const names = paramNames(endpoint.path);
      if (names.length === 0) {
        expect(endpoint.params, name).toBeUndefined();
        continue;
      }
      const decoded = endpoint.params!.decode(
        Object.fromEntries([...names, 'unexpected'].map((n) => [n, `value-of-${n}`])),
      );
      expect(isRight(decoded), name).toBe(true);
      if (isRight(decoded)) expect(Object.keys(decoded.right as object).sort(), name).toEqual([...names].sort());
    }
  });

  test('multipart endpoints declare their parts (docs/architecture.md §Endpoints and errors workspace form: data JSON and an optional image; create app: data, image, organisationId; update app general: data, image)', () => {
    const multipart = routeTable.filter((entry) => isMultipart(entry.endpoint.body));
    expect(multipart.map(key).sort()).toEqual([
      'POST /api/app/:appId/adjust/connect',
      'POST /api/app/:appId/adjust/events-file',
      'POST /api/app/:appId/details',
      'POST /api/app/:appId/general',
      'POST /api/workspace',
      'POST /api/workspace/:workspaceId',
      'POST /api/workspace/:workspaceId/apps',
    ]);
    for (const entry of multipart) {
      // Adjust (docs/architecture.md §Endpoints and errors connect Adjust with partner link and file; save events file with the csv file).
      if (key(entry).includes('/adjust/')) {
        expect(entry.endpoint.body).toMatchObject({ json: {}, files: ['file'] });
        expect(Object.keys((entry.endpoint.body as { text: object }).text)).toEqual(
          key(entry).endsWith('/connect') ? ['partnerLink'] : [],
        );
        continue;
      }
      // Update CMS details (docs/architecture.md §Endpoints and errors): data, repeated screenshots and one backgroundImage.
      if (key(entry) === 'POST /api/app/:appId/details') {
        expect(entry.endpoint.body).toMatchObject({ files: ['backgroundImage'], fileLists: ['screenshots'] });
        continue;
      }
      const body = entry.endpoint.body;
      if (!isMultipart(body)) continue;
      expect(Object.keys(body.json)).toEqual(['data']);
      expect(body.files).toEqual(['image']);
      expect(Object.keys(body.text)).toEqual(key(entry).endsWith('/apps') ? ['organisationId'] : []);
    }
  });
});
