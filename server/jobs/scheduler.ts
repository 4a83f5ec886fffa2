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
import type { ServerContext } from '../context';
import { repeatInBackground } from './queue';

/** One scheduled task: enqueues what is due at ctx.now(); returns what it enqueued (ids, for tests and logs). */
export type ScheduledTask = (ctx: ServerContext) => Promise<string[]>;

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
