/**
 * Group commit for postbacks that no listener wants (the common case: they only need storing). Partners send in
 * bursts; one INSERT per postback spends most of its time on per-statement work (a round trip, parse, plan, commit).
 * Here a postback that arrives while the writer's statements are in flight waits for them and is then written with
 * everything that queued meanwhile, in ONE multi-row `INSERT … ON CONFLICT DO NOTHING RETURNING`. An idle server
 * writes a lone postback at once, so nothing waits for a timer.
 *
 * - Exactly once: the unique index (app, source, key) decides, as before. Within a batch the first postback of a key
 *   is the one inserted; later ones of the same key are duplicates.
 * - A caller is answered only once its batch has committed (the INSERT is one statement, so it commits alone).
 * - A batch that fails (say an app deleted meanwhile: its foreign key) is retried one postback at a time, so only the
 *   postback at fault fails, with its own error.
 * - The duplicates of a batch are logged (`postback_log`, outcome duplicate: the postback log page shows them) by one
 *   more multi-row INSERT before their callers are answered; a log that cannot be written is reported on stderr and
 *   does not change the answer (the postback itself was received once, as the answer says).
 */
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PostbacksTable } from './schema';
import { logLine } from '../../log';

export type PostbackRow = Insertable<PostbacksTable> & { app_id: string; source: string; idempotency_key: string };

/** Statements in flight at once (the rest queue, then go together), and the most rows in one statement. */
const IN_FLIGHT = 2;
const MAX_BATCH = 250;

interface Pending {
  row: PostbackRow;
  resolve(id: string | null): void;
  reject(error: unknown): void;
}

const keyOf = (row: PostbackRow) => `${row.app_id}\u0000${row.source}\u0000${row.idempotency_key}`;

export interface PostbackWriter {
  /** Stores the row unless its key is stored already: the new row's id, or null for a duplicate (logged as one). */
  write(row: PostbackRow): Promise<string | null>;
  /** Rows written and INSERT statements run so far (the benchmark prints rows per statement); duplicate log statements. */
  stats(): { rows: number; statements: number; logStatements: number };
}

function createWriter(db: Kysely<Database>): PostbackWriter {
  const queue: Pending[] = [];
  let inFlight = 0;
  const counts = { rows: 0, statements: 0, logStatements: 0 };

  async function insert(rows: PostbackRow[]): Promise<Map<string, string>> {
    counts.statements += 1;
    counts.rows += rows.length;
    const inserted = await db
      .insertInto('postbacks')
      .values(rows)
      .onConflict((oc) => oc.columns(['app_id', 'source', 'idempotency_key']).doNothing())
      .returning(['id', 'app_id', 'source', 'idempotency_key'])
      .execute();
    return new Map(inserted.map((row) => [keyOf(row as PostbackRow), String(row.id)]));
  }

  /** One INSERT logging the duplicates (bounded values, the device id whole: readers mask it). */
  async function logDuplicates(rows: PostbackRow[]) {
    if (rows.length === 0) return;
    counts.logStatements += 1;
    try {
      await db
        .insertInto('postback_log')
        .values(
          rows.map((row) => ({
            app_id: row.app_id,
            source: row.source,
            received_at: row.received_at,
            event_name: row.event_name.slice(0, 100),
            outcome: 'duplicate' as const,
            reason_code: 'already_received' as const,
            reason: 'already received',
            advertising_id: row.advertising_id?.slice(0, 200) ?? null,
          })),
        )
        .execute();
    } catch (error) {
      console.error(
        logLine('postbacks', { outcome: 'duplicate log not written', rows: rows.length, error: String(error) }),
      );
    }
  }

  async function flush(batch: Pending[]) {
    // The first postback of each key goes in the statement; a repeat inside the batch is a duplicate.
    const first = new Map<string, Pending>();
    for (const pending of batch) if (!first.has(keyOf(pending.row))) first.set(keyOf(pending.row), pending);
    const answers: [Pending, string | null][] = [];
    try {
      const ids = await insert([...first.values()].map((pending) => pending.row));
      for (const pending of batch) {
        const key = keyOf(pending.row);
        answers.push([pending, first.get(key) === pending ? (ids.get(key) ?? null) : null]);
      }
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // One at a time, in order, so a repeat of a key sees its first one stored.
      for (const pending of batch) {
        try {
          answers.push([pending, (await insert([pending.row])).get(keyOf(pending.row)) ?? null]);
        } catch (single) {
          pending.reject(single);
        }
      }
    }
    // Stored ones are answered at once; duplicates once their log is written.
    for (const [pending, id] of answers) if (id !== null) pending.resolve(id);
    const duplicates = answers.filter(([, id]) => id === null).map(([pending]) => pending);
    await logDuplicates(duplicates.map((pending) => pending.row));
    for (const pending of duplicates) pending.resolve(null);
  }

  function pump() {
    while (inFlight < IN_FLIGHT && queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      inFlight += 1;
      void flush(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    write(row) {
      return new Promise((resolve, reject) => {
        queue.push({ row, resolve, reject });
        pump();
      });
    },
    stats: () => ({ ...counts }),
  };
}

const writers = new WeakMap<Kysely<Database>, PostbackWriter>();

/** The database's postback writer (one per database handle, so every request of a server shares its batches). */
export function postbackWriter(db: Kysely<Database>): PostbackWriter {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = createWriter(db)));
  return writer;
}
