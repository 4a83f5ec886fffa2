/**
 * Periodic work (docs/integrations.md "Process Data Daily"): every `intervalMs` (default one minute) each task looks at the
 * clock (`ctx.now()`) and the database and enqueues what is due as jobs (server/jobs/queue.ts); the job worker runs
 * them. A task must be safe when several servers tick at once (it claims its run in the database, e.g. with a
 * conditional UPDATE, before it enqueues) and after a restart (it derives what is due from the stored state, never
 * from the time it last ticked in memory), so the scheduler itself keeps no state.
 *
 *   startScheduler(ctx, [scheduleDailyProcessing]) — server/main.ts, beside the job worker; stop() waits for a tick
 *   runScheduledTasks(ctx, tasks)                   — one tick (tests drive it with an injected clock)
 *
 * The tasks: `scheduleDailyProcessing` (server/areas/integrations/integrations.ts) enqueues each BigQuery plugin's daily Process
 * Data once per UTC day, at or after its refresh schedule (5-field cron, server/jobs/cron.ts).
 */
import { sql } from 'kysely';
import { inTransaction, type ServerContext } from '../context';
import { enqueueJob, ensureQueuedJob, repeatInBackground } from './queue';

/** One scheduled task: enqueues what is due at ctx.now(); returns what it enqueued (ids, for tests and logs). */
export type ScheduledTask = (ctx: ServerContext) => Promise<string[]>;

/**
 * A task's usual body: one job of `kind` unless one was made since `since` or one is still queued. Several servers
 * ticking at once take turns on an advisory lock on the kind, so the others see the first one's job.
 */
export async function enqueueUnlessRecent(ctx: ServerContext, kind: string, since: Date): Promise<string[]> {
  const id = await inTransaction(ctx, async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${kind}))`.execute(tx.db);
    const recent = await tx.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', kind)
      .where((eb) => eb.or([eb('created_at', '>=', since), eb('status', '=', 'queued')]))
      .executeTakeFirst();
    return recent ? null : enqueueJob(tx, { kind });
  });
  return id ? [id] : [];
}

/** The tables whose rows a job works through when due: `status` 'pending' and `next_attempt_at` reached. */
export type DueRowsTable = 'notification_emails' | 'notification_webhook_deliveries';

/**
 * A task's body for a job that works through the due rows of its own table (e-mails, webhook deliveries): when one is
 * due (a retry, or what a stopped server left), one job of `kind` unless one is queued already, under the kind's
 * advisory lock like enqueueUnlessRecent.
 */
export async function enqueueWhenDue(ctx: ServerContext, kind: string, table: DueRowsTable): Promise<string[]> {
  const due = await ctx.db
    .selectFrom(table)
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', ctx.now())
    .limit(1)
    .executeTakeFirst();
  if (!due) return [];
  const id = await inTransaction(ctx, async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${kind}))`.execute(tx.db);
    return ensureQueuedJob(tx, kind);
  });
  return id ? [id] : [];
}

/** Runs each task once; a failing task is logged and does not stop the others. */
export async function runScheduledTasks(
  ctx: ServerContext,
  tasks: readonly ScheduledTask[],
  log?: (line: string) => void,
): Promise<string[]> {
  const enqueued: string[] = [];
  for (const task of tasks) {
    try {
      enqueued.push(...(await task(ctx)));
    } catch (error) {
      log?.(`[scheduler] ${task.name || 'task'}: ${(error as Error).message}`);
    }
  }
  return enqueued;
}

/** Ticks now and every `intervalMs` (default one minute) until stopped. */
export function startScheduler(
  ctx: ServerContext,
  tasks: readonly ScheduledTask[],
  options: { intervalMs?: number; log?: (line: string) => void } = {},
) {
  return repeatInBackground(async () => {
    await runScheduledTasks(ctx, tasks, options.log);
  }, options.intervalMs ?? 60_000);
}
