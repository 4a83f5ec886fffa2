/**
 * `npm run bench:notifications`: the notification engine under load (docs/notifications.md §Speed). Targets: rules
 * evaluated per minute ≥ 10,000; delivery lag p99 from the triggering event to the outbox ≤ 5 s.
 *
 * On a fresh embedded database (PGlite, in process), and then on PostgreSQL when `--database-url` (or DATABASE_URL)
 * is given (a fresh database on that server, dropped afterwards): `--apps` apps (500) in workspaces of ten apps, each
 * workspace with one admin, editors, and a webhook to a local receiver, so that there are `--rules` rules (10,000): a
 * rule is one person's built-in alert for one app (on by default for admins and editors; docs/notifications.md
 * §Preferences), four alert kinds per app (quest capped, cap near, budget faster than the day, holds burst).
 *
 * Then two rounds of one triggering domain event per app and kind, emitted as its area emits it (in a transaction,
 * through the outbox; the after-commit reaction evaluates it), while the server's notification worker sends what is
 * due (the sandbox mailer: the `outbox` table; the webhooks: HTTP to the receiver):
 *   - the burst: every event at once from `--concurrency` (8) writers; printed: rules evaluated per minute (the rules
 *     the events reached ÷ the time from the first event to the last evaluation), and the lag of the backlog;
 *   - paced: the same events spread evenly at the target rate (10,000 rules a minute); printed: the lag from each
 *     event's commit to its e-mails in the outbox (p50, p99, max) and to its webhook delivery.
 * Printed, never asserted.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { openDatabase, type DbHandle } from '../server/db/connect';
import { withPgliteExtensions } from '../server/db/pglite-extensions';
import { buildApp, migrate } from '../server/app';
import { configFromEnv } from '../server/config';
import { inTransaction, type ServerContext } from '../server/context';
import { emit } from '../server/events/outbox';
import { startJobWorker } from '../server/jobs/queue';
import { notificationLanes } from '../server/areas/notifications/index';
import { hashToken, newToken } from '../server/auth/crypto';
import { ALERTS } from '../src/contracts/notifications';
import { withBenchDatabase } from './bench-in-process';

const { values: args } = parseArgs({
  options: {
    apps: { type: 'string', default: '500' },
    rules: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '8' },
    'database-url': { type: 'string' },
  },
});
const APPS = Number(args.apps);
const RULES = Number(args.rules);
const CONCURRENCY = Number(args.concurrency);
const APPS_PER_WORKSPACE = 10;
const KINDS = ['quest_capped', 'quest_cap_near', 'budget_fast', 'holds_burst'] as const;
const PEOPLE = Math.max(1, Math.round(RULES / (APPS * KINDS.length)));
for (const kind of KINDS)
  if (!ALERTS[kind].roles.includes('editor')) throw new Error(`${kind} is not an editor's alert`);

interface Result {
  store: string;
  rules: number;
  events: number;
  evaluateMs: number;
  /** The burst's e-mail lags (a backlog drained), then the paced round's. */
  burstLag: number[];
  mailLag: number[];
  hookLag: number[];
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function seed(ctx: ServerContext) {
  const workspaces = Math.ceil(APPS / APPS_PER_WORKSPACE);
  const accounts = [];
  const memberships = [];
  for (let w = 0; w < workspaces; w++)
    for (let p = 0; p < PEOPLE; p++) {
      const id = `bn-${w}-${p}`;
      accounts.push({
        id,
        email: `${id}@bench.dev`,
        first_name: 'Person',
        last_name: id,
        password_hash: 'x',
        is_tp_user: false,
      });
      memberships.push({ workspace_id: `bn-ws-${w}`, account_id: id, role: p === 0 ? 'admin' : 'editor' } as const);
    }
  await ctx.db
    .insertInto('workspaces')
    .values(
      Array.from({ length: workspaces }, (_, w) => ({
        id: `bn-ws-${w}`,
        name: `Bench ${w}`,
        website: 'https://bench.dev',
        icon_file_id: null,
        allow_monetize: 0,
      })),
    )
    .execute();
  await ctx.db.insertInto('accounts').values(accounts).execute();
  await ctx.db.insertInto('memberships').values(memberships).execute();
  await ctx.db
    .insertInto('apps')
    .values(
      Array.from({ length: APPS }, (_, a) => ({
        id: `bn-app-${a}`,
        workspace_id: `bn-ws-${Math.floor(a / APPS_PER_WORKSPACE)}`,
        app_name: `Bench ${a}`,
        platform: 'android' as const,
        enabled: true,
        image_file_id: null,
        details: '{}' as never,
      })),
    )
    .execute();
  return workspaces;
}

async function session(ctx: ServerContext, accountId: string) {
  const token = newToken();
  await ctx.db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), account_id: accountId, expires_at: new Date(Date.now() + 86_400_000) })
    .execute();
  return { authorization: `Bearer ${token}` };
}

/** The triggering event of one app and kind, as its area emits it. */
async function trigger(ctx: ServerContext, a: number, kind: (typeof KINDS)[number], round: number) {
  const workspaceId = `bn-ws-${Math.floor(a / APPS_PER_WORKSPACE)}`;
  const appId = `bn-app-${a}`;
  // Each round's alerts are about another day and hour, so that their keys (once per object and period) differ.
  const now = new Date(Date.now() + round * 86_400_000);
  const day = now.toISOString().slice(0, 10);
  const later = new Date(now.getTime() + 3_600_000).toISOString();
  await inTransaction(ctx, async (tx) => {
    if (kind === 'quest_capped')
      await emit(tx, 'quest.capped', { workspaceId, appId, questId: `q-${a}`, questName: `Quest ${a}`, day });
    else if (kind === 'quest_cap_near')
      await emit(tx, 'quest.cap_near', {
        workspaceId,
        appId,
        questId: `q-${a}`,
        questName: `Quest ${a}`,
        day,
        spentCents: 3_000,
        capCents: 10_000,
        projectedAt: later,
      });
    else if (kind === 'budget_fast')
      await emit(tx, 'target.budget_fast', {
        workspaceId,
        appId,
        day,
        spentCents: 5_000,
        budgetCents: 10_000,
        runsOutAt: later,
      });
    else
      await emit(tx, 'quest.holds_burst', {
        workspaceId,
        appId,
        hour: `${now.toISOString().slice(0, 13)}:00:00.000Z`,
        holds: 12,
      });
  });
}

async function run(store: string, handle: DbHandle, hookUrl: string): Promise<Result> {
  await migrate(handle.db);
  const app = await buildApp({
    config: { ...configFromEnv({}), staticDir: undefined, demo: false, allowHttpWebhooks: true },
    db: handle.db,
  });
  await app.ready();
  const ctx = (app as unknown as { questboard: ServerContext }).questboard;
  const workers = notificationLanes.map((lane) => startJobWorker(ctx, lane, { pollMs: 200 }));
  try {
    const workspaces = await seed(ctx);
    // One webhook per workspace, made through its route as an admin makes it (its secret sealed, its URL checked).
    for (let w = 0; w < workspaces; w++) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/workspace/bn-ws-${w}/notifications/webhooks`,
        headers: await session(ctx, `bn-${w}-0`),
        payload: { url: hookUrl, format: 'json', alerts: [...KINDS], enabled: true },
      });
      if (res.statusCode !== 200) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
    }
    const work = Array.from({ length: APPS }, (_, a) => KINDS.map((kind) => ({ a, kind }))).flat();
    const rules = APPS * KINDS.length * PEOPLE;
    console.log(
      `[${store}] ${APPS} apps in ${workspaces} workspaces, ${PEOPLE} people each: ${rules} rules; ${work.length} events a round`,
    );
    // Round 1, the burst: every event at once from CONCURRENCY writers; how fast are rules evaluated?
    const burst = await round(ctx, work, 1, null);
    // Round 2, paced: the events spread evenly over the minute the target allows (10,000 rules a minute); the lag.
    const paced = await round(ctx, work, 2, (60_000 * rules) / 10_000 / work.length);
    return {
      store,
      rules: burst.evaluated,
      events: work.length,
      evaluateMs: burst.evaluateMs,
      burstLag: burst.mailLag,
      mailLag: paced.mailLag,
      hookLag: paced.hookLag,
    };
  } finally {
    for (const worker of workers) await worker.stop();
    await app.close();
  }
}

/**
 * One round of `work`: emits the events (all at once from CONCURRENCY writers, or one every `everyMs`), waits for the
 * worker to send every e-mail and webhook delivery, and reads the lags of this round's rows.
 */
async function round(
  ctx: ServerContext,
  work: readonly { a: number; kind: (typeof KINDS)[number] }[],
  n: number,
  everyMs: number | null,
) {
  const since = new Date();
  const started = performance.now();
  let next = 0;
  if (everyMs === null)
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < work.length) {
          const { a, kind } = work[next++]!;
          await trigger(ctx, a, kind, n);
        }
      }),
    );
  else {
    const writes: Promise<void>[] = [];
    for (const { a, kind } of work) {
      const due = started + next++ * everyMs;
      await sleep(Math.max(0, due - performance.now()));
      writes.push(trigger(ctx, a, kind, n));
    }
    await Promise.all(writes);
  }
  const evaluateMs = performance.now() - started;
  // The rules the events reached: one inbox entry each (its after-commit reaction ran before the write returned).
  const evaluated = Number(
    (
      await ctx.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const pending = await ctx.db
      .selectFrom('notification_emails')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const hooks = await ctx.db
      .selectFrom('notification_webhook_deliveries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    if (Number(pending.n) === 0 && Number(hooks.n) === 0) break;
    if (Date.now() > deadline) throw new Error(`still pending: ${pending.n} e-mails, ${hooks.n} webhooks`);
    await sleep(250);
  }
  // Both rows carry the event's time (`created_at` is the alert's `at`, the event's commit clock).
  const mailLag = (
    await ctx.db
      .selectFrom('notification_emails as m')
      .select(sql<number>`extract(epoch from (m.sent_at - m.created_at)) * 1000`.as('lag'))
      .where('m.status', '=', 'sent')
      .where('m.sent_at', '>=', since)
      .execute()
  ).map((r) => Number(r.lag));
  const hookLag = (
    await ctx.db
      .selectFrom('notification_webhook_deliveries as d')
      .select(sql<number>`extract(epoch from (d.last_attempt_at - d.created_at)) * 1000`.as('lag'))
      .where('d.status', '=', 'delivered')
      .where('d.last_attempt_at', '>=', since)
      .execute()
  ).map((r) => Number(r.lag));
  return { evaluated, evaluateMs, mailLag, hookLag };
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const lags = (ms: readonly number[]) => {
  const sorted = [...ms].sort((x, y) => x - y);
  return {
    n: sorted.length,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    text: `${seconds(quantile(sorted, 0.5))} / ${seconds(quantile(sorted, 0.99))} / ${seconds(sorted.at(-1) ?? NaN)} s`,
  };
};

function print(r: Result) {
  const perMinute = r.rules / (r.evaluateMs / 60_000);
  const burst = lags(r.burstLag);
  const mail = lags(r.mailLag);
  const hook = lags(r.hookLag);
  console.log(`| ${r.store} | value | target |`);
  console.log('|---|---:|---|');
  console.log(
    `| burst: ${r.rules.toLocaleString('en-US')} rules by ${r.events} events from ${CONCURRENCY} writers, rules evaluated per minute | ${Math.round(perMinute).toLocaleString('en-US')} | ≥ 10,000: ${perMinute >= 10_000 ? 'met' : 'NOT met'} |`,
  );
  console.log(`| burst: e-mail lag event → outbox (backlog drained), p50 / p99 / max | ${burst.text} | |`);
  console.log(
    `| paced at 10,000 rules a minute: e-mail lag event → outbox, ${mail.n} e-mails, p50 / p99 / max | ${mail.text} | p99 ≤ 5 s: ${mail.p99 <= 5_000 ? 'met' : 'NOT met'} |`,
  );
  console.log(`| paced: webhook lag event → delivered, ${hook.n} deliveries, p50 / p99 / max | ${hook.text} | |`);
}

const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(204).end());
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
try {
  const embedded = await openDatabase({ pglite: await PGlite.create(withPgliteExtensions()) });
  try {
    print(await run('embedded (PGlite)', embedded, hookUrl));
  } finally {
    await embedded.close();
  }
  const url = args['database-url'] ?? process.env.DATABASE_URL;
  if (url)
    await withBenchDatabase(url, async (fresh) => {
      const handle = await openDatabase({ databaseUrl: fresh });
      try {
        print(await run('PostgreSQL', handle, hookUrl));
      } finally {
        await handle.close();
      }
    });
} finally {
  receiver.close();
}
