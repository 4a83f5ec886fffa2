/**
 * App-database tables of the postbacks area: each app's per-source postback secret (its SHA-256 to compare,
 * and the secret sealed with the server key so the URL can be shown again), the received postbacks (one row per
 * app, source and idempotency key: a retried postback is one event) and the log of postbacks that were not stored.
 * 0560: a waiting attribution plugin becomes connected when a postback is stored (server/areas/postbacks/postbacks.ts); plugins
 * that were left waiting beside stored postbacks before that rule are connected once, with the same feed line.
 * 0930: the postback log page (docs/postbacks.md §Postback log) reads both tables newest first by (received_at, id):
 * the log's rows take their ids from the postbacks' sequence, so (received_at, id) is one key over both; each log row
 * gets a bounded reason code and keeps the whole device id (the readers mask it), so a device can be looked up; the
 * page's keyset indexes replace the older by-time ones, and two more serve "this device's" and "this event's" postbacks.
 * 0931: the distinct searched values of the log's search (`searchValues` below).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { runStatements, sqlMigrations } from '../../db/migrations';

/**
 * 0931: the search of the postback log page (docs/postbacks.md §Postback log) looks up the matching distinct event
 * names, device ids and reasons first: `postback_search_values` holds each of an app's and source's once, kept by a
 * statement trigger on each table (every writer's INSERT, in its own statement), with a pg_trgm GIN index where the
 * extension is available (PostgreSQL with contrib, every embedded PGlite: server/db/pglite-extensions.ts); the log
 * table gets the (reason, received_at, id) index the matched reasons are read along. The key leads with the value,
 * so that a planner without statistics (an embedded PGlite is never ANALYZEd) never reads all of an app's values along
 * it instead of the trigram index; the trigram index has no pending list (fastupdate off), which every search would read
 * whole where nothing ever vacuums it.
 */
const searchValues: Migration = {
  async up(db: Kysely<any>) {
    await runStatements(
      db,
      `
        CREATE TABLE postback_search_values (
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          source text NOT NULL,
          kind text NOT NULL CHECK (kind IN ('event', 'device', 'reason')),
          value text NOT NULL,
          PRIMARY KEY (value, app_id, source, kind)
        );
        INSERT INTO postback_search_values (app_id, source, kind, value)
          SELECT DISTINCT app_id, source, 'event', event_name FROM postbacks
          UNION SELECT DISTINCT app_id, source, 'device', advertising_id FROM postbacks WHERE advertising_id IS NOT NULL
          UNION SELECT DISTINCT app_id, source, 'event', event_name FROM postback_log WHERE event_name IS NOT NULL
          UNION SELECT DISTINCT app_id, source, 'device', advertising_id FROM postback_log WHERE advertising_id IS NOT NULL
          UNION SELECT DISTINCT app_id, source, 'reason', reason FROM postback_log WHERE reason IS NOT NULL;
        CREATE INDEX postback_log_by_reason ON postback_log (app_id, source, reason, received_at, id)
      `,
    );
    // Function bodies hold semicolons, so each is one statement of its own.
    for (const [table, values] of [
      ['postbacks', `('event', a.event_name), ('device', a.advertising_id)`],
      ['postback_log', `('event', a.event_name), ('device', a.advertising_id), ('reason', a.reason)`],
    ] as const) {
      await sql
        .raw(
          `CREATE FUNCTION ${table}_search_values() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            INSERT INTO postback_search_values (app_id, source, kind, value)
            SELECT DISTINCT a.app_id, a.source, v.kind, v.value
            FROM added a CROSS JOIN LATERAL (VALUES ${values}) AS v(kind, value)
            WHERE v.value IS NOT NULL
            ON CONFLICT DO NOTHING;
            RETURN NULL;
          END
        $$`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${table}_search_values AFTER INSERT ON ${table} REFERENCING NEW TABLE AS added
          FOR EACH STATEMENT EXECUTE FUNCTION ${table}_search_values()`,
        )
        .execute(db);
    }
    const { rows } = await sql<{ name: string }>`
      SELECT name FROM pg_available_extensions WHERE name = 'pg_trgm'`.execute(db);
    if (rows.length === 0) return;
    await runStatements(
      db,
      `
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
        CREATE INDEX postback_search_values_trgm ON postback_search_values USING gin (value gin_trgm_ops)
          WITH (fastupdate = off)
      `,
    );
  },
};

export const postbacksMigrations: Record<string, Migration> = {
  ...sqlMigrations({
    '0400_postbacks': `
        CREATE TABLE postback_secrets (
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          source text NOT NULL,
          secret_hash text NOT NULL,
          secret_sealed text NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (app_id, source)
        );
        CREATE TABLE postbacks (
          id bigserial PRIMARY KEY,
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          source text NOT NULL,
          idempotency_key text NOT NULL,
          event_name text NOT NULL,
          value text,
          revenue double precision,
          currency text,
          advertising_id text,
          sub1 text,
          sub2 text,
          sub3 text,
          sub4 text,
          sub5 text,
          install_time timestamptz,
          event_time timestamptz,
          received_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE UNIQUE INDEX postbacks_once ON postbacks (app_id, source, idempotency_key);
        CREATE INDEX postbacks_recent ON postbacks (app_id, source, received_at);
        CREATE TABLE postback_log (
          id bigserial PRIMARY KEY,
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          source text NOT NULL,
          received_at timestamptz NOT NULL DEFAULT now(),
          event_name text,
          outcome text NOT NULL CHECK (outcome IN ('duplicate', 'refused')),
          reason text,
          advertising_id text
        );
        CREATE INDEX postback_log_recent ON postback_log (app_id, source, id)
      `,
    '0560_postbacks_connect_waiting_plugins': `
        WITH moved AS (
          UPDATE plugins p SET status = 'connected'
          WHERE p.type IN ('AppsFlyer', 'Adjust') AND p.status IN ('waiting_for_events', 'no_data', 'pending')
            AND EXISTS (SELECT 1 FROM postbacks b WHERE b.app_id = p.app_id AND b.source = lower(p.type))
          RETURNING p.id AS plugin_id, p.type AS plugin_type
        )
        INSERT INTO plugin_feed (plugin_id, message, type, created_at)
        SELECT plugin_id, plugin_type || ' connected: events are received.', 'success', now() FROM moved
      `,
    '0930_postback_log_page': `
        ALTER TABLE postback_log ADD COLUMN reason_code text CHECK (reason_code IN
          ('already_received', 'plugin_missing', 'plugin_disconnected', 'malformed', 'unknown_event'));
        UPDATE postback_log SET reason_code = CASE
          WHEN outcome = 'duplicate' THEN 'already_received'
          WHEN reason LIKE '%plugin is disconnected' THEN 'plugin_disconnected'
          WHEN reason LIKE 'the app has no % plugin' THEN 'plugin_missing'
          WHEN reason LIKE '%not in the events file%' THEN 'unknown_event'
          ELSE 'malformed' END;
        UPDATE postback_log SET id = nextval('postbacks_id_seq');
        ALTER TABLE postback_log ALTER COLUMN id SET DEFAULT nextval('postbacks_id_seq');
        DROP INDEX postbacks_recent;
        CREATE INDEX postbacks_log_page ON postbacks (app_id, source, received_at, id);
        CREATE INDEX postbacks_by_device ON postbacks (app_id, source, advertising_id, received_at, id);
        CREATE INDEX postbacks_by_event ON postbacks (app_id, source, event_name, received_at, id);
        DROP INDEX postback_log_recent;
        CREATE INDEX postback_log_page ON postback_log (app_id, source, received_at, id);
        CREATE INDEX postback_log_by_device ON postback_log (app_id, source, advertising_id, received_at, id);
        CREATE INDEX postback_log_by_event ON postback_log (app_id, source, event_name, received_at, id)
      `,
  }),
  '0931_postback_search_values': searchValues,
};
