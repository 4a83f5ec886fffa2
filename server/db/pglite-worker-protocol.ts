/**
 * Messages between the server and its database worker (pglite-worker.ts), and how errors cross the thread
 * boundary: a Postgres error keeps its message and fields (code, constraint, detail…), so callers that look at
 * `error.code` (e.g. 23505 unique violation) behave exactly as with an in-process PGlite.
 */
import type { SessionOp } from './pglite-session';

export interface WorkerOptions {
  /** PGlite data folder; undefined = in memory. */
  dataDir?: string;
}

export type ToWorker =
  { type: 'op'; id: number; conn: number; op: SessionOp; sql: string; params: unknown[] } | { type: 'close' };

export type SerializedError = {
  message: string;
  name?: string;
  stack?: string;
  fields: Record<string, string | number | boolean>;
};

export type FromWorker =
  | { type: 'ready' }
  | { type: 'failed'; error: SerializedError }
  | { type: 'result'; id: number; rows: unknown[]; affectedRows?: number }
  | { type: 'error'; id: number; error: SerializedError }
  | { type: 'closed'; error?: SerializedError };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: SerializedError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { message: error.message, name: error.name, stack: error.stack, fields };
}

export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  Object.assign(error, serialized.fields);
  if (serialized.name)
    Object.defineProperty(error, 'name', {
      value: serialized.name,
      enumerable: false,
      configurable: true,
      writable: true,
    });
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}
