/**
 * The PostgreSQL extensions every embedded PGlite is opened with (PGlite loads an extension only when it is named at
 * creation): pg_trgm, for the trigram index on the activity log's object names (server/areas/activity/migrations.ts).
 * Every `PGlite.create` of the server, the tests and the benches passes these, so a data folder or a dump made by one
 * opens in another.
 */
import type { PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const PGLITE_EXTENSIONS = { pg_trgm } satisfies PGliteOptions['extensions'];

/** PGlite options with the extensions added. */
export const withPgliteExtensions = (options: PGliteOptions = {}): PGliteOptions => ({
  ...options,
  extensions: { ...PGLITE_EXTENSIONS, ...options.extensions },
});
