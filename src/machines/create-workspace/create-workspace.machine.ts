/**
 * Create Workspace modal lifecycle (docs/workspace.md §Screens and routes header 'Create new', §Rules and limits workspace rules, §API endpoints POST /api/workspace
 * multipart, §Messages workspace messages).
 * closed → editing (fields validated as typed once submitted) → submitting → closed on success ('Workspace created
 * successfully.'; the `created` action refreshes the session's organisations and the new workspace opens), or back
 * to editing with 'Error creating workspace!' and every field kept — docs/workspace.md §Messages words as the title; a refusal that names
 * a field (400) puts the server's message under that field; an icon the server finds too large (413) gets per docs/workspace.md §Rules and limits
 * 'File is too large!'. A `success: false` answer is a failure, not an
 * exception. The call (with its abort signal), `notify` and `created` are provided by create-workspace.actors.ts.
 */
import { assign, setup } from 'xstate';
import {
  FILE_TOO_LARGE,
  validateWorkspaceForm,
  workspaceFormField,
  type WorkspaceFormErrors,
} from '../../contracts/workspace';
import type { WorkspaceSaved } from '../../contracts/workspace';
import { hasStatus, serverFieldErrors } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';

export const CREATE_FAILED = 'Error creating workspace!';
export const CREATE_SUCCEEDED = 'Workspace created successfully.';

export interface IconFile {
  name: string;
  size: number;
  type: string;
}
export interface CreateWorkspaceContext {
  name: string;
  website: string;
  icon: IconFile | null;
  errors: WorkspaceFormErrors;
  submitted: boolean;
  error: string | null;
  createdId: string | null;
}
export type CreateWorkspaceEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'CHANGE'; field: 'name' | 'website'; value: string }
  | { type: 'PICK_ICON'; file: IconFile | null }
  | { type: 'SUBMIT' };

const empty = { name: '', website: '', icon: null, errors: {}, submitted: false, error: null };
const errorsOf = (c: Pick<CreateWorkspaceContext, 'name' | 'website' | 'icon'>) => validateWorkspaceForm(c);

export const createWorkspaceMachine = setup({
  types: {
    context: {} as CreateWorkspaceContext,
    events: {} as CreateWorkspaceEvent,
    children: {} as { createWorkspace: 'createWorkspace' },
  },
  actors: {
    createWorkspace: toProvide<WorkspaceSaved, { name: string; website: string; icon: IconFile | null }>(
      'createWorkspace',
    ),
  },
  guards: {
    workspaceCreated: (_, answer: { success: boolean; data?: { id: string } }) => answer.success && !!answer.data?.id,
    formValid: ({ context }) => Object.keys(errorsOf(context)).length === 0,
  },
  actions: {
    notify,
    /** The workspace exists: refresh the session's organisations and open it (provided by the binding). */
    created: (_args, _params: { id: string }) => {},
  },
}).createMachine({
  id: 'createWorkspace',
  context: { ...empty, createdId: null },
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'editing', actions: assign({ ...empty }) } },
    },
    editing: {
      on: {
        CLOSE: 'closed',
        CHANGE: {
          actions: assign(({ context, event }) => {
            const next = { ...context, [event.field]: event.value };
            return { [event.field]: event.value, errors: context.submitted ? errorsOf(next) : context.errors };
          }),
        },
        // The icon is checked at once: a too-large file is refused before anything is sent.
        PICK_ICON: {
          actions: assign(({ context, event }) => ({
            icon: event.file,
            errors: {
              ...errorsOf({ ...context, icon: event.file }),
              ...(context.submitted ? {} : { name: undefined, website: undefined }),
            },
          })),
        },
        SUBMIT: [
          { guard: 'formValid', target: 'submitting', actions: assign({ submitted: true, errors: {}, error: null }) },
          { actions: assign(({ context }) => ({ submitted: true, errors: errorsOf(context) })) },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'createWorkspace',
        src: 'createWorkspace',
        input: ({ context }) => ({ name: context.name, website: context.website, icon: context.icon }),
        onDone: [
          {
            guard: { type: 'workspaceCreated', params: ({ event }) => event.output },
            target: 'closed',
            actions: [
              assign({ createdId: ({ event }) => event.output.data!.id }),
              { type: 'notify', params: { message: CREATE_SUCCEEDED, kind: 'success' } },
              { type: 'created', params: ({ event }) => ({ id: event.output.data!.id }) },
            ],
          },
          { target: 'editing', actions: assign({ error: CREATE_FAILED }) },
        ],
        onError: {
          target: 'editing',
          actions: assign({
            error: ({ event }) => (hasStatus(event.error, 413) ? FILE_TOO_LARGE : CREATE_FAILED),
            errors: ({ event }) => serverFieldErrors(event.error, workspaceFormField),
          }),
        },
      },
    },
  },
});
