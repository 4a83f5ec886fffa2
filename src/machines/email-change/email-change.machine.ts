/**
 * The e-mail change of the account page (docs/accounts.md §E-mail change): the new address and the current password
 * ask for a link to the new address; until it is used the change is pending (shown with its address), and can be sent
 * again or cancelled. The same answer whether or not another account uses the address.
 *
 *   loading (GET the pending change) ─none─► idle | ─pending─► pending | ─error─► unavailable ─RETRY─► loading
 *   idle ─EDIT─► editing · pending ─EDIT (send again: the pending address filled in)─► editing
 *   editing: CHANGE email / password; SUBMIT (an address, not the current one; a password) ─► sending;
 *            CANCEL ─► pending (one is waiting) | idle
 *   sending ─ok─► pending ("Check your inbox"; the password emptied)
 *           └─error─► editing (a wrong password or a refused address under its field; else the server's words or
 *                     SEND_FAILED; the fields kept)
 *   pending ─CANCEL_CHANGE─► cancelling ─ok─► idle (CANCELLED notice) | ─error─► pending (CANCEL_FAILED)
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { isEmail, MAX } from '../../contracts/codecs';
import type { MailDelivery } from '../../contracts/account';
import {
  SAME_EMAIL,
  type EmailChangeCancelled,
  type EmailChangeRequest,
  type EmailChangeSent,
  type EmailChangeStatus,
  type PendingEmail,
} from '../../contracts/email-change';
import { apiFailure, networkWords, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';

export const INVALID_EMAIL = 'Enter a valid email address.';
export const PASSWORD_REQUIRED = 'Enter your current password.';
export const SEND_FAILED = 'We could not send the link. Please try again.';
export const CANCEL_FAILED = 'We could not cancel the change. Please try again.';
export const STATUS_UNAVAILABLE = 'We could not load your email change. Please try again.';
export const CANCELLED = 'The email change was cancelled.';

export interface EmailChangeForm {
  email: string;
  password: string;
}
export type EmailChangeField = keyof EmailChangeForm;
export type EmailChangeErrors = Partial<Record<EmailChangeField, string>>;

/** The rules the server applies (server/areas/auth/email-change.ts), mirrored in the form. */
export function validateEmailChange(form: EmailChangeForm, currentEmail: string): EmailChangeErrors {
  const errors: EmailChangeErrors = {};
  const email = form.email.trim().toLowerCase();
  if (!isEmail(email) || email.length > MAX.email) errors.email = INVALID_EMAIL;
  else if (email === currentEmail.toLowerCase()) errors.email = SAME_EMAIL;
  if (!form.password) errors.password = PASSWORD_REQUIRED;
  return errors;
}

export interface EmailChangeContext extends EmailChangeForm {
  currentEmail: string;
  pending: PendingEmail | null;
  delivery: MailDelivery | null;
  errors: EmailChangeErrors;
  error: string | null;
}
export type EmailChangeEvent =
  | { type: 'EDIT' }
  | { type: 'CHANGE'; field: EmailChangeField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'CANCEL_CHANGE' }
  | { type: 'RETRY' };

/** A refusal naming a field (wrong_password, the address) goes under it; anything else above the buttons. */
const refusal = (error: unknown) => {
  const words = serverWords(error) ?? networkWords(error) ?? SEND_FAILED;
  const fields = apiFailure(error)?.fields ?? [];
  const field = fields.includes('password') ? 'password' : fields.includes('email') ? 'email' : null;
  return field && serverWords(error) ? { errors: { [field]: words }, error: null } : { errors: {}, error: words };
};

export const emailChangeMachine = setup({
  types: {
    context: {} as EmailChangeContext,
    events: {} as EmailChangeEvent,
    input: {} as { currentEmail: string },
    children: {} as {
      loadEmailChange: 'loadEmailChange';
      requestChange: 'requestChange';
      cancelChange: 'cancelChange';
    },
  },
  actors: {
    loadEmailChange: toProvide<EmailChangeStatus, void>('loadEmailChange'),
    requestChange: toProvide<EmailChangeSent, EmailChangeRequest>('requestChange'),
    cancelChange: toProvide<EmailChangeCancelled, void>('cancelChange'),
  },
  guards: {
    hasPending: ({ context }) => context.pending !== null,
    pendingIn: (_, status: EmailChangeStatus) => status.pending !== null,
    formValid: ({ context }) => Object.keys(validateEmailChange(context, context.currentEmail)).length === 0,
  },
  actions: { notify },
}).createMachine({
  id: 'emailChange',
  context: ({ input }) => ({
    currentEmail: input.currentEmail,
    email: '',
    password: '',
    pending: null,
    delivery: null,
    errors: {},
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadEmailChange',
        src: 'loadEmailChange',
        onDone: [
          {
            guard: { type: 'pendingIn', params: ({ event }) => event.output },
            target: 'pending',
            actions: assign({ pending: ({ event }) => event.output.pending }),
          },
          { target: 'idle', actions: assign({ pending: null }) },
        ],
        onError: { target: 'unavailable' },
      },
    },
    unavailable: { on: { RETRY: 'loading' } },
    idle: {
      on: { EDIT: { target: 'editing', actions: assign({ email: '', password: '', errors: {}, error: null }) } },
    },
    editing: {
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => ({
            [event.field]: event.value,
            errors: { ...context.errors, [event.field]: undefined },
            error: null,
          })),
        },
        SUBMIT: [
          { guard: 'formValid', target: 'sending', actions: assign({ errors: {}, error: null }) },
          { actions: assign(({ context }) => ({ errors: validateEmailChange(context, context.currentEmail) })) },
        ],
        CANCEL: [
          { guard: 'hasPending', target: 'pending', actions: assign({ password: '', errors: {}, error: null }) },
          { target: 'idle', actions: assign({ password: '', errors: {}, error: null }) },
        ],
      },
    },
    sending: {
      invoke: {
        id: 'requestChange',
        src: 'requestChange',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: {
          target: 'pending',
          actions: assign({
            pending: ({ event }) => event.output.pending,
            delivery: ({ event }) => event.output.delivery,
            password: '',
          }),
        },
        onError: { target: 'editing', actions: assign(({ event }) => refusal(event.error)) },
      },
    },
    pending: {
      on: {
        EDIT: {
          target: 'editing',
          actions: assign(({ context }) => ({
            email: context.pending?.email ?? '',
            password: '',
            errors: {},
            error: null,
          })),
        },
        CANCEL_CHANGE: { target: 'cancelling', actions: assign({ error: null }) },
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelChange',
        src: 'cancelChange',
        onDone: {
          target: 'idle',
          actions: [
            assign({ pending: null, delivery: null }),
            { type: 'notify', params: { message: CANCELLED, kind: 'success' as const } },
          ],
        },
        onError: {
          target: 'pending',
          actions: assign({
            error: ({ event }) => serverWords(event.error) ?? networkWords(event.error) ?? CANCEL_FAILED,
          }),
        },
      },
    },
  },
});

export type EmailChangeSnapshot = SnapshotFrom<typeof emailChangeMachine>;
