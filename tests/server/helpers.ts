/**
 * Server test helpers: a Fastify app (buildApp) on a fresh, migrated and seeded database, driven with app.inject.
 *
 * - Default: PGlite in memory. A fresh initdb costs 4–7 s and clone() ~1 s, so each test process prepares
 *   ONE migrated+seeded template and every createTestServer() gets its own copy of it. Because vitest runs each test
 *   file in its own process, the template is also kept as a PGlite data-dir dump in the OS temp folder, keyed by a
 *   hash of server/ and src/contracts/ sources and the date: other files (and later runs) load it in ~1 s instead of
 *   running initdb again. QUESTBOARD_TEST_TEMPLATE_CACHE=0 turns that disk cache off.
 * - TEST_DATABASE_URL set: a real PostgreSQL. Each createTestServer() creates a database with a random name on that
 *   server, a copy of one migrated+seeded template database (`qb_template_<same key>`, built once), or migrated
 *   only when unseeded, and drops it on close().
 *
 * Usage (one server per file is the norm; a test that needs pristine state may make its own):
 *   let server: TestServer;
 *   beforeAll(async () => { server = await createTestServer(); });
 *   afterAll(() => server.close());
 *   const token = await signInAs(server.app, DEMO_ACCOUNTS.admin);
 */
import { PGlite } from '@electric-sql/pglite';
import { withPgliteExtensions } from '../../server/db/pglite-extensions';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp, migrate, type BuildOptions } from '../../server/app';
import { testConfig, type ServerConfig } from '../../server/config';
import type { ServerContext } from '../../server/context';
import { openDatabase, type DbHandle } from '../../server/db/connect';
import type { Database } from '../../server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../../server/demo/seed';
import type { AnalyticsEngine } from '../../server/analytics/index';
import { drainJobs } from '../../server/jobs/queue';
import { integrationJobs } from '../../server/areas/integrations/index';

/** buildApp's answer: Fastify plus the server context (routeTable, db, config…). */
export type TestApp = FastifyInstance & { questboard: ServerContext };

export interface TestServer {
  app: TestApp;
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** Closes the app and the database (and drops the PostgreSQL database). Safe to call twice. */
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** false: a migrated database with no demo data (a DEMO=off deployment); default true. */
  seed?: boolean;
  config?: Partial<ServerConfig>;
  providers?: BuildOptions['providers'];
  now?: () => Date;
  events?: BuildOptions['events'];
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// ---------------------------------------------------------------- PGlite template

/** Hash of everything that shapes the migrated+seeded database, plus today's date (the seed dates invites from now). */
function templateKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|sql|json)$/.test(entry.name))
        hash.update(path.relative(ROOT, full)).update('\0').update(fs.readFileSync(full));
    }
  };
  walk(path.join(ROOT, 'server'));
  walk(path.join(ROOT, 'src', 'contracts'));
  const lock = path.join(ROOT, 'package-lock.json');
  if (fs.existsSync(lock)) hash.update(fs.readFileSync(lock));
  hash.update(new Date().toISOString().slice(0, 10));
  return hash.digest('hex').slice(0, 24);
}

async function buildTemplateDump(): Promise<Blob> {
  const template = await PGlite.create(withPgliteExtensions());
  const handle = await openDatabase({ pglite: template });
  try {
    await migrate(handle.db);
    await seedDemo(handle.db);
    return await template.dumpDataDir('none');
  } finally {
    await handle.close();
  }
}

async function loadOrBuildTemplateDump(): Promise<Blob> {
  if (process.env.QUESTBOARD_TEST_TEMPLATE_CACHE === '0') return buildTemplateDump();
  const dir = path.join(os.tmpdir(), 'questboard-test-template');
  const file = path.join(dir, `${templateKey()}.tar`);
  if (fs.existsSync(file)) {
    try {
      return new Blob([fs.readFileSync(file)]);
    } catch {
      /* unreadable: rebuild below */
    }
  }
  const dump = await buildTemplateDump();
  try {
    fs.mkdirSync(dir, { recursive: true });
    for (const old of fs.readdirSync(dir)) if (old.endsWith('.tar')) fs.rmSync(path.join(dir, old), { force: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    fs.renameSync(partial, file); // atomic: a concurrent reader sees the whole file or none
  } catch {
    /* the cache is an optimisation only */
  }
  return dump;
}

const TEMPLATE = Symbol.for('questboard.test.pgliteTemplate');
type TemplateHolder = { [TEMPLATE]?: Promise<Blob> };

/** The migrated+seeded template of this test process (shared through globalThis if modules are re-evaluated). */
function templateDump(): Promise<Blob> {
  const holder = globalThis as TemplateHolder;
  holder[TEMPLATE] ??= loadOrBuildTemplateDump().catch((error) => {
    delete holder[TEMPLATE];
    throw error;
  });
  return holder[TEMPLATE];
}

async function freshPglite(): Promise<DbHandle> {
  const pglite = await PGlite.create(withPgliteExtensions({ loadDataDir: await templateDump() }));
  return openDatabase({ pglite });
}

// ---------------------------------------------------------------- PostgreSQL

/** A migrated PGlite with no demo data (no template: each one runs initdb). */
async function emptyPglite(): Promise<DbHandle> {
  const handle = await openDatabase({ pglite: await PGlite.create(withPgliteExtensions()) });
  await migrate(handle.db);
  return handle;
}

/**
 * Drops a test database. FORCE ends stray sessions, but a role without pg_signal_backend may not end a session it
 * does not own (an autovacuum worker busy in the database, as in CI); a plain DROP then asks autovacuum to stop and is
 * retried while the database is still in use.
 */
async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error; // insufficient_privilege
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(`DROP DATABASE IF EXISTS "${name}"`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 10) throw error; // object_in_use
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Runs `work` with an admin connection to the server's maintenance database (the URL's own). */
async function withAdmin<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const databaseUrl = (baseUrl: string, name: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * The migrated+seeded template database of this source tree and day (`qb_template_<key>`), built once per server:
 * every seeded test database is a `CREATE DATABASE … TEMPLATE` copy of it (a file copy, ~100 ms, instead of running
 * every migration and the seed again). Built under an advisory lock, under a temporary name renamed when complete,
 * so concurrent test processes wait for one build and never copy a half-made one. Older keys' templates are dropped
 * when nobody is copying them.
 */
const POSTGRES_TEMPLATE = Symbol.for('questboard.test.postgresTemplate');
type PostgresTemplateHolder = { [POSTGRES_TEMPLATE]?: Promise<string> };

function postgresTemplate(baseUrl: string): Promise<string> {
  const holder = globalThis as PostgresTemplateHolder;
  holder[POSTGRES_TEMPLATE] ??= buildPostgresTemplate(baseUrl).catch((error) => {
    delete holder[POSTGRES_TEMPLATE];
    throw error;
  });
  return holder[POSTGRES_TEMPLATE];
}

async function buildPostgresTemplate(baseUrl: string): Promise<string> {
  const name = `qb_template_${templateKey()}`;
  return withAdmin(baseUrl, async (admin) => {
    await admin.query(`SELECT pg_advisory_lock(hashtext('questboard test template'))`);
    try {
      const found = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'qb\\_template\\_%'`,
      );
      for (const { datname } of found.rows) {
        if (datname === name) continue;
        // another day's or another source tree's: gone unless a copy of it is being made right now
        await admin.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => {});
      }
      if (found.rows.some((row) => row.datname === name)) return name;
      const building = `qb_building_${randomBytes(5).toString('hex')}`;
      await admin.query(`CREATE DATABASE "${building}"`);
      try {
        const handle = await openDatabase({ databaseUrl: databaseUrl(baseUrl, building) });
        try {
          await migrate(handle.db);
          await seedDemo(handle.db);
        } finally {
          await handle.close();
        }
        await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      } catch (error) {
        await dropDatabase(admin, building).catch(() => {});
        throw error;
      }
      return name;
    } finally {
      await admin.query(`SELECT pg_advisory_unlock(hashtext('questboard test template'))`);
    }
  });
}

async function freshPostgres(baseUrl: string, seed = true): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  const name = `qb_test_${Date.now().toString(36)}_${randomBytes(5).toString('hex')}`;
  const template = seed ? await postgresTemplate(baseUrl) : null;
  await withAdmin(baseUrl, (admin) =>
    admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`),
  );
  const handle = await openDatabase({ databaseUrl: databaseUrl(baseUrl, name) });
  const drop = () => withAdmin(baseUrl, (admin) => dropDatabase(admin, name));
  try {
    if (!template) await migrate(handle.db);
  } catch (error) {
    await handle.close().catch(() => {});
    await drop().catch(() => {});
    throw error;
  }
  return { handle, drop };
}

// ---------------------------------------------------------------- public helpers

/** Which database the server tier runs on in this process. */
export const testDatabaseKind = (): 'pglite' | 'postgres' => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

export async function createTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  let handle: DbHandle;
  let drop = async () => {};
  const seed = options.seed ?? true;
  if (baseUrl) ({ handle, drop } = await freshPostgres(baseUrl, seed));
  else handle = seed ? await freshPglite() : await emptyPglite();

  let app: TestApp;
  try {
    // (cast: TS 7 loses the `& { questboard }` of buildApp's declared return type)
    app = (await buildApp({
      config: testConfig(options.config),
      db: handle.db,
      providers: options.providers,
      now: options.now,
      events: options.events,
    })) as TestApp;
    await app.ready();
  } catch (error) {
    await handle.close().catch(() => {});
    await drop().catch(() => {});
    throw error;
  }

  let closed = false;
  return {
    app,
    db: handle.db,
    kind: handle.kind,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await handle.close();
      await drop();
    },
  };
}

/** Signs in through the API and returns the bearer token. */
export async function signInAs(app: FastifyInstance, email: string, password: string = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in as ${email} answered ${res.statusCode}: ${res.body}`);
  const token = (res.json() as { token?: unknown }).token;
  if (typeof token !== 'string' || !token) throw new Error(`sign-in as ${email} returned no token: ${res.body}`);
  return token;
}

/** Signs in each named demo account (server/demo/seed.ts DEMO_ACCOUNTS); returns their tokens by name. */
export async function signInDemo<W extends keyof typeof DEMO_ACCOUNTS>(
  app: FastifyInstance,
  who: readonly W[],
): Promise<Record<W, string>> {
  const tokens = {} as Record<W, string>;
  for (const name of who) tokens[name] = await signInAs(app, DEMO_ACCOUNTS[name]);
  return tokens;
}

/** The default sort's order (by text, code unit by code unit) as a compare function: `list.sort(byText)`. */
export const byText = (
  a: string | null | readonly (string | undefined)[],
  b: string | null | readonly (string | undefined)[],
) => {
  const x = String(a),
    y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** app.inject with an optional token: `call(app, token, { method: 'GET', url: '/api/me' })`. */
export function call(
  app: FastifyInstance,
  token: string | null,
  request: InjectOptions,
): Promise<LightMyRequestResponse> {
  return app.inject({ ...request, headers: { ...request.headers, ...(token ? bearer(token) : {}) } });
}

// ---------------------------------------------------------------- processed plugins

/** The first and last day ('YYYY-MM-DD') of an app's sandbox raw export (its `event_date` keys are 'YYYYMMDD'). */
export async function rawExportDays(
  store: AnalyticsEngine['store'],
  appId: string,
): Promise<{ first: string; last: string }> {
  const [range] = await store.rows(
    'SELECT min(event_date) AS s, max(event_date) AS e FROM raw_events WHERE dataset = $d',
    { d: appId },
  );
  const day = (key: unknown) => `${String(key).slice(0, 4)}-${String(key).slice(4, 6)}-${String(key).slice(6, 8)}`;
  return { first: day(range!.s), last: day(range!.e) };
}

/** Asks, as `token`, to process the plugin's data from start to end, then runs the jobs to the end: the ask's status. */
export async function processAndDrain(
  server: TestServer,
  token: string,
  pluginId: string,
  range: { start: string; end: string },
): Promise<number> {
  const res = await call(server.app, token, {
    method: 'POST',
    url: `/api/plugins/${pluginId}/process`,
    payload: { start: range.start, end: range.end },
  });
  await drainJobs(server.app.questboard, integrationJobs);
  return res.statusCode;
}
