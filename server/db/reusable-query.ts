/**
 * Hot-path queries (every request's session lookup, `/api/me`) built and compiled ONCE per database and setting, then
 * run with each request's values. On those short queries Kysely's builder and compiler cost more CPU than the
 * database's (prepared) statement itself.
 *
 * The query is built with placeholder strings standing for the arguments; after compiling, each parameter that is a
 * placeholder is swapped for its argument. The SQL text never changes, so values stay bound parameters. A builder
 * must therefore use every argument as a plain value (never to choose the query's shape), which `compileOnce`
 * checks: each placeholder must come out as exactly one parameter. `settings` (configuration such as the internal
 * e-mail domains) may shape the query: one compiled query is kept per database and settings.
 */
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

const PREFIX = '\u0000reusable-query-arg:';

export function reusableQuery<Settings, Args extends readonly unknown[], Row>(
  build: (db: Kysely<Database>, settings: Settings, ...args: Args) => Compilable<Row>,
) {
  const cache = new WeakMap<Kysely<Database>, Map<string, CompiledQuery<Row>>>();
  return async (db: Kysely<Database>, settings: Settings, ...args: Args): Promise<Row[]> => {
    let byDb = cache.get(db);
    if (!byDb) cache.set(db, (byDb = new Map()));
    const key = JSON.stringify(settings) ?? '';
    let query = byDb.get(key);
    if (!query) {
      const placeholders = Array.from({ length: args.length }, (_, i) => `${PREFIX}${i}`);
      query = build(db, settings, ...(placeholders as unknown as Args)).compile();
      for (const placeholder of placeholders) {
        const uses = query.parameters.filter((p) => p === placeholder).length;
        if (uses !== 1)
          throw new Error(
            `reusableQuery: argument ${placeholder.slice(PREFIX.length)} is used ${uses} times (must be one bound value)`,
          );
      }
      byDb.set(key, query);
    }
    const parameters = query.parameters.map((p) =>
      typeof p === 'string' && p.startsWith(PREFIX) ? args[Number(p.slice(PREFIX.length))] : p,
    );
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
