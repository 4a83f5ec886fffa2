/**
 * Work that outlives a request (docs/architecture.md §House rules 6): a row of `jobs`, claimed with FOR UPDATE SKIP LOCKED so several
 * server processes share the queue without taking the same job twice. A claim holds a lease (`locked_until`) that
 * the runner extends while it works (each progress report); a job whose lease ran out (its server stopped or
 * crashed) is claimed again by the next poll, so a job survives a restart. Handlers are idempotent (process data
 * replaces its range), so running one twice is harmless.
 *
 *   enqueueJob(ctx, { kind, pluginId, appId, payload })   — the unique index jobs_one_active refuses a second
 *                                                           queued/running job of the same kind for one plugin
 *   runNextJob(ctx, handlers)  — claims one due job and runs it; false when none is due (tests drain with it)
 *   startJobWorker(ctx, handlers) — polls in the background (server/main.ts); stop() waits for the job in hand
 */
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { ServerContext } from '../context';
import { JsonObject, writeJson } from '../db/json-column';

export const LEASE_MS = 60_000;

export interface JobRow {
  id: string;
  kind: string;
  plugin_id: string | null;
  app_id: string | null;
  payload: Record<string, unknown>;
  attempts: number;
}

export interface JobRun {
  job: JobRow;
  /** Reports progress (0–100) and extends the lease. */
  progress: (percent: number) => Promise<void>;
}
/** A job kind's work; what it returns is the job's result text. Throwing fails the job with the error's message. */
export type JobHandler = (ctx: ServerContext, run: JobRun) => Promise<string>;
/** Called once a job has failed (the handler's error message), e.g. to write it to a feed. */
export interface JobHandlers {
  handlers: Record<string, JobHandler>;
  onFailed?(ctx: ServerContext, job: JobRow, message: string): Promise<void>;
}

const workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export async function enqueueJob(
  ctx: ServerContext,
  job: { kind: string; pluginId?: string | null; appId?: string | null; payload?: Record<string, unknown> },
): Promise<string> {
  const id = randomUUID();
  await ctx.db
    .insertInto('jobs')
    .values({
      id,
      kind: job.kind,
      plugin_id: job.pluginId ?? null,
      app_id: job.appId ?? null,
      payload: writeJson(JsonObject, job.payload ?? {}),
      status: 'queued',
    })
    .execute();
  return id;
}

/** A job of `kind` unless one is queued already (for a job that works through every due row of its own table). */
export async function ensureQueuedJob(ctx: ServerContext, kind: string): Promise<string | null> {
  const queued = await ctx.db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', kind)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return queued ? null : enqueueJob(ctx, { kind });
}

/**
 * A row's next attempt after its `attempts`-th failed one: `baseMs` doubled each time (1, 2, 4… minutes for a minute),
 * and whether to give up instead because that attempt would come later than `giveUpMs` after the row was made.
 */
export function nextAttempt(
  now: Date,
  attempts: number,
  createdAt: Date | string,
  policy: { baseMs: number; giveUpMs: number },
): { at: Date; givenUp: boolean } {
  const at = new Date(now.getTime() + policy.baseMs * 2 ** (attempts - 1));
  return { at, givenUp: at.getTime() - new Date(createdAt).getTime() > policy.giveUpMs };
}

/** Claims the oldest due job (queued, or running with an expired lease) of the given kinds. */
async function claim(ctx: ServerContext, kinds: string[]): Promise<JobRow | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const row = await trx
      .selectFrom('jobs')
      .select(['id', 'kind', 'plugin_id', 'app_id', 'payload', 'attempts'])
      .where('kind', 'in', kinds)
      .where((eb) =>
        eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)])]),
      )
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row) return null;
    await trx
      .updateTable('jobs')
      .set({
        status: 'running',
        locked_by: workerId,
        locked_until: new Date(now.getTime() + LEASE_MS),
        attempts: sql<number>`attempts + 1`,
      })
      .where('id', '=', row.id)
      .execute();
    return { ...row, attempts: row.attempts + 1, payload: row.payload as Record<string, unknown> };
  });
}

async function finish(ctx: ServerContext, id: string, status: 'succeeded' | 'failed', result: string) {
  await ctx.db
    .updateTable('jobs')
    .set({
      status,
      result: result.slice(0, 2000),
      progress: status === 'succeeded' ? 100 : sql<number>`progress`,
      finished_at: ctx.now(),
      locked_until: null,
    })
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .execute();
}

/** Claims one due job and runs it. Resolves false when no job was due. */
export async function runNextJob(ctx: ServerContext, jobs: JobHandlers): Promise<boolean> {
  const job = await claim(ctx, Object.keys(jobs.handlers));
  if (!job) return false;
  const handler = jobs.handlers[job.kind]!;
  const progress = async (percent: number) => {
    await ctx.db
      .updateTable('jobs')
      .set({
        progress: Math.max(0, Math.min(100, Math.round(percent))),
        locked_until: new Date(ctx.now().getTime() + LEASE_MS),
      })
      .where('id', '=', job.id)
      .where('locked_by', '=', workerId)
      .execute();
  };
  try {
    await finish(ctx, job.id, 'succeeded', await handler(ctx, { job, progress }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await finish(ctx, job.id, 'failed', message);
    await jobs.onFailed?.(ctx, job, message).catch(() => {});
  }
  return true;
}

/** Runs due jobs until none is left (tests, and the seed). */
export async function drainJobs(ctx: ServerContext, jobs: JobHandlers): Promise<void> {
  while (await runNextJob(ctx, jobs)) {
    /* next */
  }
}

/**
 * Runs `work` now and again `intervalMs` after each run ends, until stopped; `work` gets `stopped()` to end a long run
 * early. stop() waits for the run in hand. (The job worker here, the scheduler in scheduler.ts.)
 */
export function repeatInBackground(work: (stopped: () => boolean) => Promise<void>, intervalMs: number) {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> = Promise.resolve();
  const tick = () => {
    current = (async () => {
      await work(() => stopped);
      if (!stopped) timer = setTimeout(tick, intervalMs);
    })();
  };
  tick();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}

/** Polls for jobs in the background every `pollMs` (default 1 s) until stopped. */
export function startJobWorker(
  ctx: ServerContext,
  jobs: JobHandlers,
  options: { pollMs?: number; log?: (line: string) => void } = {},
) {
  return repeatInBackground(async (stopped) => {
    try {
      while (!stopped() && (await runNextJob(ctx, jobs))) {
        /* keep going while work is due */
      }
    } catch (error) {
      options.log?.(`[jobs] ${(error as Error).message}`);
    }
  }, options.pollMs ?? 1000);
}
