/**
 * The Revenue Settings dialog of an event (docs/integrations.md §Screens and routes event detail → Revenue Settings: Revenue Type, Revenue Parameter,
 * Currency Parameter, Save, Delete only when settings exist; §Rules and limits revenue settings, each a required string; §API endpoints save /
 * delete revenue settings → {success}; §Messages the four revenue messages).
 *
 *   closed ─OPEN(settings)─► editing ─CHANGE─► editing
 *                              │ CLOSE ─► closed
 *                              ├─SAVE (form valid)──► saving ──┬─ success ─────► closed  'Revenue Settings saved successfully.'
 *                              │                               ├─ success:false ► editing 'Failed to save Revenue Settings.'
 *                              │                               └─ thrown ───────► editing 'Failed to save Revenue Settings.'
 *                              └─DELETE (settings exist)─► deleting ─┬─ success ─► closed  'Revenue Settings deleted successfully.'
 *                                                                    └─ refused / thrown ─► editing 'Failed to delete Revenue Settings.'
 * OPEN carries the event's current settings (null when it has none): the form starts from them.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  REVENUE_SETTINGS_MESSAGES,
  validateRevenueSettings,
  type RevenueSettings,
  type SuccessResponse,
} from '../../contracts/integrations';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';
import { answerSucceeded } from '../shared/answer-guards';

export type RevenueForm = { revenueType: string; revenueEp: string; currencyEp: string };
export const EMPTY_REVENUE_FORM: RevenueForm = { revenueType: '', revenueEp: '', currencyEp: '' };

export interface RevenueSettingsContext {
  appId: string;
  eventId: string;
  /** The event's settings when the dialog opened (Delete shows only when they exist). */
  settings: RevenueSettings | null;
  form: RevenueForm;
}
export type RevenueSettingsEvent =
  | { type: 'OPEN'; settings: RevenueSettings | null }
  | { type: 'CHANGE'; field: keyof RevenueForm; value: string }
  | { type: 'SAVE' }
  | { type: 'DELETE' }
  | { type: 'CLOSE' };

export const isRevenueFormValid = (form: RevenueForm) => Object.keys(validateRevenueSettings(form)).length === 0;

const failed = (message: string) => ({ type: 'notify' as const, params: { message, kind: 'error' as const } });
const logged = {
  type: 'logError' as const,
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
};

/** A call's outcomes: success closes with its message and reloads; success:false or a throw stays open with the failure. */
const outcomes = (done: string, failure: string) => ({
  onDone: [
    {
      guard: {
        type: 'answerSucceeded' as const,
        params: ({ event }: { event: { output: SuccessResponse } }) => event.output,
      },
      target: 'closed' as const,
      actions: [
        { type: 'notify' as const, params: { message: done, kind: 'success' as const } },
        {
          type: 'changed' as const,
          params: ({ context }: { context: RevenueSettingsContext }) => ({ appId: context.appId }),
        },
      ],
    },
    { target: 'editing' as const, actions: failed(failure) },
  ],
  onError: { target: 'editing' as const, actions: [logged, failed(failure)] },
});

export const revenueSettingsMachine = setup({
  types: {
    context: {} as RevenueSettingsContext,
    events: {} as RevenueSettingsEvent,
    input: {} as { appId: string; eventId: string },
    children: {} as { saveRevenueSettings: 'saveRevenueSettings'; deleteRevenueSettings: 'deleteRevenueSettings' },
  },
  actors: {
    saveRevenueSettings: toProvide<SuccessResponse, { appId: string; eventId: string; settings: RevenueSettings }>(
      'saveRevenueSettings',
    ),
    deleteRevenueSettings: toProvide<SuccessResponse, { appId: string; eventId: string }>('deleteRevenueSettings'),
  },
  guards: {
    answerSucceeded,
    formValid: ({ context }) => isRevenueFormValid(context.form),
    hasSettings: ({ context }) => context.settings !== null,
  },
  actions: {
    notify,
    /** The event's settings changed on the server: reload the integrations reads (provided by the binding). */
    changed: (_args, _params: { appId: string }) => {},
    logError: (_args, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'revenueSettings',
  context: ({ input }) => ({ appId: input.appId, eventId: input.eventId, settings: null, form: EMPTY_REVENUE_FORM }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: {
          target: 'editing',
          actions: assign(({ event }) => ({
            settings: event.settings,
            form: event.settings ? { ...event.settings } : EMPTY_REVENUE_FORM,
          })),
        },
      },
    },
    editing: {
      on: {
        CHANGE: {
          actions: assign({ form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }) }),
        },
        SAVE: { guard: 'formValid', target: 'saving' },
        DELETE: { guard: 'hasSettings', target: 'deleting' },
        CLOSE: 'closed',
      },
    },
    saving: {
      invoke: {
        id: 'saveRevenueSettings',
        src: 'saveRevenueSettings',
        input: ({ context }) => ({
          appId: context.appId,
          eventId: context.eventId,
          settings: context.form as RevenueSettings,
        }),
        ...outcomes(REVENUE_SETTINGS_MESSAGES.saved, REVENUE_SETTINGS_MESSAGES.saveFailed),
      },
    },
    deleting: {
      invoke: {
        id: 'deleteRevenueSettings',
        src: 'deleteRevenueSettings',
        input: ({ context }) => ({ appId: context.appId, eventId: context.eventId }),
        ...outcomes(REVENUE_SETTINGS_MESSAGES.deleted, REVENUE_SETTINGS_MESSAGES.deleteFailed),
      },
    },
  },
});

export type RevenueSettingsSnapshot = SnapshotFrom<typeof revenueSettingsMachine>;
export type RevenueSettingsActor = ActorRefFrom<typeof revenueSettingsMachine>;
