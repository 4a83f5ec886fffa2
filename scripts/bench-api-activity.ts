/**
 * The activity case of `npm run bench:api` (docs/activity.md §Rules and limits; targets: the page answers ≤ 50 ms
 * p99 at 1 M entries in one workspace, and writing the entry adds ≤ 1 ms to a change's transaction).
 *
 * In-process on an embedded PGlite: a migrated database with one workspace, an admin with a session, and a generated
 * log of `rows` entries (SQL generate_series: 4 apps, every area and verb, 6 people and Questboard, 400 days). Then
 *  - GET /api/workspace/{id}/activity through Fastify's inject (session, membership, decode, query, encode) for the
 *    first page, each filter, a search, a date range and the second page (a cursor), `samples` times each: p50, p99;
 *  - a change's transaction (one `member.role_changed` event) with and without the activity reaction: the median
 *    difference is what the entry costs the writer.
 */
import { sql } from 'kysely';
import { inTransaction, type ServerContext } from '../server/context';
import { printBenchTable, seedBenchWorkspace, stats, timeCase, withBenchApp, type BenchRow } from './bench-in-process';
import { emit } from '../server/events/outbox';
import { DOMAIN_EVENTS, DOMAIN_EVENT_NAMES } from '../src/contracts/domain-events';
import { ACTIVITY_PAGE_SIZE, type ActivityPage } from '../src/contracts/activity';

export type ActivityBenchRow = BenchRow;

const W = 'bench-ws';
const APPS = ['app-a', 'app-b', 'app-c', 'app-d'];
const PEOPLE = ['acc-0', 'acc-1', 'acc-2', 'acc-3', 'acc-4', 'acc-5'];

async function generate(ctx: ServerContext, rows: number) {
  await seedBenchWorkspace(ctx, { workspaceId: W, admins: PEOPLE });
  const verbs = DOMAIN_EVENT_NAMES;
  const areas = verbs.map((verb) => DOMAIN_EVENTS[verb].emittedBy);
  const now = ctx.now();
  // In chunks, so PGlite's single connection never holds one huge statement.
  const chunk = 100_000;
  for (let start = 0; start < rows; start += chunk) {
    const end = Math.min(rows, start + chunk);
    await sql`
      INSERT INTO activity (workspace_id, app_id, at, actor_id, actor_name, area, verb, object_type, object_id, object_name, changes)
      SELECT ${W},
        (${sql.val(APPS)}::text[])[1 + (g % 4)],
        ${now}::timestamptz - make_interval(secs => (${rows} - g) * (400 * 86400.0 / ${rows})),
        CASE WHEN g % 7 = 0 THEN NULL ELSE (${sql.val(PEOPLE)}::text[])[1 + (g % 6)] END,
        CASE WHEN g % 7 = 0 THEN 'Questboard' ELSE 'Person ' || (g % 6) END,
        (${sql.val(areas)}::text[])[1 + (g % ${verbs.length})],
        (${sql.val(verbs)}::text[])[1 + (g % ${verbs.length})],
        'quest', 'q-' || (g % 5000), 'Quest number ' || (g % 5000),
        '[{"field":"status","before":"LIVE","after":"STOPPED"}]'::jsonb
      FROM generate_series(${start + 1}::int, ${end}::int) AS g`.execute(ctx.db);
  }
  // The names the writer keeps beside its rows (server/areas/activity/activity.ts recordActivity).
  await sql`INSERT INTO activity_names (workspace_id, name) SELECT DISTINCT workspace_id, object_name FROM activity
    ON CONFLICT DO NOTHING`.execute(ctx.db);
  await sql`ANALYZE activity`.execute(ctx.db);
  await sql`ANALYZE activity_names`.execute(ctx.db);
}

export async function benchActivity(options: {
  rows: number;
  samples: number;
  log: (line: string) => void;
}): Promise<ActivityBenchRow[]> {
  return withBenchApp(async ({ ctx, signIn, timedGet }) => {
    let started = Date.now();
    await generate(ctx, options.rows);
    options.log(
      `  activity: ${options.rows.toLocaleString('en-US')} entries generated in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const list = timedGet<ActivityPage>(`/api/workspace/${W}/activity`, await signIn(PEOPLE[0]!));
    const get = async (query: Record<string, string>) => {
      const { ms, answer } = await list(query);
      return { ms, page: answer };
    };
    const first = await get({});
    if (first.page.entries.length !== ACTIVITY_PAGE_SIZE || !first.page.nextCursor)
      throw new Error('the first page is not a full page with a cursor');
    const recent = first.page.entries[0]!.at.slice(0, 10);
    const cases: [string, Record<string, string>][] = [
      ['first page', {}],
      ['app filter', { app: APPS[2]! }],
      ['area filter', { area: 'team' }],
      ['person filter', { person: PEOPLE[3]! }],
      ['verb filter', { verb: 'quest.published' }],
      ['object name search, one name', { q: 'number 4242' }],
      ['object name search, 111 names', { q: 'number 42' }],
      ['object name search, every name', { q: 'quest' }],
      ['object name search, no name', { q: 'nothing like it' }],
      ['one day', { from: recent, to: recent }],
      ['second page (cursor)', { cursor: first.page.nextCursor }],
    ];
    const rows: ActivityBenchRow[] = [];
    for (const [name, query] of cases)
      rows.push(await timeCase(`GET activity: ${name}`, options.samples, () => get(query)));
    // The writer's cost: one event per transaction, with and without the activity reaction.
    const withActivity = ctx;
    const withoutActivity: ServerContext = {
      ...ctx,
      events: { ...ctx.events!, reactions: ctx.events!.reactions.filter((r) => r.area !== 'activity') },
    };
    const change = (c: ServerContext, i: number) =>
      inTransaction({ ...c, actor: PEOPLE[0]! }, (tx) =>
        emit(tx, 'member.role_changed', {
          workspaceId: W,
          memberId: PEOPLE[1]!,
          email: 'p1@bench.dev',
          changes: [{ field: 'role', before: i % 2 ? 'viewer' : 'editor', after: i % 2 ? 'editor' : 'viewer' }],
        }),
      );
    const timed = async (c: ServerContext) => {
      const ms: number[] = [];
      for (let i = 0; i < options.samples; i++) {
        const t0 = performance.now();
        await change(c, i);
        ms.push(performance.now() - t0);
      }
      return ms;
    };
    started = Date.now();
    for (let i = 0; i < 20; i++) await change(withActivity, i);
    // Interleaved halves, so drift in the machine's load falls on both sides alike.
    const a1 = await timed(withoutActivity);
    const b1 = await timed(withActivity);
    const a2 = await timed(withoutActivity);
    const b2 = await timed(withActivity);
    const without = stats('change without activity', [...a1, ...a2]);
    const withRow = stats('change with its activity entry', [...b1, ...b2]);
    rows.push(without, withRow, {
      case: 'activity entry cost (p50 difference)',
      samples: without.samples,
      p50: withRow.p50 - without.p50,
      p99: withRow.p99 - without.p99,
    });
    return rows;
  });
}

export const printActivityTable = (rows: readonly ActivityBenchRow[], log: (line: string) => void) =>
  printBenchTable('activity case', rows, log);

// Alone: `npx tsx scripts/bench-api-activity.ts [rows] [samples]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = Number(process.argv[2] ?? 1_000_000);
  const samples = Number(process.argv[3] ?? 200);
  benchActivity({ rows, samples, log: console.log })
    .then((result) => printActivityTable(result, console.log))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
