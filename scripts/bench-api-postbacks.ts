/**
 * The postback log case of `npm run bench:api` (docs/postbacks.md §Postback log; target: the page answers ≤ 50 ms p99
 * at 5 M postbacks of one app).
 *
 * In-process on an embedded PGlite: a migrated database with one workspace, one app, an admin with a session, and
 * `rows` generated postbacks of the app from AppsFlyer (SQL generate_series over 90 days: 5 event names, 200,000
 * devices), 1 in 20 of them a logged duplicate or refusal. Then GET /api/app/{appId}/postbacks/appsflyer/entries through
 * Fastify's inject (session, membership, decode, query, encode) for the first page, each filter, a search, a day and
 * the second page (a cursor), `samples` times each: p50, p99. Printed, never asserted. With `dump` (a file), the
 * generated database is kept there and loaded by the next run instead of generating again (same rows, same generator,
 * same migrations; scripts/bench-in-process.ts): to iterate on the reads; the README's figures come from generated runs.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { ServerContext } from '../server/context';
import { printBenchTable, seedBenchWorkspace, timeCase, withBenchApp, type BenchRow } from './bench-in-process';
import { POSTBACK_LOG_PAGE_SIZE, type PostbackLogPage } from '../src/contracts/postbacks';

export type PostbackLogBenchRow = BenchRow;

const W = 'bench-ws';
const APP = 'bench-app';
const ADMIN = 'bench-admin';
const EVENTS = ['af_tutorial_completion', 'af_level_achieved', 'af_ad_view', 'af_purchase', 'af_login'];
const DEVICES = 200_000;
const device = (n: number) => `BENCHDEV-0000-0000-0000-${String(n).padStart(12, '0')}`;

async function generate(ctx: ServerContext, rows: number) {
  await seedBenchWorkspace(ctx, { workspaceId: W, admins: [ADMIN], appId: APP });
  const now = ctx.now();
  const span = 90 * 86400.0;
  // In chunks, so PGlite's single connection never holds one huge statement; both tables share the id sequence.
  const chunk = 100_000;
  for (let start = 0; start < rows; start += chunk) {
    const end = Math.min(rows, start + chunk);
    await sql`
      INSERT INTO postbacks (app_id, source, idempotency_key, event_name, advertising_id, sub1, received_at)
      SELECT ${APP}, 'appsflyer', 'k' || g, (${sql.val(EVENTS)}::text[])[1 + (g % 5)],
        'BENCHDEV-0000-0000-0000-' || lpad(((g::bigint * 7919) % ${DEVICES}::int)::text, 12, '0'), 'player-' || (g % 50000),
        ${now}::timestamptz - make_interval(secs => (${rows}::int - g) * (${span}::float8 / ${rows}::float8))
      FROM generate_series(${start + 1}::int, ${end}::int) AS g WHERE g % 20 <> 0`.execute(ctx.db);
    await sql`
      INSERT INTO postback_log (app_id, source, received_at, event_name, outcome, reason_code, reason, advertising_id)
      SELECT ${APP}, 'appsflyer', ${now}::timestamptz - make_interval(secs => (${rows}::int - g) * (${span}::float8 / ${rows}::float8)),
        (${sql.val(EVENTS)}::text[])[1 + (g % 5)],
        CASE WHEN g % 40 = 0 THEN 'refused' ELSE 'duplicate' END,
        CASE WHEN g % 40 = 0 THEN 'malformed' ELSE 'already_received' END,
        CASE WHEN g % 40 = 0 THEN 'event_time is not a time' ELSE 'already received' END,
        'BENCHDEV-0000-0000-0000-' || lpad(((g::bigint * 7919) % ${DEVICES}::int)::text, 12, '0')
      FROM generate_series(${start + 1}::int, ${end}::int) AS g WHERE g % 20 = 0`.execute(ctx.db);
  }
  await sql`ANALYZE postbacks`.execute(ctx.db);
  await sql`ANALYZE postback_log`.execute(ctx.db);
}

export async function benchPostbackLog(options: {
  rows: number;
  samples: number;
  log: (line: string) => void;
  dump?: string;
}): Promise<PostbackLogBenchRow[]> {
  const key = createHash('sha256').update(`${options.rows}\n${generate.toString()}`).digest('hex');
  const dump = options.dump ? { file: options.dump, key } : undefined;
  return withBenchApp(async ({ ctx, reused, saveDump, signIn, timedGet }) => {
    const started = Date.now();
    if (!reused) {
      await generate(ctx, options.rows);
      options.log(
        `  postback log: ${options.rows.toLocaleString('en-US')} postbacks generated in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      await saveDump();
    } else
      options.log(
        `  postback log: the generated database of ${options.dump} loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    const list = timedGet<PostbackLogPage>(`/api/app/${APP}/postbacks/appsflyer/entries`, await signIn(ADMIN));
    const get = async (query: Record<string, string>) => {
      const { ms, answer } = await list(query);
      return { ms, page: answer };
    };
    const first = await get({});
    if (first.page.entries.length !== POSTBACK_LOG_PAGE_SIZE || !first.page.nextCursor)
      throw new Error('the first page is not a full page with a cursor');
    const day = new Date(first.page.entries[0]!.receivedAt - 30 * 86_400_000).toISOString().slice(0, 10);
    const cases: [string, Record<string, string>][] = [
      ['first page', {}],
      ['event filter', { event: 'af_purchase' }],
      ['outcome: stored', { outcome: 'stored' }],
      ['outcome: refused', { outcome: 'refused' }],
      ['device filter', { device: device(4242) }],
      ['search (event name)', { q: 'purchase' }],
      ['search, one device (of 200,000)', { q: device(4242).slice(-8) }],
      ['search, 11 devices', { q: '000004242' }],
      ['search, 111 devices', { q: '0000424' }],
      ['search, 1,111 devices (over 1,000 values: walked)', { q: '000042' }],
      ['search, no match', { q: 'nothing-like-this' }],
      ['one day, 30 days ago', { from: day, to: day }],
      ['second page (cursor)', { cursor: first.page.nextCursor }],
    ];
    const rows: PostbackLogBenchRow[] = [];
    for (const [name, query] of cases) {
      rows.push(await timeCase(`GET postback log: ${name}`, options.samples, () => get(query)));
    }
    return rows;
  }, dump);
}

export const printPostbackLogTable = (rows: readonly PostbackLogBenchRow[], log: (line: string) => void) =>
  printBenchTable('postback log case', rows, log);

// Alone: `npx tsx scripts/bench-api-postbacks.ts [rows] [samples] [dump file]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = Number(process.argv[2] ?? 5_000_000);
  const samples = Number(process.argv[3] ?? 200);
  benchPostbackLog({ rows, samples, log: console.log, dump: process.argv[4] })
    .then((result) => printPostbackLogTable(result, console.log))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
