/**
 * The lifecycle every saved question shares (docs/analyze.md §Saved questions), for the cohort and funnel builders and
 * the next kind: a saved one opens first, a question runs as soon as it is whole and again on every change (a run in
 * flight is dropped), editors and admins save it under a title (a first save moves to its URL), rename it and delete
 * it after a confirmation; failures say so in the server's words or ours.
 *
 *   boot ─ <kind>Id → opening ─ done → checking | openFailed ─RETRY→ opening
 *        └ none     → checking
 *   checking (transient) ─ problem → invalid │ whole → running ─ done → ready | runFailed ─RETRY→ running
 *   invalid / running / ready / runFailed ─(a change of the question)→ checking
 *   ready ─SAVE→ saving ─ done → ready │ error → ready;  ─DELETE→ confirmingDelete ─CONFIRM→ deleting → deleted (final)
 *   any ─SET_TITLE→ the title changes.
 *
 * A machine keeps its own setup (context, events, actors typed by its question) and builds its states with
 * `savedQuestionStates`, its guards with `savedQuestionGuards` and its placeholders with `savedQuestionActions`; it
 * declares a `change` action (the question after the event) and may add states and transitions of its own (the funnel's
 * drop-off). The states are built without the machine's types (as validated-form.ts does), so each builder's model
 * test walks every one of them.
 */
import { and, assign, not } from 'xstate';
import { networkWords, serverWords } from './api-error';
import { notify } from './notice';

/** The words a kind says about itself (docs/analyze.md §Messages). */
export interface SavedQuestionWords {
  RUN_FAILED: string;
  OPEN_FAILED: string;
  SAVE_FAILED: string;
  SAVED: string;
  DELETED: string;
  DELETE_FAILED: string;
}

export interface SavedQuestionSpec<Q> {
  /** The machine's id ('cohortBuilder'): changes go to `#<id>.checking`. */
  machineId: string;
  /** The context key of the saved one's id ('cohortId'), also the key of the open and remove actors' input. */
  idKey: string;
  /** Why a question cannot run, or null when it is whole. */
  problem(question: Q): string | null;
  defaultTitle: string;
  titleMax: number;
  titleMessage: string;
  words: SavedQuestionWords;
  /** The events that change the question (each runs the machine's `change` action). */
  changes: readonly string[];
}

/** The context fields every saved question has, besides its id under `idKey`. */
export interface SavedQuestionContext<Q, R> {
  appId: string;
  canSave: boolean;
  title: string;
  question: Q;
  result: R | null;
  /** Why the question cannot run, why the last run or open failed. */
  error: string | null;
  saveError: string | null;
}

/** The events every saved question takes, besides its changes. */
export type SavedQuestionEvent =
  | { type: 'SET_TITLE'; title: string }
  | { type: 'SAVE' }
  | { type: 'DELETE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' };

export const wordsOf = (error: unknown, fallback: string) => serverWords(error) ?? networkWords(error) ?? fallback;

/** The first context: a new question (or the saved one's, once opened) under the default title. */
export function savedQuestionContext<Q>(spec: Pick<SavedQuestionSpec<Q>, 'defaultTitle'>, question: Q) {
  return { title: spec.defaultTitle, question, result: null, error: null, saveError: null };
}

type Loose = Record<string, unknown>;
const idOf = (spec: { idKey: string }, context: object) => (context as Loose)[spec.idKey] as string | null;

/** The guards the states below name; give them the machine's context type. */
export function savedQuestionGuards<Q, C extends { canSave: boolean; title: string; question: Q }>(
  spec: SavedQuestionSpec<Q>,
) {
  return {
    isSaved: ({ context }: { context: C }) => idOf(spec, context) !== null,
    canDelete: ({ context }: { context: C }) => context.canSave && idOf(spec, context) !== null,
    hasProblem: ({ context }: { context: C }) => spec.problem(context.question) !== null,
    canSave: ({ context }: { context: C }) => context.canSave,
    titleFits: ({ context }: { context: C }) => context.title.trim().length <= spec.titleMax,
  };
}

/** The placeholders the states below name; the flow's actors provide them. */
export const savedQuestionActions = {
  notify,
  /** Refreshes the saved list; a first save moves to the saved one's URL. */
  saved: (_args: unknown, _params: { id: string; first: boolean }) => {},
  /** Refreshes the saved list and goes back to a new question. */
  deleted: (_args: unknown) => {},
  logError: (_args: unknown, _params: { error: unknown }) => {},
};

/** `{ EVENT: → #<id>.checking running change }` for each change of the question. */
export function questionChanges(spec: Pick<SavedQuestionSpec<unknown>, 'machineId' | 'changes'>) {
  const change = { target: `#${spec.machineId}.checking`, actions: 'change' } as const;
  return Object.fromEntries(spec.changes.map((type) => [type, change])) as Record<string, typeof change>;
}

const failure = (key: 'error' | 'saveError', fallback: string) => [
  { type: 'logError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
  assign({ [key]: ({ event }: { event: { error: unknown } }) => wordsOf(event.error, fallback) }),
];

/**
 * The shared states, and the title's SET_TITLE for the machine's root `on`. `readyOn` adds transitions to `ready`
 * (the funnel's DROPOFF); the machine adds its own states beside these.
 */
export function savedQuestionStates<Q>(spec: SavedQuestionSpec<Q>, readyOn: object = {}) {
  const changes = questionChanges(spec);
  const { words } = spec;
  const byId = ({ context }: { context: object }) => ({
    appId: (context as Loose).appId,
    [spec.idKey]: idOf(spec, context),
  });
  const states = {
    boot: {
      always: [{ guard: 'isSaved', target: 'opening' }, { target: 'checking' }],
    },
    opening: {
      entry: assign({ error: null }),
      invoke: {
        id: 'open',
        src: 'open',
        input: byId,
        onDone: {
          target: 'checking',
          actions: assign(({ event }: { event: { output: { title: string; question: Q } } }) => ({
            title: event.output.title,
            question: event.output.question,
          })),
        },
        onError: { target: 'openFailed', actions: failure('error', words.OPEN_FAILED) },
      },
    },
    openFailed: {
      on: { RETRY: 'opening' },
    },
    checking: {
      always: [
        {
          guard: 'hasProblem',
          target: 'invalid',
          actions: assign(({ context }: { context: { question: Q; error: string | null } }) => ({
            error: spec.problem(context.question),
          })),
        },
        { target: 'running' },
      ],
    },
    invalid: {
      on: { ...changes },
    },
    running: {
      entry: assign({ error: null }),
      invoke: {
        id: 'run',
        src: 'run',
        input: ({ context }: { context: { appId: string; question: Q } }) => ({
          appId: context.appId,
          question: context.question,
        }),
        onDone: {
          target: 'ready',
          actions: assign({ result: ({ event }: { event: { output: unknown } }) => event.output }),
        },
        onError: { target: 'runFailed', actions: failure('error', words.RUN_FAILED) },
      },
      on: { ...changes },
    },
    runFailed: {
      on: { ...changes, RETRY: 'running' },
    },
    ready: {
      on: {
        ...changes,
        ...readyOn,
        // Save is not offered to a viewer: their SAVE does nothing.
        SAVE: [
          { guard: and(['canSave', not('titleFits')]), actions: assign({ saveError: spec.titleMessage }) },
          { guard: 'canSave', target: 'saving' },
        ],
        DELETE: { guard: 'canDelete', target: 'confirmingDelete' },
      },
    },
    confirmingDelete: {
      on: {
        CONFIRM: 'deleting',
        CANCEL: { target: 'ready', actions: assign({ saveError: null }) },
      },
    },
    deleting: {
      entry: assign({ saveError: null }),
      invoke: {
        id: 'remove',
        src: 'remove',
        input: byId,
        onDone: {
          target: 'deleted',
          actions: ['deleted', { type: 'notify', params: { message: words.DELETED, kind: 'success' } }],
        },
        onError: { target: 'confirmingDelete', actions: failure('saveError', words.DELETE_FAILED) },
      },
    },
    deleted: { type: 'final' },
    saving: {
      entry: assign({ saveError: null }),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }: { context: { appId: string; title: string; question: Q } }) => ({
          appId: context.appId,
          request: {
            id: idOf(spec, context),
            title: context.title.trim() || spec.defaultTitle,
            question: context.question,
          },
        }),
        onDone: {
          target: 'ready',
          actions: [
            {
              type: 'saved',
              params: ({ context, event }: { context: object; event: { output: { id: string } } }) => ({
                id: event.output.id,
                first: idOf(spec, context) === null,
              }),
            },
            assign(({ event }: { event: { output: { id: string; title: string } } }) => ({
              [spec.idKey]: event.output.id,
              title: event.output.title,
            })),
            { type: 'notify', params: { message: words.SAVED, kind: 'success' } },
          ],
        },
        onError: { target: 'ready', actions: failure('saveError', words.SAVE_FAILED) },
      },
    },
  };
  return {
    /** Typed loosely (each state `object`), so any builder's createMachine takes them with its own state names. */
    states: states as { [K in keyof typeof states]: object },
    on: {
      SET_TITLE: {
        actions: assign(({ event }: { event: { title: string } }) => ({ title: event.title, saveError: null })),
      },
    } as object,
    changes,
  };
}
