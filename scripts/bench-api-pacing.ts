/**
 * The spend and pacing case of `npm run bench:api -- --only pacing` (docs/acquire.md §Spend and pacing; target: the
 * read paths answer ≤ 50 ms at 1 M completions).
 *
 * In-process on an embedded PGlite: a migrated database with one workspace, one app with a daily budget, five live
 * quests, and `rows` generated step completions over the last 30 days (SQL generate_series; three in five of them one
 * quest's, 1 in 10 over the cap), summed into their hours and step counts by the migrations' own backfills. Then, through Fastify's
 * inject (session, membership, decode, query, encode), the app's pacing, the big quest's spend and the quest grid
 * (which reads today's completions), `samples` times each: p50, p99. Printed, never asserted.
 */
import { sql } from 'kysely';
import type { ServerContext } from '../server/context';
import { FILL_SPEND_HOURS_SQL, FILL_STEP_COUNTS_SQL } from '../server/areas/acquire/spend-hours';
import { printBenchTable, seedBenchWorkspace, timeCase, withBenchApp, type BenchRow } from './bench-in-process';

const W = 'bench-ws';
const APP = 'bench-app';
const ADMIN = 'bench-admin';
const QUESTS = ['bq-0', 'bq-1', 'bq-2', 'bq-3', 'bq-4'];

async function generate(ctx: ServerContext, rows: number) {
  await seedBenchWorkspace(ctx, { workspaceId: W, admins: [ADMIN], appId: APP });
  await ctx.db
    .insertInto('acquire_settings')
    .values({
      app_id: APP,
      countries: JSON.stringify(['US']) as never,
      daily_budget: 5000,
      target_kpi: 'roas_d7',
      target_kpi_value: 5,
      analysis_period: 30,
    })
    .execute();
  const now = ctx.now();
  for (const [i, id] of QUESTS.entries()) {
    const definition = {
      name: `Bench quest ${i}`,
      countries: ['US'],
      dailyCap: 1000,
      steps: Array.from({ length: 10 }, (_, s) => ({ eventName: `step_${s}`, payout: 0.05, condition: null })),
    };
    await ctx.db
      .insertInto('quests')
      .values({
        id,
        app_id: APP,
        status: 'LIVE',
        active: JSON.stringify(definition),
        draft: null,
        published_at: new Date(now.getTime() - 40 * 86_400_000),
      })
      .execute();
  }
  const span = 30 * 86400.0;
  const chunk = 100_000;
  for (let start = 0; start < rows; start += chunk) {
    const end = Math.min(rows, start + chunk);
    await sql`
      INSERT INTO quest_step_completions (quest_id, player_id, step_index, event_name, payout_cents, charge_id, completed_at)
      SELECT CASE WHEN g % 5 < 3 THEN 'bq-0' ELSE 'bq-' || (g % 5)::text END, 'p' || (g / 10), g % 10, 'step_' || (g % 10), 5,
        CASE WHEN g % 10 = 9 THEN NULL ELSE 'ch_' || g END,
        ${now}::timestamptz - make_interval(secs => (${rows}::int - g) * (${span}::float8 / ${rows}::float8))
      FROM generate_series(${start + 1}::int, ${end}::int) AS g`.execute(ctx.db);
  }
  await sql.raw(FILL_SPEND_HOURS_SQL).execute(ctx.db);
  await sql.raw(FILL_STEP_COUNTS_SQL).execute(ctx.db);
  await sql`ANALYZE quest_step_completions`.execute(ctx.db);
  await sql`ANALYZE quest_spend_hours`.execute(ctx.db);
}

export async function benchPacing(options: {
  rows: number;
  samples: number;
  log: (line: string) => void;
}): Promise<BenchRow[]> {
  return withBenchApp(async ({ ctx, signIn, timedGet }) => {
    const started = Date.now();
    await generate(ctx, options.rows);
    options.log(
      `  spend and pacing: ${options.rows.toLocaleString('en-US')} completions generated in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const headers = await signIn(ADMIN);
    const cases: [string, string][] = [
      ['GET pacing (app, 5 quests)', `/api/app/${APP}/acquire/pacing`],
      ['GET quest spend (60 % of the completions)', `/api/app/${APP}/acquire/quests/bq-0/spend`],
      ['GET quests (the grid, for comparison)', `/api/app/${APP}/acquire/quests`],
    ];
    const rows: BenchRow[] = [];
    for (const [name, url] of cases) {
      const get = timedGet(url, headers);
      rows.push(await timeCase(name, options.samples, () => get({})));
    }
    return rows;
  });
}

export const printPacingTable = (rows: readonly BenchRow[], log: (line: string) => void) =>
  printBenchTable('spend and pacing case', rows, log);

// Alone: `npx tsx scripts/bench-api-pacing.ts [rows] [samples]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  benchPacing({ rows: Number(process.argv[2] ?? 1_000_000), samples: Number(process.argv[3] ?? 200), log: console.log })
    .then((result) => printPacingTable(result, console.log))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
