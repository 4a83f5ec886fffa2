/**
 * A faster way to run statements on PGlite, used by PGliteSession (in-process and in the database worker).
 *
 * PGlite's own `query(sql, params)` parses and plans the statement anew every time and talks to its WASM Postgres in
 * six separate protocol round trips (parse, describe, bind, describe, execute, sync). On the app's short queries that
 * overhead is most of the cost. Here:
 *  - a data statement (SELECT / INSERT / UPDATE / DELETE / WITH) with its SQL text seen before runs as a named
 *    prepared statement — bind + describe + execute + sync in ONE round trip — and Postgres reuses its plan;
 *    a new text is prepared once (parse + describe, which also gives the parameter types to serialize values with);
 *    at most MAX_STATEMENTS stay prepared (the oldest is closed);
 *  - a statement without parameters that is not cached (BEGIN, COMMIT, DDL…) goes through the simple query protocol
 *    in one round trip; DDL or SET also forget every prepared statement (DEALLOCATE ALL), so no plan outlives a change
 *    of the schema;
 *  - anything else falls back to PGlite's `query`.
 * Values are serialized and rows parsed with PGlite's own serializers and parsers, exactly as `query` does; each
 * statement is answered after PGlite has written it (syncToFs as `query`), so durability is unchanged.
 */
import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import type { QueryRunner } from './pglite-session';

const MAX_STATEMENTS = 500;
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function preparedQueryRunner(pglite: PGlite): QueryRunner {
  const statements = new Map<string, { name: string; paramTypes: number[] }>();
  let counter = 0;

  /** Sends protocol messages (ending with Sync). After an error, one more Sync makes sure the session is ready. */
  const send = async (message: Uint8Array) => {
    try {
      return await pglite.execProtocolStream(message, {});
    } catch (error) {
      await pglite.execProtocolStream(serialize.sync(), {}).catch(() => undefined);
      throw error;
    }
  };

  const prepare = async (text: string) => {
    const name = `qb_${++counter}`;
    const messages = await send(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    );
    const description = messages.find((m) => m.name === 'parameterDescription') as
      { dataTypeIDs?: number[] } | undefined;
    const entry = { name, paramTypes: description?.dataTypeIDs ?? [] };
    statements.set(text, entry);
    if (statements.size > MAX_STATEMENTS) {
      const [oldestText, oldest] = statements.entries().next().value!;
      statements.delete(oldestText);
      await send(concat([serialize.close({ type: 'S', name: oldest.name }), serialize.sync()]));
    }
    return entry;
  };

  const runPrepared = async (text: string, params: unknown[]) => {
    let entry = statements.get(text);
    if (entry) {
      // Most recently used last, so the oldest entry is the least recently used.
      statements.delete(text);
      statements.set(text, entry);
    } else {
      entry = await prepare(text);
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pglite.serializers[entry!.paramTypes[i]!];
      // oxlint-disable-next-line typescript/no-base-to-string -- as PGlite itself does: a parameter without a serializer goes as its text
      return serializer ? serializer(value) : String(value);
    });
    const messages = await send(
      concat([
        serialize.bind({ statement: entry.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    return parse.parseResults(messages, pglite.parsers)[0]!;
  };

  const runSimple = async (text: string) => {
    const messages = await send(serialize.query(text));
    const results = parse.parseResults(messages, pglite.parsers);
    if (!TRANSACTION_CONTROL.test(text) && statements.size > 0) {
      // The schema or a setting may have changed: forget every prepared plan.
      statements.clear();
      await send(serialize.query('DEALLOCATE ALL'));
    }
    return results[results.length - 1] ?? { rows: [], affectedRows: 0 };
  };

  return {
    query(sql, params = []) {
      if (DATA_STATEMENT.test(sql)) return pglite.runExclusive(() => runPrepared(sql, params));
      if (params.length === 0) return pglite.runExclusive(() => runSimple(sql));
      return pglite.query(sql, params); // takes PGlite's lock itself
    },
  };
}
