/**
 * Workspace settings form (docs/workspace.md §Screens and routes /workspace/{id}/settings: name, website, icon; §Rules and limits workspace rules: name required,
 * website a required URL forced to https://, icon PNG/JPG/JPEG/GIF up to 3,145,728 bytes 'File is too large!';
 * §Roles only administrators change the workspace; §API endpoints update workspace multipart; §Messages 'Workspace updated successfully.' /
 * 'Error updating workspace!').
 *
 *   editing ─SUBMIT (valid)─► saving ─┬─ success ─────────► editing ('Workspace updated successfully.'; the fields
 *     │ CHANGE / PICK_ICON            │                     show the values as stored, e.g. the normalised website;
 *     │ RESET (cancel: the saved      │                     `saved` refreshes the session, so the header follows)
 *     │ values back)                  ├─ success: false ──► editing 'Error updating workspace!'
 *     ▼                               ├─ 403 ─────────────► editing with the server's docs/workspace.md §Roles words
 *   SYNC (the workspace changed)      ├─ 413 ─────────────► editing 'File is too large!'
 *                                     └─ anything else ───► editing 'Error updating workspace!', and a 400 naming a
 *                                                           field puts the server's message under that field
 *
 * Every field is kept after a failure. The call, `notify` and `saved` are provided by workspace-settings.actors.ts.
 */
import { assign, setup, type AnyEventObject } from 'xstate';
import {
  FILE_TOO_LARGE,
  validateWorkspaceForm,
  workspaceFormField,
  type WorkspaceFormErrors,
  type WorkspaceSaved,
  type IconFile,
} from '../../contracts/workspace';

export type { IconFile };
import { hasStatus, serverFieldErrors, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';
import { formSaveOutcomes } from '../shared/form-save';
import { answerSucceeded } from '../shared/answer-guards';

export const UPDATE_SUCCEEDED = 'Workspace updated successfully.';
export const UPDATE_FAILED = 'Error updating workspace!';

export interface WorkspaceSettingsInput {
  workspaceId: string;
  name: string;
  website: string;
}
export interface WorkspaceSettingsContext extends WorkspaceSettingsInput {
  /** The values last saved (RESET returns to them). */
  savedName: string;
  savedWebsite: string;
  icon: IconFile | null;
  errors: WorkspaceFormErrors;
  submitted: boolean;
  error: string | null;
}
export type WorkspaceSettingsEvent =
  | { type: 'CHANGE'; field: 'name' | 'website'; value: string }
  | { type: 'PICK_ICON'; file: IconFile | null }
  | { type: 'SUBMIT' }
  | { type: 'RESET' }
  | { type: 'SYNC'; name: string; website: string };

const errorsOf = (c: Pick<WorkspaceSettingsContext, 'name' | 'website' | 'icon'>) => validateWorkspaceForm(c);
/** A refusal's words: per docs/workspace.md §Roles from the server for a role too low, the icon's for 413, else per docs/workspace.md §Messages. */
function failureWords(error: unknown): string {
  if (hasStatus(error, 403)) return serverWords(error) ?? UPDATE_FAILED;
  if (hasStatus(error, 413)) return FILE_TOO_LARGE;
  return UPDATE_FAILED;
}

export const workspaceSettingsMachine = setup({
  types: {
    context: {} as WorkspaceSettingsContext,
    events: {} as WorkspaceSettingsEvent,
    input: {} as WorkspaceSettingsInput,
    children: {} as { updateWorkspace: 'updateWorkspace' },
  },
  actors: {
    updateWorkspace: toProvide<WorkspaceSaved, { id: string; name: string; website: string; icon: IconFile | null }>(
      'updateWorkspace',
    ),
  },
  guards: {
    answerSucceeded,
    formValid: ({ context }) => Object.keys(errorsOf(context)).length === 0,
  },
  actions: {
    notify,
    /** The workspace changed on the server: refresh the session (provided by the binding). */
    saved: () => {},
  },
}).createMachine({
  id: 'workspaceSettings',
  context: ({ input }) => ({
    ...input,
    savedName: input.name,
    savedWebsite: input.website,
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
            const next = { ...context, [event.field]: event.value };
            return { [event.field]: event.value, errors: context.submitted ? errorsOf(next) : context.errors };
          }),
        },
        PICK_ICON: {
          actions: assign(({ context, event }) => {
            const errors = errorsOf({ ...context, icon: event.file });
            return { icon: event.file, errors: context.submitted ? errors : { icon: errors.icon } };
          }),
        },
        SUBMIT: [
          { guard: 'formValid', target: 'saving', actions: assign({ submitted: true, errors: {}, error: null }) },
          { actions: assign(({ context }) => ({ submitted: true, errors: errorsOf(context) })) },
        ],
        RESET: {
          actions: assign(({ context }) => ({
            name: context.savedName,
            website: context.savedWebsite,
            icon: null,
            errors: {},
            submitted: false,
            error: null,
          })),
        },
        SYNC: {
          actions: assign(({ event }) => ({
            name: event.name,
            website: event.website,
            savedName: event.name,
            savedWebsite: event.website,
          })),
        },
      },
    },
    saving: {
      invoke: {
        id: 'updateWorkspace',
        src: 'updateWorkspace',
        input: ({ context }) => ({
          id: context.workspaceId,
          name: context.name,
          website: context.website,
          icon: context.icon,
        }),
        ...formSaveOutcomes({
          target: 'editing',
          onSaved: assign(({ context, event }: { context: WorkspaceSettingsContext; event: AnyEventObject }) => {
            const stored = (event.output as WorkspaceSaved).data;
            const name = stored?.name ?? context.name.trim();
            const website = stored?.website ?? context.website;
            return { name, website, savedName: name, savedWebsite: website, icon: null, submitted: false };
          }),
          success: UPDATE_SUCCEEDED,
          failure: UPDATE_FAILED,
          failureWords,
          fieldErrors: (error) => serverFieldErrors(error, workspaceFormField),
        }),
      },
    },
  },
});
