/**
 * The password change of the account page (docs/accounts.md §Account page): the current password, a new one by the
 * shared rule, typed twice. The server signs every other device out.
 *
 *   editing ─CHANGE─► editing · ─SUBMIT (invalid)─► editing (errors under the fields)
 *   editing ─SUBMIT─► saving ─┬─ done ──► editing (fields emptied, CHANGED notice, `changed`: the sessions list reloads)
 *                             └─ error ─► editing (a wrong current password under its field; else the server's words
 *                                         or CHANGE_FAILED; the fields kept)
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { SignedOut } from '../../contracts/account';
import { passwordProblem } from '../../contracts/passwords';
import { apiFailure, networkWords, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';

export const CURRENT_REQUIRED = 'Enter your current password.';
export const PASSWORDS_DIFFER = 'The passwords do not match.';
export const CHANGE_FAILED = 'We could not change your password. Please try again.';
export const CHANGED = 'Password changed. Your other devices were signed out.';

export interface ChangePasswordForm {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}
export type ChangePasswordField = keyof ChangePasswordForm;
export type ChangePasswordErrors = Partial<Record<ChangePasswordField, string>>;

export function validateChange(form: ChangePasswordForm): ChangePasswordErrors {
  const errors: ChangePasswordErrors = {};
  if (!form.currentPassword) errors.currentPassword = CURRENT_REQUIRED;
  const problem = passwordProblem(form.newPassword);
  if (problem) errors.newPassword = problem;
  else if (form.confirm !== form.newPassword) errors.confirm = PASSWORDS_DIFFER;
  return errors;
}

export interface ChangePasswordContext extends ChangePasswordForm {
  errors: ChangePasswordErrors;
  error: string | null;
}
export type ChangePasswordEvent = { type: 'CHANGE'; field: ChangePasswordField; value: string } | { type: 'SUBMIT' };

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirm: '' };
const wrongCurrent = (error: unknown) => apiFailure(error)?.code === 'wrong_password';

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    children: {} as { changePassword: 'changePassword' },
  },
  actors: {
    changePassword: toProvide<SignedOut, { currentPassword: string; newPassword: string }>('changePassword'),
  },
  guards: {
    formValid: ({ context }) => Object.keys(validateChange(context)).length === 0,
    wrongCurrent: (_, error: unknown) => wrongCurrent(error),
  },
  actions: {
    notify,
    /** The password changed: other sessions ended (provided: the sessions list reads again). */
    changed: () => {},
  },
}).createMachine({
  id: 'changePassword',
  context: { ...EMPTY, errors: {}, error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => ({
            [event.field]: event.value,
            error: null,
            errors: { ...context.errors, [event.field]: undefined },
          })),
        },
        SUBMIT: [
          { guard: 'formValid', target: 'saving', actions: assign({ errors: {}, error: null }) },
          { actions: assign(({ context }) => ({ errors: validateChange(context) })) },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ currentPassword: context.currentPassword, newPassword: context.newPassword }),
        onDone: {
          target: 'editing',
          actions: [
            assign({ ...EMPTY }),
            { type: 'notify', params: { message: CHANGED, kind: 'success' as const } },
            'changed',
          ],
        },
        onError: [
          {
            guard: { type: 'wrongCurrent', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'editing',
            actions: assign({ errors: ({ event }) => ({ currentPassword: apiFailure(event.error)?.message }) }),
          },
          {
            target: 'editing',
            actions: assign({
              error: ({ event }) => serverWords(event.error) ?? networkWords(event.error) ?? CHANGE_FAILED,
            }),
          },
        ],
      },
    },
  },
});

export type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;
