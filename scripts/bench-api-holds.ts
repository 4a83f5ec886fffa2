/**
 * The fraud holds case of `npm run bench:api -- --only holds` (docs/acquire.md §Fraud holds; target: the review list
 * answers ≤ 50 ms p99 however many holds the app has).
 *
 * In-process on an embedded PGlite: a migrated database with one workspace, one app, one live quest and `rows`
 * generated holds of it (SQL generate_series; one in five still held, the rest released or rejected). Then, through
 * Fastify's inject (session, membership, decode, query, encode), the held list's first page, its second page by
 * cursor, and the rejected list, `samples` times each: p50, p99. Printed, never asserted.
 */
import { sql } from 'kysely';
import type { ServerContext } from '../server/context';
import type { HoldsPage } from '../src/contracts/acquire-fraud';
import { printBenchTable, seedBenchWorkspace, timeCase, withBenchApp, type BenchRow } from './bench-in-process';

const W = 'bench-ws';
const APP = 'bench-app';
const ADMIN = 'bench-admin';
const QUEST = 'bq-holds';

async function generate(ctx: ServerContext, rows: number) {
  await seedBenchWorkspace(ctx, { workspaceId: W, admins: [ADMIN], appId: APP });
  const definition = {
    name: 'Bench quest',
    countries: ['US'],
    dailyCap: 1000,
    steps: [{ eventName: 'step_0', payout: 0.5, condition: null }],
  };
  await ctx.db
    .insertInto('quests')
    .values({ id: QUEST, app_id: APP, status: 'LIVE', active: JSON.stringify(definition), draft: null })
    .execute();
  const now = ctx.now();
  const span = 30 * 86400.0;
  const chunk = 100_000;
  for (let start = 0; start < rows; start += chunk) {
    const end = Math.min(rows, start + chunk);
    await sql`
      INSERT INTO quest_completion_holds (app_id, quest_id, player_id, step_index, event_name, payout_cents,
        completed_at, reason, evidence, status, held_at)
      SELECT ${APP}, ${QUEST}, 'p' || g, 0, 'step_0', 50,
        ${now}::timestamptz - make_interval(secs => (${rows}::int - g) * (${span}::float8 / ${rows}::float8)),
        (ARRAY['too_fast', 'shared_device', 'shared_address', 'replay', 'source_burst'])[1 + g % 5],
        jsonb_build_object('device id', 'dev-' || (g % 1000)),
        CASE WHEN g % 5 = 0 THEN 'held' WHEN g % 5 = 1 THEN 'rejected' ELSE 'released' END,
        ${now}::timestamptz - make_interval(secs => (${rows}::int - g) * (${span}::float8 / ${rows}::float8))
      FROM generate_series(${start + 1}::int, ${end}::int) AS g`.execute(ctx.db);
  }
  await sql`INSERT INTO quest_hold_counts (app_id, status, holds)
    SELECT app_id, status, count(*) FROM quest_completion_holds GROUP BY 1, 2`.execute(ctx.db);
  await sql`ANALYZE quest_completion_holds`.execute(ctx.db);
}

export async function benchHolds(options: {
  rows: number;
  samples: number;
  log: (line: string) => void;
}): Promise<BenchRow[]> {
  return withBenchApp(async ({ ctx, signIn, timedGet }) => {
    const started = Date.now();
    await generate(ctx, options.rows);
    options.log(
      `  fraud holds: ${options.rows.toLocaleString('en-US')} holds generated in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const headers = await signIn(ADMIN);
    const list = timedGet<HoldsPage>(`/api/app/${APP}/acquire/holds`, headers);
    const first = await list({});
    const cursor = first.answer.nextCursor ?? '';
    return [
      await timeCase('GET holds (held, first page)', options.samples, () => list({})),
      await timeCase('GET holds (held, second page by cursor)', options.samples, () => list({ cursor })),
      await timeCase('GET holds (rejected, first page)', options.samples, () => list({ status: 'rejected' })),
    ];
  });
}

export const printHoldsTable = (rows: readonly BenchRow[], log: (line: string) => void) =>
  printBenchTable('fraud holds case', rows, log);

// Alone: `npx tsx scripts/bench-api-holds.ts [rows] [samples]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  benchHolds({ rows: Number(process.argv[2] ?? 1_000_000), samples: Number(process.argv[3] ?? 200), log: console.log })
    .then((result) => printHoldsTable(result, console.log))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
