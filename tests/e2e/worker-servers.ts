/**
 * One seeded server per Playwright worker (docs/engineering/testing.md §End-to-end servers). The global setup starts
 * one server per worker slot and publishes each slot's URL, outbox secret and log under suffixed names
 * (E2E_BASE_URL_0, E2E_OUTBOX_TOKEN_1, …); in a worker, `pointAtWorkerServer()` points the plain names the specs read
 * (E2E_BASE_URL, E2E_OUTBOX_TOKEN, E2E_SERVER_LOG) at its own slot's server, so two workers never share a workspace.
 */

/** The names a spec reads, each published per worker slot with a `_<slot>` suffix. */
export const SERVER_ENV = ['E2E_BASE_URL', 'E2E_OUTBOX_TOKEN', 'E2E_SERVER_LOG'] as const;

/**
 * Workers (and so servers) for a run: E2E_WORKERS, else 2 (this 2-core machine runs two browsers and two servers
 * faster than one of each). A server the caller started (E2E_BASE_URL set before the run) is shared, so then one.
 */
export function e2eWorkers(env: NodeJS.ProcessEnv = process.env): number {
  if (env.E2E_BASE_URL && env.TEST_PARALLEL_INDEX === undefined && !env.E2E_BASE_URL_0) return 1;
  const asked = Number(env.E2E_WORKERS);
  return Number.isInteger(asked) && asked >= 1 ? asked : 2;
}

export function slotName(name: (typeof SERVER_ENV)[number], slot: number): string {
  return `${name}_${slot}`;
}

/** In a worker process: the plain names now mean this worker slot's server (a no-op outside workers). */
export function pointAtWorkerServer(env: NodeJS.ProcessEnv = process.env): void {
  const slot = env.TEST_PARALLEL_INDEX;
  if (slot === undefined) return;
  for (const name of SERVER_ENV) {
    const value = env[slotName(name, Number(slot))];
    if (value !== undefined) env[name] = value;
  }
}
