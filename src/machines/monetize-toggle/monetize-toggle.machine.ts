/**
 * The Monetize switch of an app (docs/monetize.md §Campaign states "Monetize: switch on sets LIVE and shows the form; switching off an existing
 * campaign deletes it", §API endpoints DELETE /monetize/{id}, §Messages 'Failed to remove Monetize!' and a success message for remove).
 *
 *   idle ─TURN_ON (no campaign)──► idle + `openForm` (the new LIVE campaign's form, monetize/new)
 *     │  TURN_OFF (no campaign: the unsaved new form) ──► idle + `closeForm` (back to monetize/list, nothing saved)
 *     │  SYNC (the campaign read changed)
 *     └─TURN_OFF (a campaign)──► removing.confirming ─CONFIRM─► removing.running ─┬─ success ─────► idle (`removed`, notice)
 *                                     └─CANCEL─► idle                            ├─ success:false ► idle 'Failed to remove Monetize!'
 *                                                                                └─ thrown ───────► idle (logged) 'Failed to remove Monetize!'
 * The confirm → call step is the shared child (invoke id `remove`). `notify`, `openForm`, `closeForm`, `removed` and
 * `logError` are provided by monetize-toggle.actors.ts.
 */
import { and, assign, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { MONETIZE_MESSAGES, type MonetizeResponse } from '../../contracts/monetize';
import {
  confirmMutation,
  confirmStates,
  thrown,
  outcomeDone,
  outcomeFailed,
  outcomeThrew,
  outcome,
} from '../shared/confirm-mutation.machine';
import { notify } from '../shared/notice';

export interface MonetizeToggleInput {
  appId: string;
  campaignId: string | null;
}
export interface MonetizeToggleContext extends MonetizeToggleInput {}
export type MonetizeToggleEvent =
  | { type: 'TURN_ON' }
  | { type: 'TURN_OFF' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'SYNC'; campaignId: string | null };

const RUNNING = { removing: 'running' };
const removeFailed = { type: 'notify', params: { message: MONETIZE_MESSAGES.removeFailed, kind: 'error' } } as const;

export const monetizeToggleMachine = setup({
  types: {
    context: {} as MonetizeToggleContext,
    events: {} as MonetizeToggleEvent,
    input: {} as MonetizeToggleInput,
    children: {} as { remove: 'remove' },
  },
  actors: { remove: confirmMutation<{ id: string }, MonetizeResponse>() },
  guards: {
    noCampaign: ({ context }) => context.campaignId === null,
    outcomeDone,
    outcomeFailed,
    outcomeThrew,
    hasCampaign: ({ context }) => context.campaignId !== null,
    running: stateIn(RUNNING),
  },
  actions: {
    notify,
    openForm: (_args, _params: { appId: string }) => {},
    closeForm: (_args, _params: { appId: string }) => {},
    removed: (_args, _params: { appId: string }) => {},
    logError: (_args, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'monetizeToggle',
  context: ({ input }) => ({ appId: input.appId, campaignId: input.campaignId }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        TURN_ON: {
          guard: 'noCampaign',
          actions: { type: 'openForm', params: ({ context }) => ({ appId: context.appId }) },
        },
        TURN_OFF: [
          { guard: 'hasCampaign', target: 'removing' },
          { actions: { type: 'closeForm', params: ({ context }) => ({ appId: context.appId }) } },
        ],
        SYNC: { actions: assign({ campaignId: ({ event }) => event.campaignId }) },
      },
    },
    removing: {
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ request: { id: context.campaignId! }, confirm: true }),
        onDone: [
          {
            guard: and(['running', outcome('outcomeDone')]),
            target: 'idle',
            actions: [
              assign({ campaignId: null }),
              { type: 'notify', params: { message: MONETIZE_MESSAGES.removed, kind: 'success' } },
              { type: 'removed', params: ({ context }) => ({ appId: context.appId }) },
            ],
          },
          {
            guard: and(['running', outcome('outcomeThrew')]),
            target: 'idle',
            actions: [{ type: 'logError', params: ({ event }) => ({ error: thrown(event.output) }) }, removeFailed],
          },
          { guard: and(['running', outcome('outcomeFailed')]), target: 'idle', actions: removeFailed },
        ],
        onError: {
          target: 'idle',
          actions: [{ type: 'logError', params: ({ event }) => ({ error: event.error }) }, removeFailed],
        },
      },
      initial: 'confirming',
      states: confirmStates('remove', '#monetizeToggle.idle'),
    },
  },
});

export type MonetizeToggleSnapshot = SnapshotFrom<typeof monetizeToggleMachine>;
export type MonetizeToggleActor = ActorRefFrom<typeof monetizeToggleMachine>;
