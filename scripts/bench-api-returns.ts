/**
 * The returns-per-quest case of `npm run bench:api -- --only returns` (docs/acquire.md §Returns per quest; target: the
 * quest list's returns answer ≤ 50 ms at 1 M completions).
 *
 * In-process on an embedded PGlite: a migrated database with one workspace, one app, five live quests, and `rows`
 * generated step completions over the last 30 days (SQL generate_series; 10 steps per player, so rows ÷ 10 players,
 * three in five of them the first quest's), each player's start an hour before their first step, two revenue
 * postbacks per player (one within 7 days of the start, one later), and the returns rows filled from them by the
 * migration's own fills (FILL_QUEST_RETURNS_SQL, FILL_QUEST_RETURN_SUMS_SQL). Then, through Fastify's inject (session, membership, decode, query,
 * encode), the app's returns list and the big quest's returns, `samples` times each: p50, p99. Printed, never asserted.
 */
import { sql } from 'kysely';
import type { ServerContext } from '../server/context';
import { FILL_QUEST_RETURN_SUMS_SQL, FILL_QUEST_RETURNS_SQL } from '../server/areas/acquire/quest-returns';
import { printBenchTable, seedBenchWorkspace, timeCase, withBenchApp, type BenchRow } from './bench-in-process';

const W = 'bench-ws';
const APP = 'bench-app';
const ADMIN = 'bench-admin';
const QUESTS = ['bq-0', 'bq-1', 'bq-2', 'bq-3', 'bq-4'];

async function generate(ctx: ServerContext, rows: number) {
  await seedBenchWorkspace(ctx, { workspaceId: W, admins: [ADMIN], appId: APP });
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
  const players = Math.max(1, Math.floor(rows / 10));
  const span = 30 * 86400.0;
  const chunk = 20_000;
  // player p: quest bq-0 for p % 5 < 3, else bq-(p % 5); started at now − 30 days + p × span ÷ players
  const quest = (p: string) => `CASE WHEN ${p} % 5 < 3 THEN 'bq-0' ELSE 'bq-' || (${p} % 5)::text END`;
  const started = (p: string) =>
    `('${now.toISOString()}'::timestamptz - interval '30 days' + make_interval(secs => ${p} * (${span}::float8 / ${players}::float8)))`;
  for (let first = 0; first < players; first += chunk) {
    const last = Math.min(players, first + chunk) - 1;
    await sql
      .raw(
        `INSERT INTO quest_player_events (app_id, event_id, quest_id, player_id, kind, at)
         SELECT '${APP}', 'start-' || p, ${quest('p')}, 'p' || p, 'start', ${started('p')}
         FROM generate_series(${first}, ${last}) AS p`,
      )
      .execute(ctx.db);
    await sql
      .raw(
        `INSERT INTO quest_step_completions (quest_id, player_id, step_index, event_name, payout_cents, charge_id, completed_at)
         SELECT ${quest('p')}, 'p' || p, s, 'step_' || s, 5, CASE WHEN s = 9 THEN NULL ELSE 'ch_' || p || '_' || s END,
           ${started('p')} + make_interval(mins => 60 + s * 10)
         FROM generate_series(${first}, ${last}) AS p, generate_series(0, 9) AS s`,
      )
      .execute(ctx.db);
    await sql
      .raw(
        `INSERT INTO postbacks (app_id, source, idempotency_key, event_name, revenue, currency, sub1, received_at)
         SELECT '${APP}', 'appsflyer', 'rev-' || p || '-' || d, 'af_purchase', 0.99, 'USD', 'p' || p,
           ${started('p')} + make_interval(days => d, hours => 2)
         FROM generate_series(${first}, ${last}) AS p, (VALUES (1), (9)) AS days(d)`,
      )
      .execute(ctx.db);
  }
  await sql.raw(FILL_QUEST_RETURNS_SQL).execute(ctx.db);
  await sql.raw(FILL_QUEST_RETURN_SUMS_SQL).execute(ctx.db);
  await sql`ANALYZE quest_return_sums`.execute(ctx.db);
  await sql`ANALYZE quest_player_returns`.execute(ctx.db);
  await sql`ANALYZE quests`.execute(ctx.db);
}

export { generate as generateReturnsBench };
export async function benchReturns(options: {
  rows: number;
  samples: number;
  log: (line: string) => void;
}): Promise<BenchRow[]> {
  return withBenchApp(async ({ ctx, signIn, timedGet }) => {
    const started = Date.now();
    await generate(ctx, options.rows);
    options.log(
      `  returns per quest: ${options.rows.toLocaleString('en-US')} completions generated in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const headers = await signIn(ADMIN);
    const cases: [string, string][] = [
      ['GET returns (app, 5 quests)', `/api/app/${APP}/acquire/returns`],
      ['GET quest returns (60 % of the players)', `/api/app/${APP}/acquire/quests/bq-0/returns`],
    ];
    const rows: BenchRow[] = [];
    for (const [name, url] of cases) {
      const get = timedGet(url, headers);
      rows.push(await timeCase(name, options.samples, () => get({})));
    }
    return rows;
  });
}

export const printReturnsTable = (rows: readonly BenchRow[], log: (line: string) => void) =>
  printBenchTable('returns per quest case', rows, log);

// Alone: `npx tsx scripts/bench-api-returns.ts [rows] [samples]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  benchReturns({
    rows: Number(process.argv[2] ?? 1_000_000),
    samples: Number(process.argv[3] ?? 200),
    log: console.log,
  })
    .then((result) => printReturnsTable(result, console.log))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
