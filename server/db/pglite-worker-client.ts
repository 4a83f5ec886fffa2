/**
 * The server's side of the embedded database worker: starts pglite-worker.ts in a worker thread (under tsx when the
 * server runs from TypeScript sources), forwards each statement of a Kysely connection to it and hands back its rows
 * or its error. `close()` lets queued statements finish, closes PGlite in the worker (flushing the data folder) and
 * waits for the thread to end. If the thread dies unexpectedly, every pending and later statement fails and
 * `onCrash` is called (server/main.ts then exits, so a supervisor can restart it).
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SessionOp, SessionResult } from './pglite-session';
import { deserializeError, type FromWorker, type ToWorker, type WorkerOptions } from './pglite-worker-protocol';

export interface PgliteWorker {
  submit(conn: number, op: SessionOp, sql?: string, params?: unknown[]): Promise<SessionResult>;
  close(): Promise<void>;
  readonly closed: boolean;
}

/** A worker thread running pglite-worker, with tsx registered first when this module is TypeScript source. */
function spawnWorker(options: WorkerOptions): Worker {
  const self = fileURLToPath(import.meta.url);
  if (self.endsWith('.js') || self.endsWith('.mjs')) {
    return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData: options });
  }
  const target = new URL('./pglite-worker.ts', import.meta.url).href;
  // tsx's ESM API (the .mjs build: its CommonJS build cannot register hooks from a worker).
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(target)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: options });
}

export function openPgliteWorker(
  options: WorkerOptions & { onCrash?: (error: Error) => void } = {},
): Promise<PgliteWorker> {
  const worker = spawnWorker({ dataDir: options.dataDir });
  const pending = new Map<number, { resolve: (result: SessionResult) => void; reject: (error: unknown) => void }>();
  let nextId = 1;
  let closed = false;
  let dead: Error | null = null;
  let onClosed: (() => void) | null = null;

  const fail = (error: Error) => {
    if (dead) return;
    dead = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  return new Promise<PgliteWorker>((resolveOpen, rejectOpen) => {
    worker.on('message', (message: FromWorker) => {
      switch (message.type) {
        case 'ready':
          resolveOpen(client);
          return;
        case 'failed':
          rejectOpen(deserializeError(message.error));
          return;
        case 'result': {
          const entry = pending.get(message.id);
          pending.delete(message.id);
          entry?.resolve({ rows: message.rows, affectedRows: message.affectedRows });
          return;
        }
        case 'error': {
          const entry = pending.get(message.id);
          pending.delete(message.id);
          entry?.reject(deserializeError(message.error));
          return;
        }
        case 'closed':
          if (message.error) console.error(`[db] closing the database reported: ${message.error.message}`);
          onClosed?.();
          return;
      }
    });
    worker.on('error', (error) => {
      fail(error);
      rejectOpen(error);
      if (!closed) options.onCrash?.(error);
    });
    worker.on('exit', (code) => {
      const error = new Error(`the database worker stopped (exit code ${code})`);
      fail(error);
      rejectOpen(error);
      onClosed?.();
      if (!closed) options.onCrash?.(error);
    });

    const client: PgliteWorker = {
      get closed() {
        return closed;
      },
      submit(conn, op, sql = '', params = []) {
        if (dead) return Promise.reject(dead);
        if (closed) return Promise.reject(new Error('the database is closed'));
        const id = nextId++;
        return new Promise<SessionResult>((resolve, reject) => {
          pending.set(id, { resolve, reject });
          worker.postMessage({ type: 'op', id, conn, op, sql, params } satisfies ToWorker);
        });
      },
      async close() {
        if (closed) return;
        closed = true;
        if (dead) return;
        const done = new Promise<void>((resolve) => (onClosed = resolve));
        worker.postMessage({ type: 'close' } satisfies ToWorker);
        await done;
        await worker.terminate();
      },
    };
  });
}
