/**
 * docs/architecture.md "the database under load": the embedded database as `npm start` opens it — PGlite in a worker thread
 * behind the Kysely driver of server/db/connect.ts. Statements and their errors cross the thread unchanged; a
 * transaction holds the session (its rollback never takes another request's write with it); the event loop stays free
 * while the database computes (the health check answers first); close() ends the worker and keeps the data; a
 * SIGKILL loses no acknowledged write; and server/main.ts shuts down cleanly on SIGTERM.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { withPgliteExtensions } from '../../server/db/pglite-extensions';
import { openDatabase, type DbHandle } from '../../server/db/connect';
import { buildApp, migrate } from '../../server/app';
import { testConfig } from '../../server/config';
import { freePort } from '../../scripts/e2e-server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dirs: string[] = [];
const handles: DbHandle[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-worker-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const handle of handles) await handle.close().catch(() => {});
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function open(dataDir = tempDir()) {
  const handle = await openDatabase({ dataDir });
  handles.push(handle);
  return handle;
}

describe('PGlite in a worker thread', () => {
  test('rows, affected counts, types and Postgres errors (code, constraint) cross the thread', async () => {
    const { db, kind } = await open();
    expect(kind).toBe('pglite');
    await migrate(db);
    await db
      .insertInto('accounts')
      .values({
        id: 'a1',
        email: 'a@example.com',
        first_name: '',
        last_name: '',
        password_hash: 'x',
        is_tp_user: false,
      })
      .execute();
    const bytes = new Uint8Array([0, 1, 2, 250]);
    await db.insertInto('files').values({ id: 'f1', content_type: 'image/png', bytes }).execute();
    const file = await db.selectFrom('files').selectAll().where('id', '=', 'f1').executeTakeFirstOrThrow();
    expect(Array.from(file.bytes as Uint8Array)).toEqual([0, 1, 2, 250]);
    expect(file.created_at).toBeInstanceOf(Date);
    const updated = await db
      .updateTable('accounts')
      .set({ first_name: 'Ada' })
      .where('id', '=', 'a1')
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    const duplicate = await db
      .insertInto('accounts')
      .values({
        id: 'a2',
        email: 'a@example.com',
        first_name: '',
        last_name: '',
        password_hash: 'x',
        is_tp_user: false,
      })
      .execute()
      .catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'accounts_email_key' });
  });

  test('a transaction holds the session: outside writes wait for it, and its rollback keeps them', async () => {
    const { db } = await open();
    await sql`CREATE TABLE t (v text)`.execute(db);
    let proceed!: () => void;
    const gate = new Promise<void>((resolve) => (proceed = resolve));
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await sql`INSERT INTO t VALUES ('rolled back')`.execute(trx);
      inside();
      await gate;
      throw new Error('abort');
    });
    await started;
    const events: string[] = [];
    const outsideWrite = sql`INSERT INTO t VALUES ('kept')`.execute(db).then(() => events.push('outside write'));
    const outsideRead = sql<{ v: string }>`SELECT v FROM t`.execute(db).then((r) => {
      events.push('outside read');
      return r.rows.map((row) => row.v);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events, 'nothing outside runs inside the open transaction').toEqual([]);
    proceed();
    await expect(transaction).rejects.toThrow('abort');
    await outsideWrite;
    expect(await outsideRead, 'the outside read never saw the uncommitted row').not.toContain('rolled back');
    expect((await sql<{ v: string }>`SELECT v FROM t`.execute(db)).rows.map((row) => row.v)).toEqual(['kept']);
  });

  test('the event loop stays free: /api/health answers while the database is busy', async () => {
    const handle = await open();
    const app = await buildApp({ config: testConfig(), db: handle.db });
    try {
      const busy = sql`SELECT count(*) FROM generate_series(1, 8000000) AS g(x) WHERE x % 7 = 3`
        .execute(handle.db)
        .then(() => 'database' as const);
      const health = app.inject({ method: 'GET', url: '/api/health' }).then((res) => {
        expect(res.statusCode).toBe(200);
        return 'health' as const;
      });
      expect(await Promise.race([busy, health])).toBe('health');
      await busy;
    } finally {
      await app.close();
    }
  });

  test('close() ends the worker and keeps committed data for the next open', async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    await sql`CREATE TABLE kept (v integer)`.execute(first.db);
    await sql`INSERT INTO kept VALUES (42)`.execute(first.db);
    await first.close();
    await expect(sql`SELECT 1`.execute(first.db)).rejects.toThrow();
    const second = await open(dataDir);
    expect((await sql<{ v: number }>`SELECT v FROM kept`.execute(second.db)).rows).toEqual([{ v: 42 }]);
  });
});

describe('durability and shutdown of the real process', () => {
  test('kill -9 loses no acknowledged write', async () => {
    const dataDir = tempDir();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'tests/server/embedded-worker-child.ts'), dataDir],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let acked = 0;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the child exited (${code}) before acknowledging 20 writes`)));
      child.stdout!.on('data', (chunk: Buffer) => {
        for (const match of chunk.toString().matchAll(/ack (\d+)/g)) acked = Math.max(acked, Number(match[1]));
        if (acked >= 20 && child.exitCode === null) {
          child.kill('SIGKILL');
          resolve();
        }
      });
    });
    await exited;
    const pglite = await PGlite.create(withPgliteExtensions({ dataDir: path.join(dataDir, 'pg') }));
    try {
      const { rows } = await pglite.query<{ n: number }>('SELECT n FROM durability ORDER BY n');
      const have = new Set(rows.map((row) => row.n));
      const lost = Array.from({ length: acked }, (_, i) => i + 1).filter((n) => !have.has(n));
      expect(lost, `acknowledged writes 1..${acked} after SIGKILL`).toEqual([]);
    } finally {
      await pglite.close();
    }
  });

  test('server/main.ts stops cleanly on SIGTERM (worker closed, exit 0) and its data is there on the next start', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const start = () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          DATABASE_URL: '',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DEMO_EVENTS: '2000',
          STATIC_DIR: path.join(dataDir, 'none'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
      const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const ready = (async () => {
        while (child.exitCode === null) {
          if (/Questboard is running/.test(output)) return;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        throw new Error(`main.ts exited early:\n${output}`);
      })();
      return { child, exit, ready, output: () => output };
    };
    const url = `http://127.0.0.1:${port}`;

    const first = start();
    await first.ready;
    const signIn = await fetch(`${url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demostudio.dev', password: 'questboard-demo' }),
    });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    first.child.kill('SIGTERM');
    expect(await first.exit, first.output()).toBe(0);
    expect(first.output()).not.toMatch(/Error|stopped unexpectedly/);

    const second = start();
    try {
      await second.ready;
      expect(second.output(), 'nothing left to seed').not.toMatch(/seeding|Generating/);
      const me = await fetch(`${url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status, 'the session written before SIGTERM survived').toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exit).toBe(0);
    }
  }, 240_000);
});
