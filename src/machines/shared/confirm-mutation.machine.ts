/**
 * Confirm → mutate → done / failed: the child machine behind every "are you sure? → ask the server → how did it go"
 * step (docs/architecture.md §House rules 2 and 3; docs/architecture.md §Areas and their doors confirm dialogs such as 'Delete Report', docs/accounts.md §Roles team actions, docs/architecture.md §Endpoints and errors messages:
 * a `success: false` answer and a thrown call are both failures, told apart in the output). The team actions
 * (invite, resend, change role, remove), the report deletion and, later, the integrations' connect / disconnect /
 * delete invoke it instead of repeating the invoke, the success guard and the two failure branches.
 *
 *   (input.confirm) ──► confirming ─CONFIRM─► mutating ─┬─ success ───────► done       (final)
 *   (no confirm) ─────────────────────────────►         ├─ success: false ─► failed     (final)
 *                           └──CANCEL──► cancelled      └─ thrown ────────► failed     (final)
 *                                        (final)
 *
 * The parent reads the outcome from the invoke's `onDone` (`event.output`, a MutationOutcome) and decides what it
 * means for its own flow (which message of its docs page's §Messages, which state). While the child asks, the parent forwards its own
 * confirm event with `sendTo(<invoke id>, { type: 'CONFIRM' })`; leaving the parent's state cancels the child.
 * The call itself is the `mutate` actor (invoke id `mutate`, with the abort signal), provided by the flow's actors
 * through `mutation(call)`.
 */
import { assign, fromPromise, sendTo, setup } from 'xstate';
import { answerSucceeded } from './answer-guards';
import { toProvide } from './to-provide';

/** What every mutation answers (SuccessMessage, DeleteTemplateResponse, WorkspaceSaved …). */
export interface MutationAnswer {
  success: boolean;
  message?: string;
}

export interface MutationInput<TRequest> {
  request: TRequest;
  /** Wait for CONFIRM first (a confirm dialog bound to this child); false calls at once. */
  confirm: boolean;
}

/** How it went: done with the answer, failed (the `success: false` answer, or what was thrown), or cancelled. */
export type MutationOutcome<TAnswer extends MutationAnswer = MutationAnswer> =
  | { status: 'done'; answer: TAnswer }
  | { status: 'failed'; answer: TAnswer | null; error: unknown }
  | { status: 'cancelled' };

export type ConfirmMutationEvent = { type: 'CONFIRM' } | { type: 'CANCEL' };

interface ConfirmMutationContext<TRequest, TAnswer extends MutationAnswer> {
  request: TRequest;
  confirm: boolean;
  outcome: MutationOutcome<TAnswer>;
}

/** The machine, typed for one kind of request and answer (one definition; the types only name the payloads). */
export function confirmMutation<TRequest, TAnswer extends MutationAnswer>() {
  return setup({
    types: {
      context: {} as ConfirmMutationContext<TRequest, TAnswer>,
      events: {} as ConfirmMutationEvent,
      input: {} as MutationInput<TRequest>,
      output: {} as MutationOutcome<TAnswer>,
      children: {} as { mutate: 'mutate' },
    },
    actors: {
      mutate: toProvide<TAnswer, { request: TRequest }>('mutate'),
    },
    guards: {
      mustConfirm: ({ context }) => context.confirm,
      answerSucceeded,
    },
  }).createMachine({
    id: 'confirmMutation',
    context: ({ input }) => ({ request: input.request, confirm: input.confirm, outcome: { status: 'cancelled' } }),
    initial: 'start',
    states: {
      start: {
        always: [{ guard: 'mustConfirm', target: 'confirming' }, { target: 'mutating' }],
      },
      confirming: {
        on: {
          CONFIRM: 'mutating',
          CANCEL: 'cancelled',
        },
      },
      mutating: {
        invoke: {
          id: 'mutate',
          src: 'mutate',
          input: ({ context }) => ({ request: context.request }),
          onDone: [
            {
              guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
              target: 'done',
              actions: assign({ outcome: ({ event }) => ({ status: 'done' as const, answer: event.output }) }),
            },
            {
              target: 'failed',
              actions: assign({
                outcome: ({ event }) => ({ status: 'failed' as const, answer: event.output, error: null }),
              }),
            },
          ],
          onError: {
            target: 'failed',
            actions: assign({
              outcome: ({ event }) => ({ status: 'failed' as const, answer: null, error: event.error }),
            }),
          },
        },
      },
      done: { type: 'final' },
      failed: { type: 'final' },
      cancelled: { type: 'final' },
    },
    output: ({ context }) => context.outcome,
  });
}

export type ConfirmMutationMachine<TRequest, TAnswer extends MutationAnswer> = ReturnType<
  typeof confirmMutation<TRequest, TAnswer>
>;

/** The machine for any request (scripts/export-machines.ts and the model tests read this instance). */
export const confirmMutationMachine = confirmMutation<unknown, MutationAnswer>();

/** The child with its call bound (used by `<flow>.actors.ts`): `removeMember: mutation((r, signal) => …)`. */
export function mutation<TRequest, TAnswer extends MutationAnswer>(
  call: (request: TRequest, signal: AbortSignal) => Promise<TAnswer>,
) {
  return confirmMutation<TRequest, TAnswer>().provide({
    actors: { mutate: fromPromise<TAnswer, { request: TRequest }>(({ input, signal }) => call(input.request, signal)) },
  });
}

// Reading an outcome in the parent's onDone (`actions: ({ event }) => … thrown(event.output)`, and the guards below):
export const succeeded = <A extends MutationAnswer>(
  outcome: MutationOutcome<A>,
): outcome is Extract<MutationOutcome<A>, { status: 'done' }> => outcome.status === 'done';
export const failed = <A extends MutationAnswer>(
  outcome: MutationOutcome<A>,
): outcome is Extract<MutationOutcome<A>, { status: 'failed' }> => outcome.status === 'failed';
/** What the call threw (to log it), when it failed that way; null for a `success: false` answer or any other outcome. */
export const thrown = (outcome: MutationOutcome) =>
  outcome.status === 'failed' && outcome.answer === null ? (outcome.error ?? null) : null;
/** The answer's own message (a success's words, or a `success: false` answer's reason), else null. */
export const answerWords = (outcome: MutationOutcome) =>
  (outcome.status !== 'cancelled' && outcome.answer?.message) || null;

/**
 * The parent's two child states around an invoked confirm-mutation (`id` is the invoke id): `confirming` forwards
 * CONFIRM to the child and goes to `running`; CANCEL goes to `cancelTarget` (leaving cancels the child).
 * Spread into the invoking state: `states: confirmStates('activate', '#activeSource.idle')`.
 */
export function confirmStates(id: string, cancelTarget: string) {
  return {
    confirming: {
      on: {
        // (typed `never`: built without the parent's own types; every parent's model test runs both transitions)
        CONFIRM: { target: 'running', actions: sendTo(id, { type: 'CONFIRM' }) as never },
        CANCEL: { target: cancelTarget },
      },
    },
    running: {},
  };
}

/**
 * Named guards on the outcome, for the parent's `setup({ guards })`; a parent's onDone names them with
 * `guard: outcome('outcomeDone')` or `and(['running', outcome('outcomeFailed')])`.
 */
export const outcomeDone = (_: unknown, outcome: MutationOutcome) => succeeded(outcome);
export const outcomeFailed = (_: unknown, outcome: MutationOutcome) => failed(outcome);
/** The call threw (as opposed to answering `success: false`). */
export const outcomeThrew = (_: unknown, outcome: MutationOutcome) => thrown(outcome) !== null;
/**
 * A reference to an outcome guard with the child's output as its params. XState resolves a params function inside
 * `and([...])` too, but its types there take params as a value only, so the reference is typed as one here.
 */
export const outcome = <T extends 'outcomeDone' | 'outcomeFailed' | 'outcomeThrew'>(type: T) =>
  ({ type, params: ({ event }: { event: { output: MutationOutcome } }) => event.output }) as unknown as {
    type: T;
    params: MutationOutcome;
  };
