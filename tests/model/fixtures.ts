/**
 * The usual outcome fixtures of an invoked call, built once per invoke id (the model tests' shared preamble):
 * `const load = calls('loadInvite')` then `load.done(preview)`, `load.status(404, 'Invite not found.', 'not_found')`,
 * `load.crash()` (our server's 500), `load.offline()`, `load.fetchFailed()`… each an `xstate.done.actor.<id>` or
 * `xstate.error.actor.<id>` event typed for defineModel (graph-harness.ts). For the shared confirm → mutate child,
 * `answered(answer)` / `threw(error)` build its MutationOutcome (a `success: false` answer is a failure).
 */
import type { MutationAnswer, MutationOutcome } from '../../src/machines/shared/confirm-mutation.machine';
import { apiError, done, failed, serverCrash } from './graph-harness';

/** What http.ts throws when the server cannot be reached (SPEC's words). */
export const OFFLINE = 'Cannot reach Questboard. Check your connection and try again.';

export function calls<const TId extends string>(id: TId) {
  return {
    /** The call answered `output`. */
    done: <TOutput>(output: TOutput) => done(id, output),
    /** The call threw `error` (anything: an Error, a string…). */
    threw: (error: unknown) => failed(id, error),
    /** The server answered `status` with its message, code and named fields (an ApiError of src/services/http.ts). */
    status: (status: number, message: string, code?: string, fields?: string[]) =>
      failed(id, apiError(status, message, code, fields)),
    /** Our server crashed: 500 with code `internal` (server/app.ts). */
    crash: () => failed(id, serverCrash()),
    /** A proxy's bare 500 page: http.ts makes 'Request failed (500).' of it. */
    bare500: () => failed(id, apiError(500, 'Request failed (500).')),
    /** No answer at all (http.ts status 0, code `network`). */
    offline: () => failed(id, apiError(0, OFFLINE, 'network')),
    /** fetch itself rejected. */
    fetchFailed: () => failed(id, new TypeError('Failed to fetch')),
  };
}

/** A confirm → mutate child's outcome of an answer: done when it succeeded, else failed with the answer. */
export const answered = <A extends MutationAnswer>(answer: A): MutationOutcome<A> =>
  answer.success ? { status: 'done', answer } : { status: 'failed', answer, error: null };
/** A confirm → mutate child's outcome of a thrown call. */
export const threw = <A extends MutationAnswer>(error: unknown): MutationOutcome<A> => ({
  status: 'failed',
  answer: null,
  error,
});
