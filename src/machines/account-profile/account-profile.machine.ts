/**
 * The name on the account page (docs/accounts.md §Account page): first and last name, both required.
 *
 *   editing ─CHANGE─► editing · ─SUBMIT (a blank name)─► editing (errors under the fields)
 *   editing ─SUBMIT─► saving ─┬─ done ──► editing (the saved names; SAVED notice; `saved`: the session re-reads the
 *                             │           account, so the profile menu shows the new name)
 *                             └─ error ─► editing (the server's words, else SAVE_FAILED; the fields kept)
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { MAX } from '../../contracts/codecs';
import type { ProfileSaved } from '../../contracts/account';
import { networkWords, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';

export const FIRST_NAME_REQUIRED = 'First name is required.';
export const LAST_NAME_REQUIRED = 'Last name is required.';
export const SAVE_FAILED = 'We could not save your name. Please try again.';
export const SAVED = 'Your name was saved.';

export interface ProfileForm {
  firstName: string;
  lastName: string;
}
export type ProfileField = keyof ProfileForm;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

export function validateProfile(form: ProfileForm): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!form.firstName.trim()) errors.firstName = FIRST_NAME_REQUIRED;
  if (!form.lastName.trim()) errors.lastName = LAST_NAME_REQUIRED;
  return errors;
}

export interface AccountProfileContext extends ProfileForm {
  errors: ProfileErrors;
  error: string | null;
}
export type AccountProfileEvent = { type: 'CHANGE'; field: ProfileField; value: string } | { type: 'SUBMIT' };

export const accountProfileMachine = setup({
  types: {
    context: {} as AccountProfileContext,
    events: {} as AccountProfileEvent,
    input: {} as ProfileForm,
    children: {} as { saveProfile: 'saveProfile' },
  },
  actors: { saveProfile: toProvide<ProfileSaved, ProfileForm>('saveProfile') },
  guards: { formValid: ({ context }) => Object.keys(validateProfile(context)).length === 0 },
  actions: {
    notify,
    /** The name changed (provided: the session re-reads the account). */
    saved: () => {},
  },
}).createMachine({
  id: 'accountProfile',
  context: ({ input }) => ({ firstName: input.firstName, lastName: input.lastName, errors: {}, error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => ({
            [event.field]: event.value.slice(0, MAX.name),
            error: null,
            errors: { ...context.errors, [event.field]: undefined },
          })),
        },
        SUBMIT: [
          { guard: 'formValid', target: 'saving', actions: assign({ errors: {}, error: null }) },
          { actions: assign(({ context }) => ({ errors: validateProfile(context) })) },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => ({ firstName: context.firstName.trim(), lastName: context.lastName.trim() }),
        onDone: {
          target: 'editing',
          actions: [
            assign({
              firstName: ({ event }) => event.output.firstName,
              lastName: ({ event }) => event.output.lastName,
            }),
            { type: 'notify', params: { message: SAVED, kind: 'success' as const } },
            'saved',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({
            error: ({ event }) => serverWords(event.error) ?? networkWords(event.error) ?? SAVE_FAILED,
          }),
        },
      },
    },
  },
});

export type AccountProfileSnapshot = SnapshotFrom<typeof accountProfileMachine>;
