/**
 * server/db/pglite-prepared.ts: statements run as cached prepared statements give the same answers as PGlite's own
 * `query` (rows, types, affected counts, errors), survive errors and rollbacks, never serve a stale plan after the
 * schema changes, and keep a bounded number of statements prepared.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { preparedQueryRunner } from '../../server/db/pglite-prepared';
import type { QueryRunner } from '../../server/db/pglite-session';

let pglite: PGlite;
let runner: QueryRunner;
const prepared = async () =>
  Number((await pglite.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]!.n);

beforeAll(async () => {
  pglite = await PGlite.create();
  runner = preparedQueryRunner(pglite);
  await runner.query(
    'CREATE TABLE items (id integer PRIMARY KEY, name text NOT NULL, tags jsonb, at timestamptz, data bytea)',
  );
});
afterAll(() => pglite?.close());

describe('prepared statements on PGlite', () => {
  test('the same rows, types and affected counts as PGlite query, with the statement prepared once', async () => {
    const at = new Date('2025-06-30T12:00:00Z');
    const insert = 'INSERT INTO items (id, name, tags, at, data) VALUES ($1, $2, $3, $4, $5)';
    expect(
      (await runner.query(insert, [1, 'one', JSON.stringify({ a: [1] }), at, new Uint8Array([1, 2])])).affectedRows,
    ).toBe(1);
    expect((await runner.query(insert, [2, 'two', null, null, null])).affectedRows).toBe(1);
    const select = 'SELECT * FROM items WHERE id = ANY($1::int[]) ORDER BY id';
    const ours = await runner.query(select, [[1, 2]]);
    const theirs = await pglite.query(select, [[1, 2]]);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.rows[0]).toMatchObject({ id: 1, name: 'one', tags: { a: [1] }, at });
    const before = await prepared();
    for (let i = 0; i < 3; i++) await runner.query(select, [[1]]);
    expect(await prepared(), 'a known text is not prepared again').toBe(before);
    expect((await runner.query('UPDATE items SET name = name WHERE id > $1', [0])).affectedRows).toBe(2);
  });

  test('an error answers as an error and the session goes on; a rolled-back transaction keeps nothing', async () => {
    const duplicate = await runner
      .query('INSERT INTO items (id, name) VALUES ($1, $2)', [1, 'again'])
      .catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ code: '23505' });
    const syntax = await runner.query('SELECT nonsense FROM items WHERE id = $1', [1]).catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: '42703' });
    await runner.query('BEGIN');
    await runner.query('INSERT INTO items (id, name) VALUES ($1, $2)', [3, 'three']);
    await expect(runner.query('INSERT INTO items (id, name) VALUES ($1, $2)', [3, 'three'])).rejects.toMatchObject({
      code: '23505',
    });
    await runner.query('ROLLBACK');
    expect((await runner.query('SELECT id FROM items ORDER BY id', [])).rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  test('after a schema change the same text answers with the new shape', async () => {
    const text = 'SELECT * FROM items WHERE id = $1';
    expect(Object.keys((await runner.query(text, [1])).rows[0] as object)).not.toContain('extra');
    await runner.query("ALTER TABLE items ADD COLUMN extra text NOT NULL DEFAULT 'x'");
    expect((await runner.query(text, [1])).rows[0]).toMatchObject({ id: 1, extra: 'x' });
  });

  test('at most 500 statements stay prepared', async () => {
    for (let i = 0; i < 520; i++) await runner.query(`SELECT $1::int + ${i} AS v`, [1]);
    expect(await prepared()).toBeLessThanOrEqual(500);
    expect((await runner.query('SELECT $1::int + 0 AS v', [41])).rows).toEqual([{ v: 41 }]);
  });
});
