/**
 * App Settings → General (docs/app-settings.md §Screens and routes Settings tabs: app name, icon, store status; §App settings states store status per platform: package
 * or bundle fields when not NotReady, store URL only when InStore; §Rules and limits app icon rules; §API endpoints update app general as
 * multipart data + image; §Rules and limits app icon 1,000,000 bytes while the helper text says 3 MB).
 *
 *   editing ─SUBMIT (valid)─► saving ─┬─ success ─────────► editing ('App settings saved.'; `saved` refreshes the
 *     │ CHANGE / SET_STATUS /         │                     session, so the navigation and app cards follow)
 *     │ PICK_ICON                     ├─ success: false ──► editing APP_UPDATE_FAILED
 *     │ RESET (the saved values)      ├─ 403 / 400 / 409 ─► editing with the server's words (role, field, duplicate)
 *     ▼                               ├─ 413 ─────────────► editing 'File is too large!'
 *   SYNC (the app changed)            └─ anything else ───► editing APP_UPDATE_FAILED
 *
 * Every field is kept after a failure. The rules are the contract's `validateGeneral` (the server applies the same).
 * The call, `notify` and `saved` are provided by app-general.actors.ts.
 */
import { assign, setup } from 'xstate';
import type { AppResponse } from '../../contracts/apps';
import type * as t from 'io-ts';
import {
  APP_UPDATE_FAILED,
  APP_UPDATED,
  validateGeneral,
  type AppGeneralData,
  type GeneralErrors,
} from '../../contracts/app-settings';
import { FILE_TOO_LARGE, type IconFile } from '../../contracts/workspace';
import { hasStatus, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';
import { formSaveOutcomes } from '../shared/form-save';
import { answerSucceeded } from '../shared/answer-guards';

export interface AppGeneralInput {
  appId: string;
  data: AppGeneralData;
}
export interface AppGeneralContext {
  appId: string;
  values: AppGeneralData;
  /** The values last saved (RESET returns to them). */
  saved: AppGeneralData;
  icon: IconFile | null;
  errors: GeneralErrors;
  submitted: boolean;
  error: string | null;
}
export type TextField =
  'appName' | 'googlePackageName' | 'googleStoreUrl' | 'appleBundleId' | 'applePackageName' | 'appleStoreUrl';
export type AppGeneralEvent =
  | { type: 'CHANGE'; field: TextField; value: string }
  | { type: 'SET_STATUS'; store: 'google' | 'apple'; status: AppGeneralData['googleStatus'] }
  | { type: 'PICK_ICON'; file: IconFile | null }
  | { type: 'SUBMIT' }
  | { type: 'RESET' }
  | { type: 'SYNC'; data: AppGeneralData };

const errorsOf = (c: Pick<AppGeneralContext, 'values' | 'icon'>) => validateGeneral(c.values, c.icon);
/** Shown errors: all once the user tried to save; before that only the icon's (it is checked when picked). */
const shownErrors = (c: Pick<AppGeneralContext, 'values' | 'icon' | 'submitted'>) => {
  const errors = errorsOf(c);
  return c.submitted ? errors : errors.icon ? { icon: errors.icon } : {};
};
function failureWords(error: unknown): string {
  if (hasStatus(error, 413)) return FILE_TOO_LARGE;
  if (hasStatus(error, 403) || hasStatus(error, 400) || hasStatus(error, 409))
    return serverWords(error) ?? APP_UPDATE_FAILED;
  return APP_UPDATE_FAILED;
}

export const appGeneralMachine = setup({
  types: {
    context: {} as AppGeneralContext,
    events: {} as AppGeneralEvent,
    input: {} as AppGeneralInput,
    children: {} as { updateGeneral: 'updateGeneral' },
  },
  actors: {
    updateGeneral: toProvide<
      t.TypeOf<typeof AppResponse>,
      { appId: string; data: AppGeneralData; icon: IconFile | null }
    >('updateGeneral'),
  },
  guards: {
    answerSucceeded,
    formValid: ({ context }) => Object.keys(errorsOf(context)).length === 0,
  },
  actions: {
    notify,
    /** The app changed on the server: refresh the session (provided by the binding). */
    saved: () => {},
  },
}).createMachine({
  id: 'appGeneral',
  context: ({ input }) => ({
    appId: input.appId,
    values: input.data,
    saved: input.data,
    icon: null,
    errors: {},
    submitted: false,
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => {
            const values = { ...context.values, [event.field]: event.value };
            return { values, errors: shownErrors({ ...context, values }) };
          }),
        },
        SET_STATUS: {
          actions: assign(({ context, event }) => {
            const values = {
              ...context.values,
              [event.store === 'google' ? 'googleStatus' : 'appleStatus']: event.status,
            };
            return { values, errors: shownErrors({ ...context, values }) };
          }),
        },
        PICK_ICON: {
          actions: assign(({ context, event }) => ({
            icon: event.file,
            errors: shownErrors({ ...context, icon: event.file }),
          })),
        },
        SUBMIT: [
          { guard: 'formValid', target: 'saving', actions: assign({ submitted: true, errors: {}, error: null }) },
          { actions: assign(({ context }) => ({ submitted: true, errors: errorsOf(context) })) },
        ],
        RESET: {
          actions: assign(({ context }) => ({
            values: context.saved,
            icon: null,
            errors: {},
            submitted: false,
            error: null,
          })),
        },
        SYNC: {
          actions: assign(({ context, event }) => ({
            saved: event.data,
            values:
              context.icon || JSON.stringify(context.values) !== JSON.stringify(context.saved)
                ? context.values
                : event.data,
          })),
        },
      },
    },
    saving: {
      invoke: {
        id: 'updateGeneral',
        src: 'updateGeneral',
        input: ({ context }) => ({ appId: context.appId, data: context.values, icon: context.icon }),
        ...formSaveOutcomes({
          target: 'editing',
          onSaved: assign(({ context }: { context: AppGeneralContext }) => ({
            saved: context.values,
            icon: null,
            submitted: false,
          })),
          success: APP_UPDATED,
          failure: APP_UPDATE_FAILED,
          failureWords,
        }),
      },
    },
  },
});
