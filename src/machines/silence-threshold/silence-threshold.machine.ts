/**
 * A source's silence threshold (docs/notifications.md §Silent sources): the hours without new data after which the
 * "Source went silent" alert fires, on the source's page in Integrations. Editors and admins change it; viewers read it.
 *
 *   idle ─EDIT─► editing ─CHANGE─► editing (the problem cleared)
 *                  │ ├─SAVE (invalid) ─► editing (the field's problem shown, nothing sent)
 *                  │ ├─SAVE (valid) ──┐
 *                  │ ├─USE_DEFAULT ───┴► saving ─┬─ success ─────────► idle (`saved`: the plugin reloads; "Saved.")
 *                  │ └─CANCEL ─► idle            ├─ success:false ───► editing (SAVE_FAILED)
 *                                                └─ thrown ──────────► editing (SAVE_FAILED)
 * The field holds text (what the person typed); the rule is the server's (silentHoursProblem, src/contracts/integrations.ts).
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { silentHoursProblem, type SuccessResponse } from '../../contracts/integrations';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';
import { answerSucceeded } from '../shared/answer-guards';

/** Our words (docs/notifications.md §Messages). */
export const SILENCE_SAVE_FAILED = 'We could not save the silence threshold. Please try again.';
export const SILENCE_SAVED = 'Saved.';

export interface SilenceThresholdContext {
  pluginId: string;
  appId: string;
  /** The field's text. */
  draft: string;
  /** Why the field's text is refused (shown under it), or null. */
  problem: string | null;
  /** The last save's failure, or null. */
  error: string | null;
  /** The value being saved (null: the default of its kind). */
  saving: number | null;
}
export type SilenceThresholdEvent =
  | { type: 'EDIT'; hours: number }
  | { type: 'CHANGE'; value: string }
  | { type: 'SAVE' }
  | { type: 'USE_DEFAULT' }
  | { type: 'CANCEL' };

export const silenceThresholdMachine = setup({
  types: {
    context: {} as SilenceThresholdContext,
    events: {} as SilenceThresholdEvent,
    input: {} as { pluginId: string; appId: string },
    children: {} as { saveSilentHours: 'saveSilentHours' },
  },
  actors: {
    saveSilentHours: toProvide<SuccessResponse, { pluginId: string; silentHours: number | null }>('saveSilentHours'),
  },
  guards: {
    answerSucceeded,
    draftValid: ({ context }) => silentHoursProblem(context.draft) === null,
  },
  actions: {
    notify,
    saved: (_args, _params: { appId: string }) => {},
    logError: (_args, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'silenceThreshold',
  context: ({ input }) => ({
    pluginId: input.pluginId,
    appId: input.appId,
    draft: '',
    problem: null,
    error: null,
    saving: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        EDIT: {
          target: 'editing',
          actions: assign({ draft: ({ event }) => String(event.hours), problem: null, error: null }),
        },
      },
    },
    editing: {
      on: {
        CHANGE: { actions: assign({ draft: ({ event }) => event.value, problem: null }) },
        SAVE: [
          {
            guard: 'draftValid',
            target: 'saving',
            actions: assign({ saving: ({ context }) => Number(context.draft.trim()), error: null }),
          },
          { actions: assign({ problem: ({ context }) => silentHoursProblem(context.draft) }) },
        ],
        USE_DEFAULT: { target: 'saving', actions: assign({ saving: null, problem: null, error: null }) },
        CANCEL: { target: 'idle', actions: assign({ problem: null, error: null }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveSilentHours',
        src: 'saveSilentHours',
        input: ({ context }) => ({ pluginId: context.pluginId, silentHours: context.saving }),
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'idle',
            actions: [
              { type: 'saved', params: ({ context }) => ({ appId: context.appId }) },
              { type: 'notify', params: { message: SILENCE_SAVED, kind: 'success', duration: 'short' } },
            ],
          },
          { target: 'editing', actions: assign({ error: SILENCE_SAVE_FAILED }) },
        ],
        onError: {
          target: 'editing',
          actions: [
            assign({ error: SILENCE_SAVE_FAILED }),
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});

export type SilenceThresholdSnapshot = SnapshotFrom<typeof silenceThresholdMachine>;
export type SilenceThresholdActor = ActorRefFrom<typeof silenceThresholdMachine>;
