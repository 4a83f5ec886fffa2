/**
 * Asking for a password reset link at /forgot-password (docs/accounts.md §Forgot password). The answer is the same
 * whether or not an account uses the address, so the page says only that a link is on its way if one does.
 *
 *   editing ─CHANGE─► editing (the address; an earlier error cleared)
 *   editing ─SUBMIT (not an address)─► editing (INVALID_EMAIL under the field)
 *   editing ─SUBMIT─► sending ─┬─ done ──► sent (the address and where mail goes: sandbox or a real server)
 *                              └─ error ─► editing (the server's words: too many requests…; else SEND_FAILED)
 *   sent ─AGAIN─► editing (the address kept, to fix a typo or ask again)
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { isEmail } from '../../contracts/codecs';
import type { LinkSent, MailDelivery } from '../../contracts/account';
import { toProvide } from '../shared/to-provide';
import { networkWords, serverWords } from '../shared/api-error';

export const INVALID_EMAIL = 'Enter a valid email address.';
export const SEND_FAILED = 'We could not send the link. Please try again.';

export interface ForgotPasswordContext {
  email: string;
  fieldError: string | null;
  error: string | null;
  delivery: MailDelivery | null;
}
export type ForgotPasswordEvent = { type: 'CHANGE'; email: string } | { type: 'SUBMIT' } | { type: 'AGAIN' };

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    children: {} as { requestLink: 'requestLink' },
  },
  actors: {
    requestLink: toProvide<LinkSent, { email: string }>('requestLink'),
  },
  guards: {
    validEmail: ({ context }) => isEmail(context.email),
  },
}).createMachine({
  id: 'forgotPassword',
  context: { email: '', fieldError: null, error: null, delivery: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: { actions: assign({ email: ({ event }) => event.email, fieldError: null, error: null }) },
        SUBMIT: [{ guard: 'validEmail', target: 'sending' }, { actions: assign({ fieldError: INVALID_EMAIL }) }],
      },
    },
    sending: {
      entry: assign({ error: null, fieldError: null }),
      invoke: {
        id: 'requestLink',
        src: 'requestLink',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: { target: 'sent', actions: assign({ delivery: ({ event }) => event.output.delivery }) },
        onError: {
          target: 'editing',
          actions: assign({
            error: ({ event }) => serverWords(event.error) ?? networkWords(event.error) ?? SEND_FAILED,
          }),
        },
      },
    },
    sent: {
      on: { AGAIN: 'editing' },
    },
  },
});

export type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;
