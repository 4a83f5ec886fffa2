/**
 * A person's report and dashboard subscriptions (docs/notifications.md §Subscriptions): the list (of one report or
 * dashboard when `target` is given — its "Subscribe…" dialog — or of the whole workspace on the notifications page),
 * the dialog that adds or edits one (daily or weekly, hour, day, time zone, e-mail and, for admins, a webhook),
 * pause / resume and delete.
 *
 *   loading ─ok─► ready ─┬─ OPEN(id?) ─► ready.editing ─ SAVE (draft valid) ─► ready.saving ─ok─► ready.idle
 *      └─fail─► failed  │                   └─ CLOSE / Escape ─► ready.idle         └─fail─► ready.editing (error)
 *        └─RETRY─► loading ├─ PAUSE(id, paused) ─► ready.toggling ─► ready.idle (error kept on failure)
 *                       └─ DELETE(id) ─► ready.removing ─► ready.idle
 *
 * The draft is checked as the server checks it (hour 0–23, a day when weekly, at least one channel) before SAVE
 * leaves `editing`. The calls (invoke ids `loadSubscriptions`, `saveSubscription`, `toggleSubscription`,
 * `deleteSubscription`) are bound in report-subscription.actors.ts.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  CHANNEL_REQUIRED,
  DEFAULT_TIME_ZONE,
  HOUR_MESSAGE,
  WEEKDAY_REQUIRED,
  type Subscription,
  type SubscriptionFrequency,
  type SubscriptionList,
  type SubscriptionSaved,
  type SubscriptionTarget,
  type SubscriptionWebhook,
} from '../../contracts/report-subscriptions';

export const LOAD_FAILED = 'Your subscriptions could not be loaded.';
export const SAVE_FAILED = 'The subscription could not be saved. Please try again.';
export const SUBSCRIBED = 'Subscribed. The first digest arrives at its hour.';

export interface SubscriptionTargetInput extends SubscriptionTarget {
  title: string;
}
export interface ReportSubscriptionInput {
  workspaceId: string;
  /** One report or dashboard (its dialog); absent: every subscription of the person (the notifications page). */
  target?: SubscriptionTargetInput | null;
  /** The browser's time zone, offered beside UTC. */
  localTimeZone?: string;
}

export interface Draft {
  /** null: a new subscription of `target`. */
  id: string | null;
  frequency: SubscriptionFrequency;
  hour: number;
  weekday: number;
  timeZone: string;
  email: boolean;
  webhookId: string | null;
  paused: boolean;
}

export interface ReportSubscriptionContext {
  workspaceId: string;
  target: SubscriptionTargetInput | null;
  localTimeZone: string;
  subscriptions: Subscription[];
  webhooks: SubscriptionWebhook[];
  draft: Draft | null;
  error: string | null;
  /** The subscription being paused, resumed or deleted. */
  busyId: string | null;
  /** PAUSE: pause (true) or resume (false) `busyId`. */
  pausing: boolean;
}

export type ReportSubscriptionEvent =
  | { type: 'RETRY' }
  | { type: 'OPEN'; id?: string }
  | { type: 'CLOSE' }
  | { type: 'CHANGE'; patch: Partial<Omit<Draft, 'id'>> }
  | { type: 'SAVE' }
  | { type: 'PAUSE'; id: string; paused: boolean }
  | { type: 'DELETE'; id: string };

export interface SaveInput {
  workspaceId: string;
  target: SubscriptionTarget | null;
  draft: Draft;
}

/** What is wrong with a draft, as the server would say it; null when it can be saved. */
export function draftProblem(draft: Draft): string | null {
  if (!Number.isInteger(draft.hour) || draft.hour < 0 || draft.hour > 23) return HOUR_MESSAGE;
  if (draft.frequency === 'weekly' && !(Number.isInteger(draft.weekday) && draft.weekday >= 0 && draft.weekday <= 6)) {
    return WEEKDAY_REQUIRED;
  }
  if (!draft.email && !draft.webhookId) return CHANNEL_REQUIRED;
  return null;
}

const newDraft = (): Draft => ({
  id: null,
  frequency: 'daily',
  hour: 8,
  weekday: 0,
  timeZone: DEFAULT_TIME_ZONE,
  email: true,
  webhookId: null,
  paused: false,
});
const draftOf = (s: Subscription): Draft => ({
  id: s.id,
  frequency: s.frequency,
  hour: s.hour,
  weekday: s.weekday ?? 0,
  timeZone: s.timeZone,
  email: s.email,
  webhookId: s.webhookId,
  paused: s.paused,
});
const replaced = (list: Subscription[], saved: Subscription) =>
  list.some((s) => s.id === saved.id) ? list.map((s) => (s.id === saved.id ? saved : s)) : [...list, saved];
/** A refusal (4xx) in the server's words; anything else (a crash, no network) in ours. */
const messageOf = (error: unknown, fallback: string) => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && error instanceof Error && error.message
    ? error.message
    : fallback;
};

export const reportSubscriptionMachine = setup({
  types: {
    context: {} as ReportSubscriptionContext,
    events: {} as ReportSubscriptionEvent,
    input: {} as ReportSubscriptionInput,
  },
  actors: {
    loadSubscriptions: fromPromise<SubscriptionList, { workspaceId: string; target: SubscriptionTarget | null }>(
      async () => {
        throw new Error('not bound');
      },
    ),
    saveSubscription: fromPromise<SubscriptionSaved, SaveInput>(async () => {
      throw new Error('not bound');
    }),
    toggleSubscription: fromPromise<
      SubscriptionSaved,
      { workspaceId: string; subscription: Subscription; paused: boolean }
    >(async () => {
      throw new Error('not bound');
    }),
    deleteSubscription: fromPromise<SubscriptionList, { workspaceId: string; id: string }>(async () => {
      throw new Error('not bound');
    }),
  },
  guards: {
    draftValid: ({ context }) => context.draft !== null && draftProblem(context.draft) === null,
  },
}).createMachine({
  id: 'reportSubscription',
  context: ({ input }) => ({
    workspaceId: input.workspaceId,
    target: input.target ?? null,
    localTimeZone: input.localTimeZone ?? DEFAULT_TIME_ZONE,
    subscriptions: [],
    webhooks: [],
    draft: null,
    error: null,
    busyId: null,
    pausing: true,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSubscriptions',
        src: 'loadSubscriptions',
        input: ({ context }) => ({ workspaceId: context.workspaceId, target: context.target }),
        onDone: {
          target: 'ready',
          actions: assign({
            subscriptions: ({ event }) => event.output.subscriptions,
            webhooks: ({ event }) => event.output.webhooks,
            error: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: LOAD_FAILED }) },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            OPEN: {
              target: 'editing',
              actions: assign({
                draft: ({ context, event }) => {
                  const existing = event.id ? context.subscriptions.find((s) => s.id === event.id) : undefined;
                  return existing ? draftOf(existing) : newDraft();
                },
                error: null,
              }),
            },
            PAUSE: {
              target: 'toggling',
              actions: assign({ busyId: ({ event }) => event.id, pausing: ({ event }) => event.paused, error: null }),
            },
            DELETE: {
              target: 'removing',
              actions: assign({ busyId: ({ event }) => event.id, error: null }),
            },
          },
        },
        editing: {
          on: {
            CHANGE: {
              actions: assign({
                draft: ({ context, event }) => (context.draft ? { ...context.draft, ...event.patch } : null),
                error: null,
              }),
            },
            CLOSE: { target: 'idle', actions: assign({ draft: null, error: null }) },
            SAVE: [
              { guard: 'draftValid', target: 'saving' },
              { actions: assign({ error: ({ context }) => (context.draft ? draftProblem(context.draft) : null) }) },
            ],
          },
        },
        saving: {
          invoke: {
            id: 'saveSubscription',
            src: 'saveSubscription',
            input: ({ context }) => ({
              workspaceId: context.workspaceId,
              target: context.target,
              draft: context.draft!,
            }),
            onDone: {
              target: 'idle',
              actions: assign({
                subscriptions: ({ context, event }) => replaced(context.subscriptions, event.output.subscription),
                draft: null,
              }),
            },
            onError: {
              target: 'editing',
              actions: assign({ error: ({ event }) => messageOf(event.error, SAVE_FAILED) }),
            },
          },
        },
        toggling: {
          invoke: {
            id: 'toggleSubscription',
            src: 'toggleSubscription',
            input: ({ context }) => ({
              workspaceId: context.workspaceId,
              subscription: context.subscriptions.find((s) => s.id === context.busyId)!,
              paused: context.pausing,
            }),
            onDone: {
              target: 'idle',
              actions: assign({
                subscriptions: ({ context, event }) => replaced(context.subscriptions, event.output.subscription),
                busyId: null,
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({ error: ({ event }) => messageOf(event.error, SAVE_FAILED), busyId: null }),
            },
          },
        },
        removing: {
          invoke: {
            id: 'deleteSubscription',
            src: 'deleteSubscription',
            input: ({ context }) => ({ workspaceId: context.workspaceId, id: context.busyId! }),
            onDone: {
              target: 'idle',
              actions: assign({
                subscriptions: ({ context }) => context.subscriptions.filter((s) => s.id !== context.busyId),
                busyId: null,
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({ error: ({ event }) => messageOf(event.error, SAVE_FAILED), busyId: null }),
            },
          },
        },
      },
    },
  },
});

export type ReportSubscriptionActor = ActorRefFrom<typeof reportSubscriptionMachine>;
export type ReportSubscriptionSnapshot = SnapshotFrom<typeof reportSubscriptionMachine>;
