/**
 * Named guard on what a call answered, for the `setup({ guards })` of every machine that invokes one, so that each
 * guard a chart uses has a name (in the exported diagrams and the inspector) and one implementation. An invoke's
 * `onDone` passes the answer as the guard's params:
 *   guard: { type: 'answerSucceeded', params: ({ event }) => event.output }
 * The guards on the confirm → mutate child's outcome live beside it (confirm-mutation.machine.ts).
 */

/** A `{ success }` answer said yes (`success: false` is a domain outcome with its own branch). */
export const answerSucceeded = (_: unknown, answer: { success: boolean }) => answer.success;
